import { Worker } from 'node:worker_threads';
const w = new Worker(`import('tsx/esm/api').then(({register}) => { register(); return import(${JSON.stringify(new URL('./w2.ts', import.meta.url).href)}); })`, { eval: true });
w.on('message', (m) => { console.log('got', m); w.terminate(); });
w.on('error', (e) => console.log('err', e.message));

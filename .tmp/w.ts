import { Worker } from 'node:worker_threads';
console.log(process.execArgv);
const w = new Worker(new URL('./w2.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
w.on('message', (m) => { console.log('got', m); w.terminate(); });
w.on('error', (e) => console.log('err', e.message));

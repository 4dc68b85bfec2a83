/**
 * Worker threads that run TypeScript modules. The product runs through tsx, whose loader is
 * registered per thread: a new thread registers it before importing the worker module.
 */
import { Worker } from 'node:worker_threads';

export function tsWorker(module: URL, workerData: unknown): Worker {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

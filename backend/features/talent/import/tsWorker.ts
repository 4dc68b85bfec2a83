/**
 * Worker threads that run TypeScript modules. The product runs through tsx, whose loader is
 * registered per thread: a new thread registers it before importing the worker module.
 */
import { Worker } from 'node:worker_threads';

export function tsWorker(module: URL, workerData: unknown): Worker {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`;
  // A larger young generation: checking allocates many short-lived objects, and the default
  // semi-space makes the thread spend a fifth of its time collecting them.
  return new Worker(boot, { eval: true, workerData, resourceLimits: { maxYoungGenerationSizeMb: 256 } });
}

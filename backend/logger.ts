/**
 * The one logger. A line written while a request or a job is handled carries its id (`reqId`, and
 * `job` with `task` in a job), whoever writes it: the ids live in an AsyncLocalStorage that the
 * request's first middleware and the worker's task wrapper open, and pino's mixin reads it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export interface LogContext {
  reqId?: string;
  job?: string;
  task?: string;
  /** The declared route, once routing found it (for the statements' metrics, not logged). */
  route?: string;
}

export const logContext = new AsyncLocalStorage<LogContext>();

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  mixin: () => {
    const store = logContext.getStore();
    if (!store) return {};
    const { reqId, job, task } = store;
    return job ? { reqId, job, task } : { reqId };
  },
});

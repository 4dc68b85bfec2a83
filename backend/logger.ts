/**
 * The one logger. A line written while a request or a job is handled carries its id (`reqId`, and
 * `job` with `task` in a job), whoever writes it: the ids live in an AsyncLocalStorage that the
 * request's first middleware and the worker's task wrapper open, and pino's mixin reads it. An
 * error is logged by its kind and its redacted message (`errorForLog`): no statement with its
 * values, no email address.
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

/** An email address inside a line of text. */
const EMAIL = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+\.[A-Za-z]{2,}/g;
/** A database error's message as the query builder writes it: the statement, its values filled in, then " - ". */
const STATEMENT = /^\s*(select|insert|update|delete|with|create|alter|drop|copy)\b[\s\S]* - /i;

/**
 * Text fit for the log: no statement with its values, no email address. The log outlives the people it might name
 * (an erased candidate's address in a failed statement) and is read by more people than the data.
 */
export function redact(text: string): string {
  return text.replace(STATEMENT, '').replace(EMAIL, '<email>');
}

/**
 * What the log keeps of an error (pino's serializer for `err` and `error`): its kind, code, status and redacted
 * message, and a few frames; never what it carried (a mail server's rejected recipients, a statement's values).
 */
export function errorForLog(err: unknown): unknown {
  if (typeof err === 'string') return redact(err);
  if (!err || typeof err !== 'object') return err;
  const e = err as Error & { code?: unknown; status?: unknown; responseCode?: unknown };
  // The frames only: a stack starts with the message, which may run over many lines (a statement with its values).
  const frames =
    typeof e.stack === 'string'
      ? e.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 5)
          .join('\n')
      : undefined;
  return {
    type: e.name ?? e.constructor?.name,
    message: redact(String(e.message ?? '')),
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
    ...(frames ? { stack: frames } : {}),
  };
}

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  serializers: { err: errorForLog, error: errorForLog },
  mixin: () => {
    const store = logContext.getStore();
    if (!store) return {};
    const { reqId, job, task } = store;
    return job ? { reqId, job, task } : { reqId };
  },
});

/**
 * The one error envelope: {"error":{"code","message","fields":{"<field>":"<message key>"}}}.
 * Handlers throw AppError; the error middleware turns everything else into a 4xx where the
 * cause is the request, and a logged 500 only for real faults. A request its client abandoned
 * (ECONNABORTED) is answered with nothing and logged at debug level only.
 */
import type { ErrorRequestHandler } from 'express';
import { t } from '../i18n';
import { entities, fieldOf } from '../schema';
import { logger } from './logger';

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  /** Headers the answer carries (Retry-After on a 429 or 503). */
  headers?: Record<string, string>;

  constructor(
    public readonly status: number,
    public readonly code: string,
    message?: string,
    public readonly fields?: FieldErrors,
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message ?? t(code));
  }
}

export const badRequest = (fields: FieldErrors, code = 'errors.validation') =>
  new AppError(400, code, undefined, fields);
export const unauthorized = (code = 'errors.unauthorized') => new AppError(401, code);
export const forbidden = (code = 'errors.forbidden') => new AppError(403, code);
export const notFound = (code = 'errors.notFound') => new AppError(404, code);

interface PgError {
  code?: string;
  message?: string;
  routine?: string;
  detail?: string;
  constraint?: string;
  column?: string;
  table?: string;
}

/** The message key a duplicate value of `field` in `table` is reported with: the field's declared uniqueMessage or '<field>.errors.exists'. */
function uniqueMessage(table: string | undefined, field: string): string {
  return entities.find((e) => e.table === table)?.fields[field]?.uniqueMessage ?? `${field}.errors.exists`;
}

/** Turns constraint violations that a concurrent request can still cause into field errors, and lock conflicts into 409. */
export function fromDatabaseError(err: unknown): AppError | undefined {
  // Objection wraps driver errors (UniqueViolationError, ...) and keeps the original as nativeError.
  const e = ((err as { nativeError?: unknown } | undefined)?.nativeError ?? err) as PgError;
  if (!e || typeof e !== 'object') return undefined;
  const key = /Key \(([^)]+)\)/.exec(e.detail ?? '')?.[1];
  const field = key ? fieldOf(key.replace(/^lower\((.*)\)$/, '$1')) : undefined;
  if (e.code === '23505' && field) return badRequest({ [field]: uniqueMessage(e.table, field) });
  if (e.code === '23503' && field && /is not present/.test(e.detail ?? ''))
    return badRequest({ [field]: `${field}.errors.notFound` });
  if (e.code === '23503') return new AppError(409, 'errors.inUse');
  if (e.code === '23502' && e.column)
    return badRequest({ [fieldOf(e.column)]: `${fieldOf(e.column)}.errors.required` });
  // A deadlock (40P01: PostgreSQL broke it by failing this transaction) or a NOWAIT lock found taken (55P03): another
  // request was changing the same rows at the same moment. Nothing was written; trying again is the answer.
  if (e.code === '40P01' || e.code === '55P03') return new AppError(409, 'errors.busy');
  // Class 22 is PostgreSQL's "data exception": a value it cannot take (NUL in text, a date out of
  // range, a number too large, malformed input), so the request is at fault.
  if (typeof e.code === 'string' && e.code.startsWith('22')) return badRequest({}, 'errors.invalidValue');
  return undefined;
}

/**
 * What the log keeps of an error: a database error by its code, message and table, never the
 * statement with its values (knex puts the whole SQL, personal data included, in the message).
 */
export function loggable(err: unknown): Record<string, unknown> {
  const native = (err as { nativeError?: unknown } | undefined)?.nativeError ?? err;
  const pg = native as PgError & { severity?: string };
  if (pg && typeof pg === 'object' && typeof pg.code === 'string' && typeof pg.severity === 'string') {
    const message = String(pg.message ?? '')
      .split(' - ')
      .pop();
    return {
      db: { code: pg.code, message, table: pg.table, constraint: pg.constraint, routine: pg.routine },
      stack: (err as Error).stack?.split('\n').slice(1, 6).join('\n'),
    };
  }
  return { err };
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  // A request its client abandoned (a page left while its script was still being sent): there is no one to answer,
  // and nothing failed here.
  if ((err as { code?: string }).code === 'ECONNABORTED') {
    logger.debug({ method: req.method, path: req.path }, 'request abandoned by the client');
    return;
  }
  let appErr = err instanceof AppError ? err : fromDatabaseError(err);
  if (appErr && !(err instanceof AppError))
    logger.warn({ ...loggable(err), method: req.method, path: req.path }, 'request refused by the database');
  const status = (err as { status?: number; type?: string }).status;
  if (!appErr && (err as { type?: string }).type === 'entity.parse.failed')
    appErr = new AppError(400, 'errors.invalidJson');
  if (!appErr && (err as { type?: string }).type === 'entity.too.large') appErr = new AppError(413, 'errors.tooLarge');
  if (!appErr && status && status >= 400 && status < 500) appErr = new AppError(status, 'errors.badRequest');
  if (!appErr) {
    logger.error({ ...loggable(err), method: req.method, path: req.path }, 'unhandled error');
    appErr = new AppError(500, 'errors.internalServerError');
  }
  if (res.headersSent) return;
  if (appErr.headers) res.set(appErr.headers);
  res.status(appErr.status).json({
    error: {
      code: appErr.code,
      message: appErr.message,
      ...(appErr.fields ? { fields: appErr.fields } : {}),
      ...appErr.extra,
    },
  });
};

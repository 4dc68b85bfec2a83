/**
 * The one error envelope: {"error":{"code","message","fields":{"<field>":"<message key>"}}}.
 * Handlers throw AppError; the error middleware turns everything else into a 4xx where the
 * cause is the request, and a logged 500 only for real faults.
 */
import type { ErrorRequestHandler } from 'express';
import { t } from '../portal/i18n';
import { logger } from './logger';

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
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

export const badRequest = (fields: FieldErrors, code = 'errors.validation') => new AppError(400, code, undefined, fields);
export const unauthorized = (code = 'errors.unauthorized') => new AppError(401, code);
export const forbidden = (code = 'errors.forbidden') => new AppError(403, code);
export const notFound = (code = 'errors.notFound') => new AppError(404, code);

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
  column?: string;
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Turns constraint violations that a concurrent request can still cause into field errors. */
export function fromDatabaseError(err: unknown): AppError | undefined {
  const e = err as PgError;
  const key = /Key \(([^)]+)\)/.exec(e.detail ?? '')?.[1];
  const field = key ? camel(key.replace(/^lower\((.*)\)$/, '$1')) : undefined;
  if (e.code === '23505' && field) return badRequest({ [field]: `${field}.errors.exists` });
  if (e.code === '23503' && field && /is not present/.test(e.detail ?? '')) return badRequest({ [field]: `${field}.errors.notFound` });
  if (e.code === '23503') return new AppError(409, 'errors.inUse');
  if (e.code === '23502' && e.column) return badRequest({ [camel(e.column)]: `${camel(e.column)}.errors.required` });
  if (e.code === '22P02' || e.code === '22003' || e.code === '22007' || e.code === '22008') return badRequest({}, 'errors.invalidValue');
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let appErr = err instanceof AppError ? err : fromDatabaseError(err);
  const status = (err as { status?: number; type?: string }).status;
  if (!appErr && (err as { type?: string }).type === 'entity.parse.failed') appErr = new AppError(400, 'errors.invalidJson');
  if (!appErr && (err as { type?: string }).type === 'entity.too.large') appErr = new AppError(413, 'errors.tooLarge');
  if (!appErr && status && status >= 400 && status < 500) appErr = new AppError(status, 'errors.badRequest');
  if (!appErr) {
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    appErr = new AppError(500, 'errors.internalServerError');
  }
  if (res.headersSent) return;
  res.status(appErr.status).json({
    error: { code: appErr.code, message: appErr.message, ...(appErr.fields ? { fields: appErr.fields } : {}), ...appErr.extra },
  });
};

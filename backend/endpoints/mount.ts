/**
 * Mounts declared endpoints on an Express router. For every call, in order: the type-level access
 * check (401 logged out, 403 otherwise), the upload, the input (every problem of params, query and
 * body at once, as field errors), the row through the caller's abilities (404 out of reach, 403
 * refused), the rate limits, then the handler; its result is sent as JSON.
 */
import { subject as asSubject } from '@casl/ability';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import type { z } from 'zod';
import { entity as entityNamed } from '../../schema';
import { parseId } from '../../schema/lib/ids';
import { fieldErrorsOfIssues, ruleMessage, type FieldErrors } from '../../schema/validation/issues';
import { enforceRateLimits } from '../auth/rateLimit';
import { assertCleanInput } from '../http/inputGuard';
import { findRow, readable, selectRows } from '../crud/router';
import type { Row } from '../crud/serialize';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../errors';
import { abilityFor, type AppAbility } from '../../schema/ability';
import { t } from '../../i18n';
import { passesAccess, type Call, type Endpoint, type IdSource, type UploadSpec } from './define';

function assertAccess(endpoint: Endpoint, req: Request, ability: AppAbility): void {
  const guest = req.actor.role === 'guest';
  if (!passesAccess(endpoint.access, guest, ability)) throw guest ? unauthorized() : forbidden();
}

/** Text parts a multipart form may have unless its upload declares more (UploadSpec.fields). */
const DEFAULT_FIELDS = 30;

/** Multer's refusals as the upload message keys of the envelope. */
function receive(spec: UploadSpec, req: Request, res: Response): Promise<void> {
  const maxBytes = typeof spec.maxBytes === 'function' ? spec.maxBytes(req.ctx.config) : spec.maxBytes;
  const handler = multer({
    storage: multer.memoryStorage(),
    // Browsers send a file's name as raw UTF-8 in filename="…"; multer's default reads it as Latin-1.
    defParamCharset: 'utf8',
    limits: { files: 1, fileSize: maxBytes, fields: spec.fields?.max ?? DEFAULT_FIELDS, fieldSize: 64 * 1024 },
  }).any();
  return new Promise((resolve, reject) => {
    handler(req, res, (err: unknown) => {
      if (!err) return resolve();
      const code = (err as { code?: string }).code;
      const field = spec.field;
      const tooMany = spec.refusals?.tooManyKey ?? 'upload.errors.tooManyFiles';
      const tooLarge = spec.refusals?.tooLargeKey ?? 'upload.errors.tooLarge';
      if (code === 'LIMIT_FILE_SIZE')
        return reject(new AppError(spec.refusals?.tooLargeStatus ?? 413, tooLarge, undefined, { [field]: tooLarge }));
      if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE')
        return reject(badRequest({ [field]: tooMany }, tooMany));
      // Too many text parts is a problem of the list sent as parts, not of the file.
      if (code === 'LIMIT_FIELD_COUNT' && spec.fields)
        return reject(badRequest({ [spec.fields.field]: spec.fields.key }, spec.fields.key));
      reject(badRequest({ [field]: 'upload.errors.invalid' }, 'upload.errors.invalid'));
    });
  });
}

function uploadedFile(spec: UploadSpec, req: Request): Express.Multer.File | undefined {
  const files = (req.files ?? []) as Express.Multer.File[];
  const tooMany = spec.refusals?.tooManyKey ?? 'upload.errors.tooManyFiles';
  const stray = files.find((f) => f.fieldname !== spec.field);
  // A lone file under another name is a misnamed field, told as such: "one file at a time" would mislead.
  if (stray && files.length === 1) {
    const key = 'upload.errors.unexpectedField';
    throw new AppError(400, key, t(key, { name: stray.fieldname, field: spec.field }), { [stray.fieldname]: key });
  }
  if (stray) throw badRequest({ [spec.field]: tooMany }, tooMany);
  if (!files.length && spec.required)
    throw badRequest({ [spec.field]: 'upload.errors.required' }, 'upload.errors.required');
  return files[0];
}

/**
 * A part's problems as field errors. A key a strict object refuses (z.strictObject: an endpoint whose
 * silently dropped key would change what happens, e.g. a misspelt `when`) is reported at its own
 * name as 'errors.unknownField', never dropped.
 */
function parsePart(schema: z.ZodType | undefined, raw: unknown, errors: FieldErrors): unknown {
  if (!schema) return {};
  const result = schema.safeParse(raw ?? {}, { error: ruleMessage });
  if (result.success) return result.data;
  const unknown: FieldErrors = {};
  for (const issue of result.error.issues)
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys) unknown[[...issue.path, key].map(String).join('.')] = 'errors.unknownField';
  Object.assign(
    errors,
    fieldErrorsOfIssues(result.error.issues.filter((i) => i.code !== 'unrecognized_keys')),
    unknown,
  );
  return undefined;
}

function idOf(
  source: IdSource,
  parts: { params: unknown; query: unknown; body: unknown },
): { raw: unknown; key: string; inPath: boolean } {
  if ('params' in source)
    return { raw: (parts.params as Record<string, unknown>)[source.params], key: source.params, inPath: true };
  if ('query' in source)
    return { raw: (parts.query as Record<string, unknown>)[source.query], key: source.query, inPath: false };
  return { raw: (parts.body as Record<string, unknown>)[source.body], key: source.body, inPath: false };
}

async function loadRow(
  endpoint: Endpoint,
  req: Request,
  ability: AppAbility,
  parts: { params: unknown; query: unknown; body: unknown },
): Promise<Row | undefined> {
  const spec = endpoint.row;
  if (!spec) return undefined;
  const entity = entityNamed(spec.entity);
  const { raw, key, inPath } = idOf(spec.from ?? { params: 'id' }, parts);
  const id = typeof raw === 'number' ? raw : parseId(entity, raw);
  if (id === undefined) {
    if (inPath) throw notFound();
    throw badRequest({ [key]: raw === undefined || raw === '' ? `${key}.errors.required` : `${key}.errors.invalid` });
  }
  const scope = spec.scope ?? spec.action;
  const row =
    scope === false ? await unscopedRow(req, entity.name, id) : await findRow(req.ctx.knex, entity, req, id, scope);
  if (!row) throw notFound();
  if (spec.reach && !(await spec.reach({ knex: req.ctx.knex, ability, actor: req.actor }, row))) throw notFound();
  if (!ability.can(spec.action, asSubject(entity.subject, { ...row }), spec.field)) {
    throw spec.forbidden ? new AppError(403, spec.forbidden) : forbidden();
  }
  return row;
}

/** The row whatever the caller may see; only for rows whose refusal has its own answer (downloads). */
async function unscopedRow(req: Request, entityName: string, id: number): Promise<Row | undefined> {
  const entity = entityNamed(entityName);
  const found = await selectRows(req.ctx.knex, entity).where(`${entity.table}.id`, id).first();
  return found ? (found.toJSON() as Row) : undefined;
}

function handlerOf(endpoint: Endpoint): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const ability = abilityFor(req.actor);
    assertAccess(endpoint, req, ability);
    const upload = endpoint.upload;
    if (upload) {
      await receive(upload, req, res);
      // Multipart text parts are parsed here, after the request guard: the same text check applies.
      assertCleanInput(req.body);
    }
    const file = upload ? uploadedFile(upload, req) : undefined;
    const errors: FieldErrors = {};
    const params = parsePart(endpoint.input?.params, req.params, errors);
    const query = parsePart(endpoint.input?.query, req.query, errors);
    const body = parsePart(endpoint.input?.body, req.body, errors);
    if (Object.keys(errors).length) {
      // An id in the path that does not parse names nothing that exists.
      if (Object.keys(errors).some((k) => k in (req.params ?? {}) && (k === 'id' || /Id$/.test(k)))) throw notFound();
      throw badRequest(errors);
    }
    const row = await loadRow(endpoint, req, ability, {
      params: { ...req.params, ...(params as object) },
      query,
      body,
    });
    const call: Call = {
      params,
      query,
      body,
      row,
      file,
      actor: req.actor,
      ability,
      ctx: req.ctx,
      record: (entityName: string, r: Row) => readable(entityNamed(entityName), ability, r),
      req,
      res,
      next,
    } as unknown as Call;
    if (endpoint.limits)
      await enforceRateLimits(req.ctx.knex, req.ctx.config.rateLimit.windowMinutes, endpoint.limits(call));
    const result = await endpoint.handler(call);
    if (endpoint.raw || res.headersSent) return;
    res.status(endpoint.status ?? 200).json(result ?? { success: true });
  };
}

/** A router with every endpoint at its declared method and path. */
export function mountEndpoints(endpoints: readonly Endpoint[]): Router {
  const router = Router();
  const seen = new Set<string>();
  for (const endpoint of endpoints) {
    const key = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
    if (seen.has(key)) throw new Error(`Endpoint declared twice: ${key}`);
    seen.add(key);
    router[endpoint.method](endpoint.path, handlerOf(endpoint));
  }
  return router;
}

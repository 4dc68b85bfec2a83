/**
 * A capability endpoint is declared as data, the way an entity is: its method and path, who may
 * call it (an action on a subject, checked through the one ability, and the row when there is
 * one), the zod schemas of its input, optional uploads and rate limits, and a handler that gets
 * validated camelCase input and the actor. mountEndpoints (mount.ts) does the rest: 401/403/400
 * in the one envelope, id parsing, row loading, serialisation, and the list the fuzz suite reads.
 *
 *   export const userStats = defineEndpoint({
 *     method: 'get', path: '/company-users/user-stat', summary: 'Team counts',
 *     access: { action: 'create', subject: 'CompanyUser' },
 *     input: { query: z.object({ companyId: refId('company').optional() }) },
 *     handler: async ({ query, ability, ctx }) => ({ totalCount: ... }),
 *   });
 */
import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import type { Action } from '../../schema';
import type { Actor } from '../../schema/roles';
import type { Limit } from '../auth/rateLimit';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Row } from '../crud/serialize';
import type { AppAbility } from '../../schema/ability';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call. 'public': anyone, logged out included. 'signedIn': any signed-in person.
 * Otherwise the caller's ability must allow `action` on `subject` (the type; a declared `row`
 * is then checked too). Logged-out callers refused get 401, signed-in ones 403.
 */
export type Access = 'public' | 'signedIn' | { action: Action; subject: string; field?: string };

/** Whether a caller (`guest` when logged out) with `ability` passes `access`: what mount.ts checks before each call. */
export function passesAccess(access: Access, guest: boolean, ability: AppAbility): boolean {
  if (access === 'public') return true;
  if (access === 'signedIn') return !guest;
  return ability.can(access.action, access.subject, access.field);
}

/** Where a row's id is read: a path parameter, or a key of the validated query or body. */
export type IdSource = { params: string } | { query: string } | { body: string };

/** The one row an endpoint acts on, loaded through the caller's abilities. */
export interface RowAccess {
  /** Entity name, e.g. 'candidate'. */
  entity: string;
  /** Default: the path parameter `id`. An id that does not parse is 404 in the path, 400 elsewhere. */
  from?: IdSource;
  /** The action checked on the loaded row (with `field` when given). */
  action: Action;
  field?: string;
  /**
   * The action the loading query is limited by in SQL (rows outside it are 404); default `action`.
   * `false` loads any row and answers 403 (`forbidden`) when the action is not allowed on it.
   */
  scope?: Action | false;
  /** The message key of the 403 when the row exists but the action is refused, e.g. 'downloadForbidden'. */
  forbidden?: string;
  /**
   * Whether the caller reaches the row at all, asked before the action: a row it does not reach is
   * 404, the same answer as an id that names nothing, so a 403 never tells which ids exist.
   */
  reach?: (ctx: { knex: AppContext['knex']; ability: AppAbility; actor: Actor }, row: Row) => Promise<boolean>;
}

/** A multipart upload taken into memory before validation; text parts become the body. */
export interface UploadSpec {
  /** The file part's name, e.g. 'file' or 'profilePicEdit'. */
  field: string;
  /** Largest file, in bytes. */
  maxBytes: number | ((config: Config) => number);
  /** Whether a request without the file is refused ('upload.errors.required'). */
  required?: boolean;
  /**
   * Where an endpoint's refusals were published differently: a too-large file's status (413) and key
   * ('upload.errors.tooLarge'), and the key for extra files.
   */
  refusals?: { tooLargeStatus?: number; tooLargeKey?: string; tooManyKey?: string };
  /**
   * The form's text parts when more than 30 may come (a list sent as one part per item): at most `max`, the largest
   * form the input accepts; a form with more is refused on `field` as `key`, as the input refuses too long a list.
   */
  fields?: { max: number; field: string; key: string };
}

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface Call<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends RowAccess | undefined = undefined,
> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** The row named by `row`, as the model reads it (camelCase, plain ids). */
  row: R extends RowAccess ? Row : undefined;
  /** The uploaded file, when `upload` is declared and one was sent. */
  file?: Express.Multer.File;
  actor: Actor;
  ability: AppAbility;
  ctx: AppContext;
  /** The record as this caller may read it: prefixed ids, hidden and unreadable fields left out. */
  record(entity: string, row: Row): Record<string, unknown>;
  req: Request;
  res: Response;
  next: NextFunction;
}

export interface EndpointDef<P extends Schema, Q extends Schema, B extends Schema, R extends RowAccess | undefined> {
  method: Method;
  /** The path under /api/v1, in Express syntax: '/candidates/:id/pause'. */
  path: string;
  /** One line on what it does, for the map of endpoints. */
  summary: string;
  access: Access;
  input?: { params?: P; query?: Q; body?: B };
  row?: R;
  upload?: UploadSpec;
  /** Rate limits counted after validation, before the handler (429 errors.tooManyRequests). */
  limits?: (call: Call<P, Q, B, R>) => Limit[];
  /** Success status; default 200. */
  status?: number;
  /** The handler writes the response itself (files, streams, redirects); its return value is ignored. */
  raw?: boolean;
  /** The result is sent as JSON (`{success: true}` when undefined). */
  handler(call: Call<P, Q, B, R>): unknown;
}

// Endpoints of every shape live in one list: the mounting code only needs the loose form.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Endpoint = EndpointDef<any, any, any, any>;

export function defineEndpoint<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends RowAccess | undefined = undefined,
>(def: EndpointDef<P, Q, B, R>): Endpoint {
  return def as Endpoint;
}

/**
 * The one way the front ends talk to /api/v1: JSON (or multipart) in, JSON out, the session in its
 * httpOnly cookie (never a token a script could read), and the one error envelope turned into an
 * ApiError.
 */

export const API_BASE = '/api/v1';

/** A refused or failed call. `code` and `fields` values are message keys of the catalogue. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields: Record<string, string> = {},
    public readonly flag?: string,
    public readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null | object>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

let onUnauthorized: ((status: 401 | 403) => void) | undefined;

/**
 * Called when a signed-in call answers 401 (the session ended on the server) or 403 (what the person may do may have
 * changed since the page read its session: a role lowered): the page reads its session again. The session check itself
 * never calls it: its caller reads its answer.
 */
export function setUnauthorizedHandler(handler: ((status: 401 | 403) => void) | undefined): void {
  onUnauthorized = handler;
}

const SESSION_CHECK = 'auth/check/user';

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function errorFrom(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> | undefined;
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  const envelope = (body?.error ?? {}) as {
    code?: string;
    message?: string;
    fields?: Record<string, string>;
    flag?: string;
  };
  const code = envelope.code ?? (res.status === 404 ? 'errors.notFound' : 'errors.internalServerError');
  return new ApiError(res.status, code, envelope.message ?? code, envelope.fields ?? {}, envelope.flag, body);
}

export async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // No answer came (offline, a dropped connection, a proxy that gave up): the server may have done what was asked.
    throw new ApiError(0, 'errors.connectionLost', 'errors.connectionLost');
  }
  if (!res.ok) {
    const error = await errorFrom(res);
    // A signed-in call refused as signed out: the session ended on the server (a wrong sign-in code is not that).
    const bare = path.replace(/^\//, '');
    if (res.status === 401 && !bare.startsWith('auth/login') && bare !== SESSION_CHECK) onUnauthorized?.(401);
    // Refused: the person's role may have changed since the page read it (a refused sign-in is not that).
    if (res.status === 403 && !bare.startsWith('auth/')) onUnauthorized?.(403);
    throw error;
  }
  return res;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface ListParams {
  sort?: [string, 'ASC' | 'DESC'];
  range?: [number, number];
  filter?: Record<string, unknown>;
}

/** A simple-rest list: the rows plus the total read from Content-Range. */
export async function apiList<T>(
  path: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<{ data: T[]; total: number }> {
  const res = await send(path, { query: { sort: params.sort, range: params.range, filter: params.filter }, signal });
  const data = (await res.json()) as T[];
  const total = Number(/\/(\d+)$/.exec(res.headers.get('Content-Range') ?? '')?.[1] ?? data.length);
  return { data, total };
}

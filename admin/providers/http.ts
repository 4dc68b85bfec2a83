/**
 * Every request the console makes: JSON over fetch with the session's httpOnly cookie (no token a
 * script could read), and the server's one error envelope turned into react-admin's HttpError so field errors land on
 * their form fields (react-admin reads `body.errors`).
 */
import { fetchUtils, HttpError } from 'react-admin';
import { t } from '../../i18n';
import { isConnectionLost } from '../../ui/api/errors';

export const API_URL = '/api/v1';

interface Envelope {
  error?: { code?: string; message?: string; fields?: Record<string, string>; [extra: string]: unknown };
}

/** Field errors translated for display, plus a form-level message react-admin shows as the notification. */
export function toHttpError(err: unknown): unknown {
  // No answer at all (offline, the server unreachable): fetch's own "Failed to fetch" is no message for
  // a person; the portal's words for it are (ui/api/client.ts, errorMessage).
  if (err instanceof TypeError) return networkFailure();
  if (!(err instanceof HttpError)) return err;
  const envelope = (err.body ?? {}) as Envelope;
  if (!envelope.error) return err;
  // What else the refusal carries (a decided pair's `resolution`) stays in the body beside the code.
  const { code = 'errors.generic', fields = {}, message: said, ...extra } = envelope.error;
  const message = said || t(code);
  const names = Object.keys(fields);
  if (names.length === 0) return new HttpError(message, err.status, { ...extra, code });
  const errors: Record<string, unknown> = Object.fromEntries(names.map((name) => [name, t(fields[name])]));
  errors.root = { serverError: message };
  return new HttpError(message, err.status, { code, errors });
}

/**
 * A call that got no answer at all (offline, the connection dropped), whether fetch's own TypeError or the HttpError
 * httpClient made of it (status 0, as the portal's ApiError has it). Not a fault of the server: the change may or may
 * not have been made, so the console says so in the portal's words (ui/api/errors.ts), never the 5xx text.
 */
export const isNoAnswer = (err: unknown): boolean =>
  isConnectionLost(err) || (err instanceof HttpError && err.status === 0);

/** The words for a call that got no answer, the portal's: the console's one place for them. */
export const connectionLostText = (): string => t('errors.connectionLost');

const networkFailure = () => new HttpError(connectionLostText(), 0, { code: 'errors.connectionLost' });

/** A refused call in words: the first field's message when the server named a field, else the call's own message. */
export function failureMessage(err: unknown): string {
  const body = (err as { body?: { errors?: Record<string, string> } }).body;
  const field = body?.errors && Object.entries(body.errors).find(([k]) => k !== 'root')?.[1];
  if (typeof field === 'string') return field;
  return isNoAnswer(err) ? connectionLostText() : (err as Error).message;
}

export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
  } catch (err) {
    throw toHttpError(err);
  }
}

/** A call outside the data provider (sign-in, session check), answering the parsed JSON body. */
export async function apiCall<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { json } = await httpClient(`${API_URL}${path}`, {
    method: init.method ?? 'GET',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return json as T;
}

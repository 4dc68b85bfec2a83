/** Turning an ApiError into words for a snackbar or a field. */
import { t } from '../../i18n';
import { ApiError } from './client';

/** A catalogue text for a message key, or undefined when the catalogue has none. */
export function known(key: string | undefined): string | undefined {
  if (!key) return undefined;
  const text = t(key);
  return text === key ? undefined : text;
}

/** A call that got no answer at all (status 0: offline, the connection dropped): not a fault of the server. */
export const isConnectionLost = (err: unknown): boolean =>
  (err instanceof ApiError && err.status === 0) || err instanceof TypeError;

/**
 * The text of a failure: the catalogue's words for its code, else the server's message, else the fallback key. Words
 * with placeholders ('in {wait} minutes') are the server's message instead, which has them filled. A call that got no
 * answer says the connection dropped and the change may not have been made, whatever the fallback.
 */
export function errorMessage(err: unknown, fallbackKey = 'errors.internalServerError'): string {
  if (isConnectionLost(err)) return t('errors.connectionLost');
  if (err instanceof ApiError) {
    const served = err.message && err.message !== err.code ? err.message : undefined;
    const text = known(err.code);
    if (text && !(served && /\{\w+/.test(text))) return text;
    return served ?? t(fallbackKey);
  }
  return t(fallbackKey);
}

/**
 * The text of a failure for a toast after an action whose fields are not on screen (a row menu, a bulk bar): the
 * server's field messages, translated and each once, when it named fields (a refusal such as
 * `{users: 'users.errors.pendingInvitation'}` says why under the generic 'errors.validation' code), else
 * errorMessage's text. Forms that show field errors at their fields keep errorMessage for their toast.
 */
export function actionErrorMessage(err: unknown, fallbackKey = 'errors.internalServerError'): string {
  const texts = [...new Set(Object.values(fieldMessages(err)))];
  return texts.length ? texts.join('. ') : errorMessage(err, fallbackKey);
}

/** Field errors of a 400 answer, as texts keyed by field name. */
export function fieldMessages(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(err.fields).map(([field, key]) => [field, t(key)]));
}

/** The first field error's text, for forms that show one message. */
export function firstFieldMessage(err: unknown): string | undefined {
  return Object.values(fieldMessages(err))[0];
}

/** Field errors of a 400 answer as message keys keyed by field name (empty for other failures). */
export function fieldKeys(err: unknown): Record<string, string> {
  return err instanceof ApiError ? { ...err.fields } : {};
}

/** A project's saved search (its `currentUrl`), checked as the search page would take it, whichever route writes it. */
import { ParamError, parseSearchParams } from '../search';

/**
 * The search page's field errors of saved filters ('/search?jt=1&s=aws', 'jt=1'), read as the
 * suggested tab reads them (pipeline's `queryOfUrl`): none when the search would take them.
 */
export function searchErrorsOf(text: string): Record<string, string> {
  const params = new URLSearchParams(text.includes('?') ? text.slice(text.indexOf('?') + 1) : text);
  const query = Object.fromEntries([...new Set(params.keys())].map((key) => [key, params.getAll(key)]));
  try {
    parseSearchParams(query);
    return {};
  } catch (err) {
    if (err instanceof ParamError) return err.fields;
    throw err;
  }
}

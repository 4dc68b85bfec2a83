/**
 * State kept in the address's query. `edit` applies a change to what the address holds when the change is made,
 * not to what was last drawn: the router draws a new address in a transition, which a busy machine can hold back,
 * and a second change made in that moment, built from the query as drawn, would drop the first. (The router's own
 * `setSearchParams(fn)` hands `fn` the query as drawn.)
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

export type AddressEdit<S> = (current: S) => S;

/** The query as drawn, and an edit of the query as the address holds it now. */
export function useAddressParams(): [
  URLSearchParams,
  (edit: AddressEdit<URLSearchParams>, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const edit = useCallback(
    (change: AddressEdit<URLSearchParams>, options?: NavigateOptions) =>
      setParams(change(new URLSearchParams(window.location.search)), options),
    [setParams],
  );
  return [params, edit];
}

/**
 * An edit that sets the given keys (an empty or undefined value removes its key) and, unless the page `p` is among
 * them, goes back to the first page.
 */
export const withQuery =
  (changes: Record<string, string | number | undefined>): AddressEdit<URLSearchParams> =>
  (current) => {
    const next = new URLSearchParams(current);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('p' in changes)) next.delete('p');
    return next;
  };

/** The same over a typed state read from and written to the query. `read` and `write` must be stable. */
export function useAddressState<S>(
  read: (params: URLSearchParams) => S,
  write: (state: S) => URLSearchParams,
): [S, (edit: AddressEdit<S>) => void] {
  const [params, editParams] = useAddressParams();
  const state = useMemo(() => read(params), [read, params]);
  const edit = useCallback(
    (change: AddressEdit<S>) => editParams((current) => write(change(read(current)))),
    [read, write, editParams],
  );
  return [state, edit];
}

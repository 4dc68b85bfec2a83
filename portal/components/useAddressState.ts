/**
 * State kept in the address's query: the state as drawn, and `edit`, which applies a change to what the address holds
 * when the change is made rather than to what was last drawn. The router draws a new address in a transition, which
 * a busy machine can hold back; a second filter picked in that moment, built from the state as drawn, would drop the
 * first one.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type AddressEdit<S> = (current: S) => S;

export function useAddressState<S>(
  read: (params: URLSearchParams) => S,
  write: (state: S) => URLSearchParams,
): [S, (edit: AddressEdit<S>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params), [read, params]);
  const edit = useCallback(
    (change: AddressEdit<S>) => setParams(write(change(read(new URLSearchParams(window.location.search))))),
    [read, write, setParams],
  );
  return [state, edit];
}

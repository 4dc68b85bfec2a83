/**
 * A handler that keeps its identity for the component's life and always runs the latest `fn`: what a
 * memoised child receives, so it is drawn again for its own props only, not for each render of its
 * parent (a project's list rows). Call it from events, not while rendering.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useHandler<Args extends unknown[], Result>(fn: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

/**
 * Runs the search for a query string: at once on the page's first render, then 200 ms after the last change,
 * cancelling any earlier request. The answer is shown as a transition: React renders the result cards in slices
 * of a few milliseconds, so typing and clicking stay responsive while a page of results is drawn.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../ui/api/client';
import { takeOpening } from '../../../ui/api/openingFetch';
import { searchApi, type SearchAnswer } from '../../api/search';

export const DEBOUNCE_MS = 200;

/** The name of a search started before the page's first render (ui/api/openingFetch). */
export const openingKey = (query: string) => `search:${query}`;

export function useSearch(query: string) {
  const [data, setData] = useState<SearchAnswer>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError>();
  const [attempt, setAttempt] = useState(0);
  /** The query the shown answer (or error) is for. */
  const [answered, setAnswered] = useState<string>();
  const controller = useRef<AbortController>(undefined);
  // The first search has nothing to wait for: the debounce only gathers a user's quick successive changes.
  const first = useRef(true);

  useEffect(() => {
    setLoading(true);
    const opening = first.current ? takeOpening<SearchAnswer>(openingKey(query)) : undefined;
    const delay = first.current ? 0 : DEBOUNCE_MS;
    first.current = false;
    const timer = setTimeout(() => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      (opening ?? searchApi.search(new URLSearchParams(query), mine.signal))
        .then((answer) => {
          if (mine.signal.aborted) return;
          startTransition(() => {
            setData(answer);
            setAnswered(query);
            setError(undefined);
            setLoading(false);
          });
        })
        .catch((err: unknown) => {
          if (mine.signal.aborted || (err as Error).name === 'AbortError') return;
          setError(err instanceof ApiError ? err : new ApiError(0, 'errors.internalServerError', String(err)));
          setAnswered(query);
          setLoading(false);
        });
    }, delay);
    return () => clearTimeout(timer);
  }, [query, attempt]);

  useEffect(() => () => controller.current?.abort(), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, loading, error, retry, answered };
}

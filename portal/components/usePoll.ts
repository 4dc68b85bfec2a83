/**
 * Asks the server about something again and again until it settles: the credits page's order after a checkout
 * (PaymentStatus), its bank payments (CardPayments) and an AI match run's progress (AiMatchPage).
 *
 * `look` reads once and says when to read next: a delay in ms, or null to stop. It runs `firstMs` after `key`
 * is set (0: at once), then as it says; a new `key` starts over, a null `key` stops. A look that fails is not the
 * end: it is tried again after 2 s, 4 s, 8 s… (at most `maxBackoffMs`), and the failure is handed back as
 * `error` until a look succeeds, so a page can say "retrying" quietly instead of giving up on a 503 or a
 * dropped connection. Only a 404 stops (`gone`): what is asked about no longer exists, and asking again every
 * few seconds would only repeat it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../ui/api/client';

const BACKOFF_MS = 2000;

export interface PollOptions {
  /** The wait before the first look (0: at once). */
  firstMs?: number;
  /** The longest wait between two failed looks. */
  maxBackoffMs?: number;
}

export interface PollState {
  /** The last look's failure, until a look succeeds (undefined when the last look succeeded). */
  error: unknown;
  /** The last look answered 404: polling stopped. */
  gone: boolean;
}

/** True for an answer that says the thing asked about does not exist. */
export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

export function usePoll(
  key: string | null,
  look: () => Promise<number | null>,
  { firstMs = 0, maxBackoffMs = 30_000 }: PollOptions = {},
): PollState {
  const latest = useRef(look);
  useLayoutEffect(() => {
    latest.current = look;
  });
  // The failure is kept with the key it was met under: another key starts with none.
  const [failure, setFailure] = useState<{ key: string; error: unknown }>();

  useEffect(() => {
    if (key === null) return;
    let stopped = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      let next: number | null;
      try {
        next = await latest.current();
        if (stopped) return;
        failures = 0;
        setFailure(undefined);
      } catch (error) {
        if (stopped) return;
        setFailure({ key, error });
        if (isNotFound(error)) return;
        failures += 1;
        next = Math.min(BACKOFF_MS * 2 ** (failures - 1), maxBackoffMs);
      }
      if (next !== null) timer = setTimeout(() => void run(), next);
    };
    timer = setTimeout(() => void run(), firstMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, firstMs, maxBackoffMs]);

  const error = failure?.key === key ? failure.error : undefined;
  return { error, gone: isNotFound(error) };
}

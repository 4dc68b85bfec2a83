import { useEffect, useRef } from 'react';
import { subscribe, type LiveEvent } from './channel';

/**
 * Calls `onChange` when an event matching `match` arrives, or after a reconnect (anything may have
 * changed meanwhile). Calls arriving together are gathered into one, so a bulk move reloads once.
 */
export function useLive(match: (e: LiveEvent) => boolean, onChange: () => void, enabled = true): void {
  const ref = useRef({ match, onChange });
  ref.current = { match, onChange };
  useEffect(() => {
    if (!enabled) return undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribe((e) => {
      if (!('resync' in e) && !ref.current.match(e)) return;
      clearTimeout(pending);
      pending = setTimeout(() => ref.current.onChange(), 50);
    });
    return () => {
      clearTimeout(pending);
      stop();
    };
  }, [enabled]);
}

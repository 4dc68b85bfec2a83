/**
 * True once the browser has had an idle moment for this component, one component per idle moment: heavy widgets
 * that are not needed for the first look (say a filter column's seven autocompletes, each of which renders twice
 * as it mounts to measure its anchor) come in one after another in tasks of their own, after the page has drawn,
 * instead of all in the page's first long task. `now` skips the wait (the user reached for it).
 */
import { startTransition, useEffect, useState } from 'react';

const waiting: (() => void)[] = [];
let scheduled = false;

function next(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(next, { timeout: 1500 });
  else window.setTimeout(next, 50);
}

export function useIdleTurn(now = false): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || now) return undefined;
    const turn = () => startTransition(() => setReady(true));
    waiting.push(turn);
    schedule();
    return () => {
      const at = waiting.indexOf(turn);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [ready, now]);
  return ready || now;
}

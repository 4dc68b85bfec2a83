/** Parts of a screen drawn a task after another as it opens; the lists' slicing is shared with the console (`ui/`). */
import { startTransition, useEffect, useState } from 'react';

export { useFirstScreenful } from '../../ui/components/useFirstScreenful';

/**
 * False until `tasks` tasks have passed since the component mounted, then true: parts of a screen that each mount in
 * a task of their own as it opens (the signed-in frame's page, the search's filter column, then its lookups one after
 * another), without drawing their parent again for each. Drawn once more, when the turn comes; 0 is true at once.
 */
export function useTurn(tasks: number): boolean {
  const [ready, setReady] = useState(tasks <= 0);
  useEffect(() => {
    if (ready) return undefined;
    let left = tasks;
    let timer = 0;
    const tick = () => {
      left -= 1;
      if (left <= 0) startTransition(() => setReady(true));
      else timer = window.setTimeout(tick, 0);
    };
    timer = window.setTimeout(tick, 0);
    return () => window.clearTimeout(timer);
  }, [ready, tasks]);
  return ready;
}

/**
 * False until the screen drawn with `ready` (its data arrived) has been painted, then true: what lies below the first
 * screen (a chunk to fetch, a long form to draw) starts after the browser has shown what is above it, rather than
 * competing with it for the link and the main thread. A frame, then a task after it: the frame's paint comes between.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return undefined;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

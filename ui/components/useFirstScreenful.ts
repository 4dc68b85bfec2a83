/**
 * How many items of a list to draw: on the page's first answer, `slice` at once (a screenful), then `slice` more at
 * each following task, so no single task lays out the whole list while the page opens. Once the list has been drawn
 * whole, later answers (a new page, a filter, a move) are drawn whole at once. The portal's lists draw five cards a
 * task; the profile form, one section.
 */
import { startTransition, useEffect, useState } from 'react';

export function useFirstScreenful(total: number, slice = 5): number {
  const [shown, setShown] = useState(slice);
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    if (whole || total === 0) return undefined;
    if (shown >= total) {
      // The count drawn stays the same: the list's components need not draw again in one long task.
      startTransition(() => setWhole(true));
      return undefined;
    }
    // A macrotask, not a microtask: the browser paints and answers input between the slices.
    const timer = window.setTimeout(() => startTransition(() => setShown((n) => n + slice)), 0);
    return () => window.clearTimeout(timer);
  }, [shown, total, whole, slice]);
  return whole ? total : Math.min(shown, total);
}

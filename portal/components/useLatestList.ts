/**
 * A list edited field by field, each change built on the last one made here rather than on the list of the last
 * render: leaving a field for the one beside it (the first one's blur, then the second one's input) can change the
 * list twice before the form draws again, and the second change must not undo the first.
 */
import { useLayoutEffect, useRef } from 'react';

export function useLatestList<Item>(items: Item[], onChange: (items: Item[]) => void) {
  const latest = useRef(items);
  useLayoutEffect(() => {
    latest.current = items;
  });
  /** Sets the whole list from the latest one. */
  const change = (edit: (items: Item[]) => Item[]) => {
    latest.current = edit(latest.current);
    onChange(latest.current);
  };
  /** Changes the item at `index` from its latest value. */
  const set = (index: number, edit: (item: Item) => Item) =>
    change((list) => list.map((item, j) => (j === index ? edit(item) : item)));
  return { change, set };
}

/**
 * A dialog whose code loads on demand (React.lazy) is rendered from its first opening on, and then stays mounted so
 * that closing it plays its exit transition and returns focus like any dialog. Before that first opening neither its
 * code nor its render costs the page anything.
 */
import { useState } from 'react';

export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

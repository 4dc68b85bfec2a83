/**
 * One page's code, fetched when its route is first shown: each route is its own chunk, so the entry script
 * carries only the shell (theme, router, session, frame). `name` is the page's named export.
 */
import { lazy, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's props are whatever its route passes
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

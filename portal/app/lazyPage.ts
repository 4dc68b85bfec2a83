/**
 * One page's code, fetched when its route is first shown: each route is its own chunk, so the entry script
 * carries only the shell (theme, router, session, frame). `name` is the page's named export. `preload` starts the
 * fetch early (the page of the address a visit opens on, while the session is checked) and shares it with the
 * render.
 */
import { lazy, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's props are whatever its route passes
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  let loading: Promise<M> | undefined;
  // A failed fetch is forgotten, so the render asks again (and shows the error screen if that fails too).
  const preload = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  return Object.assign(
    lazy(async () => ({ default: (await preload())[name] })),
    { preload },
  );
}

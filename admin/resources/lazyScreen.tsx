/**
 * A console screen whose code is fetched when it is first opened: the generic list/form/show screens and each
 * hand-written resource's screens are chunks of their own, so the console's entry carries only react-admin's
 * shell, the menu and the schema. `name` is the module's named export.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen's props are whatever its caller passes
export function lazyScreen<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): M[K] {
  const Lazy = lazy(async () => ({ default: (await load())[name] }));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Screen = (props: any) => (
    <Suspense fallback={<Loading />}>
      <Lazy {...props} />
    </Suspense>
  );
  Screen.displayName = `Lazy(${name})`;
  return Screen as unknown as M[K];
}

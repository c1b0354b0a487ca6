import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

/** A screen in its own chunk: `preload()` fetches the chunk, `loaded` says whether it is here. */
export type LazyScreen = FunctionComponent & { preload: () => Promise<unknown>; readonly loaded: boolean };

/**
 * A screen whose code is its own chunk. `preload()` fetches it ahead of its first render. Once it is here
 * the screen renders at once, without suspending: a pre-rendered page (entry-server.tsx) is rendered to a
 * string with its screens' code loaded first, and the browser hydrates that HTML after loading the same
 * chunks (main.tsx), so that both draw the screen and not the loading fallback. A failed load is
 * forgotten, so the next try asks again.
 */
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let screen: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        screen = pick(module);
        return { default: screen };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Screen: FunctionComponent = () => createElement(screen ?? Lazy);
  return Object.assign(Screen, {
    preload,
    get loaded() {
      return screen !== undefined;
    },
  });
}

const isLazyScreen = (type: unknown): type is LazyScreen =>
  typeof type === 'function' && typeof (type as Partial<LazyScreen>).preload === 'function';

/**
 * Loads the chunks of the screens `elements` draw (the elements of the routes a URL matches), so that
 * they render without suspending.
 */
export async function preloadScreens(elements: readonly unknown[]): Promise<void> {
  await Promise.all(
    elements.flatMap((element) => {
      const type = (element as { type?: unknown } | null | undefined)?.type;
      return isLazyScreen(type) ? [type.preload()] : [];
    }),
  );
}

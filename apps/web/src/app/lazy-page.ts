import { lazy, type ComponentType } from 'react';

// `preload()` fetches a screen's chunk ahead of its first render; the render then takes the same promise, already
// settled, and draws the screen without a fallback. A failed load is forgotten, so the next try asks again.
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}

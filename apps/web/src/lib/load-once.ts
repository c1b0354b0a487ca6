/**
 * A chunk fetched on first demand and then kept: `load()` asks for it once (callers in the meantime share the
 * same request), `loaded()` is the module once here. A failed fetch is forgotten, so the next demand asks again.
 */
export function loadOnce<T>(importer: () => Promise<T>): {
  load: () => Promise<T>;
  loaded: () => T | undefined;
} {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () =>
      (loading ??= importer().then(
        (value) => (module = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => module,
  };
}

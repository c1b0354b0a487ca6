/**
 * `fetch` for requests to the site's own origin (`/backend/...`, `/wp-json/...`). In the browser it is the
 * browser's own. When the server pre-renders a page (entry-server.tsx) there is no origin to be relative
 * to: the server hands in its in-process dispatcher instead, and the same query functions fetch the page's
 * data through it.
 */
let sameOriginFetch: typeof fetch | undefined;

export function setSameOriginFetch(fetcher: typeof fetch): void {
  sameOriginFetch = fetcher;
}

// Looked up per call, not captured at load: tests replace the global fetch after this module loads.
export const originFetch: typeof fetch = (input, init) => (sameOriginFetch ?? globalThis.fetch)(input, init);

/**
 * Reads the content backend. The browser always asks its own origin (`/wp-json/...`): our server answers
 * from its content tables, or relays a WordPress when it runs with CMS_URL (see the README), so the
 * site needs no cross-origin requests and its Content-Security-Policy stays `connect-src 'self'`.
 */
import { originFetch } from '@/lib/http';

const CONTENT_BASE = '/wp-json';

/** A content call that failed; status 0 when nothing answered. */
class ContentError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(status ? `Content request failed with status ${status}` : 'No response from the content backend');
    this.name = 'ContentError';
    this.status = status;
  }
}

export const isContentNotFound = (error: unknown) => error instanceof ContentError && error.status === 404;

export async function contentRequest<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await originFetch(`${CONTENT_BASE}${path}`, {
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ContentError(0);
  }
  if (!response.ok) throw new ContentError(response.status);
  return (await response.json()) as T;
}

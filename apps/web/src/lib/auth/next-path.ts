import { paths } from '@/config/paths';

/**
 * The `next` query parameter as a path inside this site, or null. Anything else (another origin,
 * `//evil.example`, a `javascript:` URL) is refused, so that a crafted login link cannot send a
 * freshly signed-in customer to a look-alike site.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // The login page itself as a destination would loop.
  if (next === paths.login.path || next.startsWith(`${paths.login.path}?`)) return null;
  return next;
}

/**
 * Where the payment provider's answers send the browser. Stripe's hosted pages are other sites and are
 * opened as given. The local provider's stand-ins for them, and every URL those pages hand back
 * (success, cancel, return), are pages of this site, named by the server's public URL: that may be
 * another host name for the same server (the dev proxy, 127.0.0.1 against localhost), where the
 * visitor is not signed in. Their path, opened on the origin the visitor is on, is the same page.
 */
import { paths } from '@/config/paths';

const localPagePrefixes = [paths.localCheckout.path, paths.localBilling.path].map(
  (path) => path.split(':')[0] ?? path,
);

function parse(url: string): URL | null {
  try {
    return new URL(url, window.location.origin);
  } catch {
    return null;
  }
}

/** A URL of this site as a path of this origin: 'https://host/profile?tab=subscribe' → '/profile?tab=subscribe'. */
export function ownSitePath(url: string): string {
  const parsed = parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return paths.home.path;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** A checkout or billing-portal URL answered by the server: the local provider's pages by path, Stripe's as given. */
export function paymentPageHref(url: string): string {
  const parsed = parse(url);
  if (parsed && localPagePrefixes.some((prefix) => parsed.pathname.startsWith(prefix)))
    return ownSitePath(url);
  return url;
}

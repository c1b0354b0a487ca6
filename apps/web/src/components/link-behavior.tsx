import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';

type LinkBehaviorProps = Omit<ComponentProps<typeof RouterLink>, 'to'> & { href: string };

/**
 * The server's own documents (invoices, calendar files, CSV exports, printable reports, the captured
 * mailbox): the server answers these paths, never the app's router, whose catch-all would show its
 * not-found page instead.
 */
export const isServerDocument = (href: string): boolean => /^\/(backend|wp-json)(\/|$)/.test(href);

/**
 * Lets every MUI Link and Button take a plain `href`: paths inside the app navigate client-side,
 * anything else (the server's documents, tel:, mailto:, #fragment, other sites) stays a native link.
 */
export function LinkBehavior({ href, ...props }: LinkBehaviorProps) {
  const isAppPath = href.startsWith('/') && !href.startsWith('//') && !isServerDocument(href);
  if (!isAppPath) {
    return <a href={href} {...props} />;
  }
  return <RouterLink to={href} {...props} />;
}

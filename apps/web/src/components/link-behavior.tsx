import type { ComponentProps, MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

type LinkBehaviorProps = ComponentProps<'a'> & { href: string };

/**
 * The server's own documents (invoices, calendar files, CSV exports, printable reports, the captured
 * mailbox): the server answers these paths, never the app's router, whose catch-all would show its
 * not-found page instead.
 */
const isServerDocument = (href: string): boolean => /^\/(backend|wp-json)(\/|$)/.test(href);

/**
 * Lets every MUI Link and Button take a plain `href`: paths inside the app navigate client-side,
 * anything else (the server's documents, tel:, mailto:, #fragment, other sites) stays a native link.
 */
export function LinkBehavior({ href, ...props }: LinkBehaviorProps) {
  const isAppPath = href.startsWith('/') && !href.startsWith('//') && !isServerDocument(href);
  if (!isAppPath) {
    return <a href={href} {...props} />;
  }
  return <AppLink to={href} {...props} />;
}

/**
 * React Router's own link, what this app asks of it: the address, and a plain click navigating without
 * a page load (a modified click, or one with a target, left to the browser). Its `Link` also carries
 * framework mode's route prefetching, which a data router never uses and every visitor downloaded.
 */
function AppLink({ to, onClick, target, ...props }: ComponentProps<'a'> & { to: string }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...props} href={href} target={target} onClick={handleClick} />;
}

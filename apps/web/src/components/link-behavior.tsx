import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';

type LinkBehaviorProps = Omit<ComponentProps<typeof RouterLink>, 'to'> & { href: string };

/**
 * Lets every MUI Link and Button take a plain `href`: paths inside the app navigate client-side,
 * anything else (tel:, mailto:, #fragment, other sites) stays a native link.
 */
export function LinkBehavior({ href, ...props }: LinkBehaviorProps) {
  const isAppPath = href.startsWith('/') && !href.startsWith('//');
  if (!isAppPath) {
    return <a href={href} {...props} />;
  }
  return <RouterLink to={href} {...props} />;
}

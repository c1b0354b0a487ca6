import { useEffect } from 'react';
import { site } from '@/config/site';

export function formatPageTitle(routeTitle: string): string {
  return routeTitle ? `${routeTitle} | ${site.name}` : site.name;
}

/** The spec's rule: the document title is the route title plus the site suffix. */
export function usePageTitle(routeTitle: string): void {
  useEffect(() => {
    document.title = formatPageTitle(routeTitle);
  }, [routeTitle]);
}

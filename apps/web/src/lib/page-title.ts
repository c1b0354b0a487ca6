import { createContext, useContext, useEffect } from 'react';
import { site } from '@/config/site';

export function formatPageTitle(routeTitle: string): string {
  return routeTitle ? `${routeTitle} | ${site.name}` : site.name;
}

/**
 * Where the server's pre-render (entry-server.tsx) takes the page's title as it renders: effects do not run
 * there, and a pre-rendered page is sent with its title, for search engines and the tab, before any script.
 */
export const PageTitleSink = createContext<((title: string) => void) | null>(null);

/** The spec's rule: the document title is the route title plus the site suffix. */
export function usePageTitle(routeTitle: string): void {
  // The deepest screen's title is the last one rendered, as it is the last effect to run in the browser.
  useContext(PageTitleSink)?.(formatPageTitle(routeTitle));
  useEffect(() => {
    document.title = formatPageTitle(routeTitle);
  }, [routeTitle]);
}

import { useQuery } from '@tanstack/react-query';
import { menuQuery } from './queries';
import type { MenuLocation } from './types';

export interface NavLink {
  label: string;
  href: string;
}

/**
 * A menu from the content backend as header and footer links, or `fallback` while it loads or when the
 * backend cannot answer, so that navigation is never empty.
 */
export function useContentMenu(location: MenuLocation, fallback: readonly NavLink[]): readonly NavLink[] {
  const { data } = useQuery(menuQuery(location));
  return data ? data.map((item) => ({ label: item.title, href: item.url })) : fallback;
}

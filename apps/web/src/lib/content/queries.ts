/** TanStack Query options for the content backend's documents: one cache entry per document. */
import { queryOptions } from '@tanstack/react-query';
import { contentRequest, isContentNotFound } from './client';
import type { ContentPage, ContentRoute, Frontpage, MenuItem, MenuLocation, SiteOptions } from './types';

// Content changes when marketing edits it, not while a visitor reads: keep it for the visit.
const CONTENT_STALE_MS = 10 * 60_000;
// An answer that will not change by asking again.
const retry = (failureCount: number, error: unknown) => failureCount < 1 && !isContentNotFound(error);

export const contentRoutesQuery = queryOptions({
  queryKey: ['content', 'routes'],
  queryFn: ({ signal }) => contentRequest<ContentRoute[]>('/wp/v2/routes/', signal),
  staleTime: CONTENT_STALE_MS,
  retry,
});

export const contentPageQuery = (path: string) =>
  queryOptions({
    queryKey: ['content', 'page', path],
    queryFn: ({ signal }) =>
      contentRequest<ContentPage>(`/wp/v2/get-page/?path=${encodeURIComponent(path)}`, signal),
    staleTime: CONTENT_STALE_MS,
    retry,
  });

export const frontpageQuery = queryOptions({
  queryKey: ['content', 'frontpage'],
  queryFn: ({ signal }) => contentRequest<Frontpage>('/wp/v2/frontpage/', signal),
  staleTime: CONTENT_STALE_MS,
  retry,
});

export const menuQuery = (location: MenuLocation) =>
  queryOptions({
    queryKey: ['content', 'menu', location],
    queryFn: ({ signal }) => contentRequest<MenuItem[]>(`/wp/v2/menu-location/${location}/`, signal),
    staleTime: CONTENT_STALE_MS,
    retry,
  });

export const siteOptionsQuery = queryOptions({
  queryKey: ['content', 'options'],
  queryFn: async ({ signal }) =>
    (await contentRequest<{ acf: SiteOptions }>('/acf/v3/options/options/', signal)).acf,
  staleTime: CONTENT_STALE_MS,
  retry,
});

/**
 * The Content section's calls (issue 25) beyond the generic list and form: the singletons (home page,
 * site details), menus, an image upload, a page's preview, its revisions and a restore. The routes are
 * the ones packages/domain/src/content-admin.ts lists.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  ContentImageSize,
  ContentMenuLocation,
  HomePageAttributes,
  MenuItem,
  PageAttributes,
  SiteDetailsAttributes,
} from '@parking/domain/content-admin';
import { apiFile, apiRequest } from '@/lib/api/client';
import type { Resource, SingleDocument } from '@/lib/api/jsonapi';
import type { ContentPage } from '@/lib/content/types';

export const SITE_DETAILS = 'site-details';
export const HOME_PAGE = 'home-page';
export const CONTENT_PAGES = 'content-pages';
export const CONTENT_MENUS = 'content-menus';
export const CONTENT_REVISIONS = 'content-page-revisions';

/** A page as the API presents it: its attributes, when and by whom it was last saved, where it shows. */
export type PageRecord = PageAttributes & {
  updated?: string;
  updatedBy?: string | null;
  previewPath?: string;
  /** The image the page shows today (uploaded here or seeded), with its public addresses. */
  featuredImageSizes?: ContentImage['sizes'] | null;
};

export interface ContentImage {
  alt: string;
  width: number;
  height: number;
  sizes: Record<ContentImageSize, { url: string; width: number; height: number } | null>;
}

export interface RevisionAttributes {
  number: number;
  title: string;
  path: string;
  layout: string;
  status: string;
  created: string;
}

export type MenuAttributes = { location: ContentMenuLocation; items: MenuItem[] };
export type { HomePageAttributes, SiteDetailsAttributes };

/** Site details carry managedBy: with CMS_URL set, the WordPress that owns every Content screen. */
export const siteDetailsQuery = queryOptions({
  queryKey: ['content-admin', SITE_DETAILS],
  queryFn: async ({ signal }) =>
    (await apiRequest<SingleDocument<SiteDetailsAttributes>>(SITE_DETAILS, { signal })).data,
  staleTime: 30_000,
});

/** One singleton's write (home-page, site-details): a PATCH of its attributes. */
export async function saveSingleton<A extends object>(type: string, attributes: A): Promise<Resource<A>> {
  const answer = await apiRequest<SingleDocument<A>>(type, {
    method: 'PATCH',
    body: { data: { type, attributes } },
  });
  return answer.data;
}

/** Uploads an image (the server sniffs its type, resizes it and keeps every size). */
export async function uploadContentImage(file: Blob, alt: string): Promise<Resource<ContentImage>> {
  const response = await apiFile('content-images', { method: 'POST', body: file, query: { alt } });
  return ((await response.json()) as SingleDocument<ContentImage>).data;
}

export const contentImageQuery = (id: string) =>
  queryOptions({
    queryKey: ['content-admin', 'content-images', id],
    queryFn: async ({ signal }) =>
      (await apiRequest<SingleDocument<ContentImage>>(`content-images/${id}`, { signal })).data,
    staleTime: Infinity,
    retry: false,
  });

/** The size a picture inside the text shows at: large when made, else the biggest there is. */
export function contentImageSrc(image: ContentImage): string {
  const order: ContentImageSize[] = ['large', 'medium', 'full', 'thumbnail'];
  return order.map((size) => image.sizes[size]?.url).find((url) => url) ?? '';
}

/** The page as the public site would show it once published (sanitised by the server). */
/** With `pageId`, a saved page's featured image stays in the preview unless the attributes name another. */
export async function previewPage({
  attributes,
  pageId,
}: {
  attributes: PageAttributes;
  pageId?: string;
}): Promise<ContentPage> {
  const relationships = pageId ? { page: { data: { type: CONTENT_PAGES, id: pageId } } } : undefined;
  const answer = await apiRequest<SingleDocument<{ page: ContentPage }>>('content-page-previews', {
    method: 'POST',
    body: { data: { type: 'content-page-previews', attributes, relationships } },
  });
  return answer.data.attributes.page;
}

/** Puts one of the home page's revisions back (its title and blocks). */
export async function restoreHomeRevision(revisionId: string): Promise<void> {
  await apiRequest<unknown>(`${HOME_PAGE}/restore`, {
    method: 'POST',
    body: { data: { type: 'home-page-restores', attributes: { revision: revisionId } } },
  });
}

export async function restoreRevision(pageId: string, revisionId: string): Promise<void> {
  await apiRequest<unknown>(`${CONTENT_PAGES}/${pageId}/restore`, {
    method: 'POST',
    body: { data: { type: 'content-page-restores', attributes: { revision: revisionId } } },
  });
}

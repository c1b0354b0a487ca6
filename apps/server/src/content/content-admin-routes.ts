/**
 * The back office's Content section (issue 25), beside the content-pages, content-page-revisions and
 * content-images resources: Admins only, every write in one transaction and refused while CMS_URL names a
 * WordPress (content/content-pages.ts assertContentEditable).
 *
 *   GET   content-menus/                  the three menus (ids main, footer, footer_secondary)
 *   GET   content-menus/{location}/       one menu: { location, items: [{title, kind, page, url}] }
 *   PATCH content-menus/{location}/       its items (the domain's menuSchema)
 *   GET   home-page/  PATCH home-page/    the home page's blocks (a revision per save)
 *   POST  home-page/restore/             puts one of the home page's revisions back (attributes.revision)
 *   GET   site-details/  PATCH site-details/   phone, address, email, hours, social links, header message
 *   POST  content-pages/{id}/restore/     puts a revision back (attributes.revision); a save of its own
 *   POST  content-page-previews/          the public get-page document unsaved attributes would publish
 *   POST  content-images/?alt=            the image's bytes (JPEG, PNG or WebP, read from the bytes, which
 *                                         must be the type the Content-Type names)
 *   GET   content-images/{token}/{size}/  an uploaded image's bytes by its random token: to anyone when
 *                                         published content uses it, cached for good; else Admins only
 */
import { z } from 'zod';
import {
  CONTENT_MENU_LOCATIONS,
  contentMessages,
  homePageSchema,
  menuSchema,
  pageSchema,
  siteDetailsSchema,
  type ContentMenuLocation,
} from '@parking/domain/content-admin';
import { PHOTO_TYPES } from '@parking/domain/custody-photos';
import type { RequestContext } from '../context';
import { action, type Action } from '../http/action';
import { readResource } from '../jsonapi/engine';
import { errors, parseWith } from '../jsonapi/errors';
import { single } from '../jsonapi/query';
import type { Registry } from '../jsonapi/registry';
import { isDatabaseId } from '@parking/domain/api-values';
import { contentImageBytes, CONTENT_IMAGE_TYPE, uploadContentImage } from './content-images';
import { assertContentEditable, previewPage, restoreRevision } from './content-pages';
import {
  auditContentChange,
  homePageAttributes,
  menuAttributes,
  saveHomePage,
  saveMenu,
  saveSiteDetails,
  siteDetailsAttributes,
} from './content-site';

/** The one path a content image's bytes are read on (app.ts parses image bodies only for such paths). */
export const CONTENT_IMAGE_UPLOAD_PATH = /^\/backend\/api\/v1\/content-images\/?(\?|$)/;
/**
 * The media types an image may be sent as: what we take, bytes, and the other pictures an editor may
 * pick, which are answered in words (contentMessages.imageNotAnImage). The real type is read from the bytes.
 */
export const CONTENT_IMAGE_MEDIA_TYPES = [
  ...PHOTO_TYPES,
  'application/octet-stream',
  'image/gif',
  'image/svg+xml',
  'image/avif',
  'image/heic',
  'image/heif',
  'image/bmp',
  'image/tiff',
] as const;
/**
 * An uploaded image never changes under its token (a replacement is a new upload, a new address): browsers
 * and proxies keep a published one for a year.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An unpublished image an Admin fetches: kept by no cache, so it is never served on to anyone else. */
const UNPUBLISHED = 'private, no-store';

function location(raw: string | undefined): ContentMenuLocation {
  const found = CONTENT_MENU_LOCATIONS.find((name) => name === raw);
  if (!found) throw errors.notFound(contentMessages.menuNotFound);
  return found;
}

const menuDocument = async (ctx: RequestContext, name: ContentMenuLocation) => ({
  type: 'content-menus',
  id: name,
  attributes: await menuAttributes(ctx, name),
});

const homeDocument = async (ctx: RequestContext) => {
  const { id, attributes } = await homePageAttributes(ctx);
  return { data: { type: 'home-page', id, attributes } };
};

const siteDetailsDocument = async (ctx: RequestContext) => ({
  data: { type: 'site-details', id: 'site', attributes: await siteDetailsAttributes(ctx) },
});

/** A restore names the revision to put back. */
const revisionInput = z.object({
  revision: z
    .union([z.string(), z.number()], { error: contentMessages.revisionNotFound })
    .transform(String)
    .refine(isDatabaseId, { error: contentMessages.revisionNotFound }),
});

/** A PATCH names what changes: the rest is as it is, and the whole is checked again. */
const merged = <S extends z.ZodType>(schema: S, current: object, sent: Record<string, unknown>) =>
  parseWith(schema, { ...current, ...sent });

export function contentAdminActions(registry: Registry): Action[] {
  return [
    action({
      method: 'GET',
      path: 'content-menus/',
      access: 'admin',
      handle: async (ctx) => ({
        data: await Promise.all(CONTENT_MENU_LOCATIONS.map((name) => menuDocument(ctx, name))),
        // One page, as the generic list answers.
        meta: { pagination: { count: CONTENT_MENU_LOCATIONS.length, page: 1, pages: 1 } },
      }),
    }),
    action({
      method: 'GET',
      path: 'content-menus/:id/',
      pathId: 'text',
      access: 'admin',
      handle: async (ctx, { params }) => ({ data: await menuDocument(ctx, location(params.id)) }),
    }),
    action({
      method: 'PATCH',
      path: 'content-menus/:id/',
      pathId: 'text',
      type: 'content-menus',
      input: menuSchema,
      access: 'admin',
      load: async (_ctx, { request }) => location((request.params as { id?: string }).id),
      transaction: true,
      async handle(ctx, { loaded, attributes }) {
        const before = await menuDocument(ctx, loaded);
        await saveMenu(ctx, loaded, attributes.items);
        const after = await menuDocument(ctx, loaded);
        await auditContentChange(ctx, 'content-menus', loaded, before.attributes, after.attributes);
        return { data: after };
      },
    }),

    action({ method: 'GET', path: 'home-page/', access: 'admin', handle: homeDocument }),
    action({
      method: 'PATCH',
      path: 'home-page/',
      type: 'home-page',
      access: 'admin',
      transaction: true,
      async handle(ctx, { attributes }) {
        assertContentEditable(ctx);
        const { attributes: current } = await homePageAttributes(ctx);
        await saveHomePage(ctx, merged(homePageSchema, current, attributes as Record<string, unknown>));
        return homeDocument(ctx);
      },
    }),

    action({ method: 'GET', path: 'site-details/', access: 'admin', handle: siteDetailsDocument }),
    action({
      method: 'PATCH',
      path: 'site-details/',
      type: 'site-details',
      access: 'admin',
      transaction: true,
      async handle(ctx, { attributes }) {
        assertContentEditable(ctx);
        const { managedBy: _managedBy, ...current } = await siteDetailsAttributes(ctx);
        await saveSiteDetails(ctx, merged(siteDetailsSchema, current, attributes as Record<string, unknown>));
        const after = await siteDetailsDocument(ctx);
        const { managedBy: _after, ...saved } = after.data.attributes;
        await auditContentChange(ctx, 'site-details', 'site', current, saved);
        return after;
      },
    }),

    action({
      method: 'POST',
      path: 'content-pages/:id/restore/',
      type: 'content-page-restores',
      input: revisionInput,
      access: 'admin',
      status: 200,
      transaction: true,
      async handle(ctx, { id, attributes }) {
        await restoreRevision(ctx, id, Number(attributes.revision));
        return readResource(registry.get('content-pages'), ctx, registry, id, {});
      },
    }),

    action({
      method: 'POST',
      path: 'home-page/restore/',
      type: 'home-page-restores',
      input: revisionInput,
      access: 'admin',
      status: 200,
      transaction: true,
      async handle(ctx, { attributes }) {
        const { id } = await homePageAttributes(ctx);
        // No home page row yet: nothing was ever saved, so there is no revision to put back.
        if (!isDatabaseId(id)) throw errors.invalid(contentMessages.revisionNotFound, 'revision');
        await restoreRevision(ctx, Number(id), Number(attributes.revision), 'home');
        return homeDocument(ctx);
      },
    }),

    action({
      method: 'POST',
      path: 'content-page-previews/',
      type: 'content-page-previews',
      input: pageSchema,
      relationships: { page: 'one' },
      access: 'admin',
      readOnly: true,
      status: 200,
      async handle(ctx, { attributes, ids }) {
        const page = await previewPage(ctx, attributes, ids.page ?? null);
        return { data: { type: 'content-page-previews', id: String(page.id), attributes: { page } } };
      },
    }),

    action({
      method: 'POST',
      path: 'content-images/',
      upload: { mediaTypes: CONTENT_IMAGE_MEDIA_TYPES },
      access: 'admin',
      async handle(ctx, { upload, query, request }) {
        if (!upload) throw errors.unsupportedMediaType('');
        const alt = (single(query, 'alt') ?? '').trim().slice(0, 300);
        const declared = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        const id = await uploadContentImage(ctx, upload, alt, declared);
        return readResource(registry.get('content-images'), ctx, registry, id, {});
      },
    }),
    action({
      method: 'GET',
      path: 'content-images/:token/:size/',
      // Anyone may ask; who gets the bytes is the service's rule (published, or an Admin).
      access: 'anyone',
      readOnly: true,
      async handle(ctx, { params }, reply) {
        // A 404 now may be a 200 once the page is published: no cache may keep it.
        reply.header('cache-control', 'no-store');
        const image = await contentImageBytes(ctx, params.token ?? '', params.size ?? '');
        return reply
          .type(CONTENT_IMAGE_TYPE)
          .header('cache-control', image.public ? IMMUTABLE : UNPUBLISHED)
          .header('content-disposition', 'inline')
          .send(image.bytes);
      },
    }),
  ];
}

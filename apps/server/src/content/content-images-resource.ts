/**
 * Images uploaded for the content (issue 25), as records: Admins list and read them (the upload and the
 * bytes are content/content-admin-routes.ts). The sizes answer their addresses, by the image's random token (the
 * id stays the back office's: it fetches no bytes).
 */
import { contentMessages } from '@parking/domain/content-admin';
import { contentImages } from '../db/schema/index';
import type { ResourceDefinition } from '../jsonapi/resource';
import { iso } from '@parking/domain/api-values';
import { contentImageUrl } from './content-pages';

type ContentImageRow = typeof contentImages.$inferSelect;

export const contentImagesResource: ResourceDefinition<ContentImageRow> = {
  type: 'content-images',
  table: contentImages,
  idColumn: contentImages.id,
  notFound: contentMessages.imageNotFound,
  attributes: (row) => ({
    alt: row.alt,
    width: row.width,
    height: row.height,
    sizes: Object.fromEntries(
      Object.entries(row.sizes).map(([size, stored]) => [
        size,
        { url: contentImageUrl(row.token, size), width: stored.width, height: stored.height },
      ]),
    ),
    created: iso(row.created),
  }),
  relationships: { uploadedBy: { kind: 'one', type: 'users', key: 'uploadedBy' } },
  sorts: { created: contentImages.created, id: contentImages.id },
  defaultSort: '-id',
  access: { list: 'admin', read: 'admin' },
};

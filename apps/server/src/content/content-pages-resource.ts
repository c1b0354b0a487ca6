/**
 * The back office's content pages and their revisions (issue 25), Admins only. The home page (the
 * `frontpage` row) is not a page here: it is the home-page singleton (content/content-admin-routes.ts). Saves go
 * through content/content-pages.ts: HTML sanitised, path checked, a revision written, all in the
 * request's transaction; refused while CMS_URL names a WordPress.
 */
import { and, eq } from 'drizzle-orm';
import {
  CONTENT_PAGE_LAYOUTS,
  CONTENT_PAGE_STATUSES,
  contentMessages,
  pageSchema,
} from '@parking/domain/content-admin';
import { contentPageRevisions, contentPages } from '../db/schema/index';
import { parseWith } from '../jsonapi/errors';
import type { ResourceDefinition } from '../jsonapi/resource';
import { iso } from '@parking/domain/api-values';
import {
  assertContentEditable,
  createPage,
  notFrontpage,
  pageAttributesOf,
  updatePage,
  type ContentPageRow,
} from './content-pages';

type RevisionRow = typeof contentPageRevisions.$inferSelect;
const ADMIN = { list: 'admin', read: 'admin' } as const;

export const contentPagesResource: ResourceDefinition<ContentPageRow> = {
  type: 'content-pages',
  table: contentPages,
  idColumn: contentPages.id,
  notFound: contentMessages.pageNotFound,
  scope: () => notFrontpage,
  attributes: (row) => ({ ...pageAttributesOf(row), updated: iso(row.updated) }),
  relationships: { updatedBy: { kind: 'one', type: 'users', key: 'updatedBy' } },
  filters: {
    status: {
      kind: 'column',
      column: contentPages.status,
      value: 'string',
      ops: ['eq', 'in'],
      choices: CONTENT_PAGE_STATUSES,
    },
    layout: {
      kind: 'column',
      column: contentPages.layout,
      value: 'string',
      ops: ['eq', 'in'],
      choices: CONTENT_PAGE_LAYOUTS,
    },
    title: { kind: 'column', column: contentPages.title, value: 'string', ops: ['icontains'] },
  },
  sorts: {
    title: contentPages.title,
    path: contentPages.path,
    menuOrder: contentPages.menuOrder,
    updated: contentPages.updated,
    id: contentPages.id,
  },
  defaultSort: 'menuOrder',
  access: { ...ADMIN, create: 'admin', update: 'admin', delete: 'admin' },
  create: (ctx, doc) => createPage(ctx, parseWith(pageSchema, doc.attributes)),
  async update(ctx, row, doc) {
    assertContentEditable(ctx);
    // A PATCH names what changes: the rest is the page as it is, and the whole is checked again.
    const { featuredImageSizes: _sizes, ...current } = pageAttributesOf(row);
    const attributes = parseWith(pageSchema, { ...current, ...doc.attributes });
    await updatePage(ctx, row, attributes, !('featuredImage' in doc.attributes));
  },
  async remove(ctx, row) {
    assertContentEditable(ctx);
    await ctx.db.delete(contentPages).where(and(eq(contentPages.id, row.id), notFrontpage));
  },
};

/** Every save of a page (and of the home page), newest first; read-only. */
export const contentPageRevisionsResource: ResourceDefinition<RevisionRow> = {
  type: 'content-page-revisions',
  table: contentPageRevisions,
  idColumn: contentPageRevisions.id,
  notFound: contentMessages.revisionNotFound,
  attributes: (row) => ({ ...pageAttributesOf(row), number: row.number, created: iso(row.created) }),
  relationships: {
    page: { kind: 'one', type: 'content-pages', key: 'pageId' },
    createdBy: { kind: 'one', type: 'users', key: 'createdBy' },
  },
  filters: {
    page: { kind: 'column', column: contentPageRevisions.pageId, value: 'int', ops: ['eq', 'in'] },
  },
  sorts: {
    number: contentPageRevisions.number,
    created: contentPageRevisions.created,
    id: contentPageRevisions.id,
  },
  defaultSort: '-id',
  access: ADMIN,
};

import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, timestamptz } from './columns';

/** Marketing pages served through the content backend's routes (/wp-json/...). */
export const contentPages = pgTable(
  'content_pages',
  {
    id: id(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    layout: text('layout').notNull().default('page'),
    content: text('content').notNull().default(''),
    /** Accordion, footer call to action, featured image sizes and similar custom fields. */
    fields: jsonb('fields').notNull().default({}),
    menuOrder: integer('menu_order').notNull().default(0),
    updated: timestamptz('updated').notNull().defaultNow(),
    /** Drafts are seen only in the back office (issue 25). */
    status: text('status').notNull().default('published'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('content_pages_path_key').on(t.path),
    check('content_pages_status_valid', sql`${t.status} IN ('draft', 'published')`),
    check(
      'content_pages_layout_valid',
      sql`${t.layout} IN ('page', 'feature-image', 'contact', 'frontpage')`,
    ),
  ],
);

export const contentMenus = pgTable(
  'content_menus',
  {
    id: id(),
    location: text('location').notNull(),
    items: jsonb('items').notNull().default([]),
  },
  (t) => [uniqueIndex('content_menus_location_key').on(t.location)],
);

/** Site-wide options: contact phone, address, email, hours, social links, header message. */
export const contentOptions = pgTable('content_options', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** A page as one save left it (issue 25): who, when, and everything needed to restore it. */
export const contentPageRevisions = pgTable(
  'content_page_revisions',
  {
    id: id(),
    pageId: integer('page_id')
      .notNull()
      .references(() => contentPages.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    path: text('path').notNull(),
    layout: text('layout').notNull(),
    content: text('content').notNull().default(''),
    fields: jsonb('fields').notNull().default({}),
    status: text('status').notNull(),
    menuOrder: integer('menu_order').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [uniqueIndex('content_page_revisions_page_number_key').on(t.pageId, t.number)],
);

/** One size of an uploaded image as stored: its key in the storage and its pixels. */
export interface StoredImageSize {
  key: string;
  width: number;
  height: number;
}

/**
 * An image uploaded for the content (issue 25), kept in every size the public site uses. Its bytes are
 * addressed by `token` (128 random bits, issue 38), never by the sequential id, so nobody finds an image
 * that has not been published by counting.
 */
export const contentImages = pgTable(
  'content_images',
  {
    id: id(),
    token: text('token').notNull(),
    storagePrefix: text('storage_prefix').notNull(),
    alt: text('alt').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizes: jsonb('sizes')
      .$type<Record<'thumbnail' | 'medium' | 'large' | 'full', StoredImageSize>>()
      .notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [uniqueIndex('content_images_token_key').on(t.token)],
);

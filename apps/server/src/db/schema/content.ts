import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';

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
  },
  (t) => [
    uniqueIndex('content_pages_path_key').on(t.path),
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

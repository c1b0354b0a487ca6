import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, money, timestamptz } from './columns';

/** Subscription products (unlimited indoor / outdoor parking), mirrored from the payment provider. */
export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    codename: text('codename').notNull(),
    providerProductId: text('provider_product_id'),
    metadata: jsonb('metadata').notNull().default({}),
  },
  (t) => [
    uniqueIndex('products_codename_key').on(t.codename),
    check(
      'products_codename_valid',
      sql`${t.codename} IN ('unlimited_indoor_parking', 'unlimited_outdoor_parking')`,
    ),
  ],
);

export const prices = pgTable(
  'prices',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('aud'),
    interval: text('interval').notNull().default('month'),
    intervalCount: integer('interval_count').notNull().default(3),
    providerPriceId: text('provider_price_id'),
    active: boolean('active').notNull().default(true),
    created: createdAt(),
  },
  (t) => [
    index('prices_product_idx').on(t.productId),
    check('prices_amount_positive', sql`${t.amount} > 0`),
    check('prices_interval_valid', sql`${t.interval} IN ('day', 'week', 'month', 'year')`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceId: integer('price_id')
      .notNull()
      .references(() => prices.id, { onDelete: 'restrict' }),
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    endDatetime: timestamptz('end_datetime').notNull(),
    canceledAt: timestamptz('canceled_at'),
    valid: boolean('valid').notNull().default(true),
    created: createdAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_provider_id_key').on(t.providerSubscriptionId),
  ],
);

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    sessionId: text('session_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceId: integer('price_id')
      .notNull()
      .references(() => prices.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    created: createdAt(),
  },
  (t) => [uniqueIndex('checkout_sessions_session_id_key').on(t.sessionId)],
);

/** Every provider event handled, so that a webhook delivered twice is acted on once. */
export const providerEvents = pgTable('provider_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

/**
 * The local payment provider's objects (payment intents, checkout sessions, customers,
 * subscriptions), kept in the database so that any server instance can answer for them.
 */
export const localProviderObjects = pgTable(
  'local_provider_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    created: createdAt(),
    updated: timestamptz('updated').notNull().defaultNow(),
  },
  (t) => [index('local_provider_objects_kind_idx').on(t.kind)],
);

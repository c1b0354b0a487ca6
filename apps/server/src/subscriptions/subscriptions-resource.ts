/** Subscription products and prices (read by anyone) and users' subscriptions (their own; staff all). */
import type {
  PriceAttributes,
  ProductAttributes,
  SubscriptionAttributes,
} from '@parking/domain/api-contract/accounts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { isStaff } from '../context';
import { prices, products, subscriptions } from '../db/schema/index';
import type { JsonValue, ResourceDefinition } from '../jsonapi/resource';
import { audText, iso, moneyText } from '@parking/domain/api-values';

type ProductRow = typeof products.$inferSelect;
type PriceRow = typeof prices.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export const productsResource: ResourceDefinition<ProductRow> = {
  type: 'products',
  table: products,
  idColumn: products.id,
  notFound: 'Product not found',
  attributes: (row) =>
    ({
      name: row.name,
      description: row.description,
      metadata: { ...(row.metadata as Record<string, JsonValue>), codename: row.codename },
    }) satisfies ProductAttributes,
  relationships: {
    prices: {
      kind: 'many',
      type: 'prices',
      async load(ctx, ids) {
        const rows = ids.length
          ? await ctx.db
              .select({ id: prices.id, productId: prices.productId })
              .from(prices)
              .where(inArray(prices.productId, ids))
              .orderBy(asc(prices.created), asc(prices.id))
          : [];
        const map = new Map<number, number[]>();
        for (const row of rows) map.set(row.productId, [...(map.get(row.productId) ?? []), row.id]);
        return map;
      },
    },
  },
  filters: { codename: { kind: 'column', column: products.codename, value: 'string', ops: ['eq', 'in'] } },
  sorts: { id: products.id, name: products.name },
  defaultSort: 'name',
  access: { list: 'anyone', read: 'anyone' },
};

export const pricesResource: ResourceDefinition<PriceRow> = {
  type: 'prices',
  table: prices,
  idColumn: prices.id,
  notFound: 'Price not found',
  attributes: (row) =>
    ({
      amount: moneyText(row.amount),
      formattedAmount: audText(row.amount),
      currency: row.currency,
      interval: row.interval,
      intervalCount: row.intervalCount,
      active: row.active,
    }) satisfies PriceAttributes,
  relationships: { product: { kind: 'one', type: 'products', key: 'productId' } },
  filters: { product: { kind: 'column', column: prices.productId, value: 'int', ops: ['eq', 'in'] } },
  sorts: { id: prices.id, created: prices.created },
  defaultSort: 'id',
  access: { list: 'anyone', read: 'anyone' },
};

export const subscriptionsResource: ResourceDefinition<SubscriptionRow> = {
  type: 'subscriptions',
  table: subscriptions,
  idColumn: subscriptions.id,
  notFound: 'Subscription not found',
  attributes: (row, ctx) =>
    ({
      endDatetime: iso(row.endDatetime),
      canceledAt: iso(row.canceledAt),
      // Valid until its end, even when cancelled (spec: "cancelled but still valid").
      valid: row.valid && row.endDatetime.getTime() > ctx.now.getTime(),
      created: iso(row.created),
    }) satisfies SubscriptionAttributes,
  relationships: {
    user: { kind: 'one', type: 'users', key: 'userId' },
    price: { kind: 'one', type: 'prices', key: 'priceId' },
  },
  filters: {
    user: { kind: 'column', column: subscriptions.userId, value: 'int', ops: ['eq', 'in'] },
    valid: { kind: 'column', column: subscriptions.valid, value: 'bool' },
  },
  sorts: { id: subscriptions.id, endDatetime: subscriptions.endDatetime, created: subscriptions.created },
  defaultSort: '-endDatetime',
  access: { list: 'authenticated', read: 'authenticated' },
  scope: (ctx) =>
    isStaff(ctx.user) ? undefined : ctx.user ? eq(subscriptions.userId, ctx.user.id) : sql`false`,
};

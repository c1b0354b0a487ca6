import { and, eq, gt, sql } from 'drizzle-orm';
import { businessDate } from '@parking/domain/dates';
import type { Executor } from '../db/client';
import { prices, products, subscriptions } from '../db/schema/index';

/** What a user's subscription covers: up to which business date, and its plan's own name. */
export interface SubscriptionCoverage {
  until: string;
  plan: string;
}

/**
 * The last business date a user's active subscription for a lot's product covers (valid and not
 * past its end; a cancelled one still covers until its end), with the plan's name, or undefined.
 */
export async function subscriptionCover(
  db: Executor,
  userId: number | null,
  productCodename: string,
  now: Date,
  timeZone: string,
): Promise<SubscriptionCoverage | undefined> {
  if (userId === null) return undefined;
  const [row] = await db
    .select({ end: subscriptions.endDatetime, plan: products.name })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(products, eq(products.id, prices.productId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.valid, true),
        gt(subscriptions.endDatetime, now),
        eq(products.codename, productCodename),
      ),
    )
    .orderBy(sql`${subscriptions.endDatetime} desc`)
    .limit(1);
  return row ? { until: businessDate(row.end, timeZone), plan: row.plan } : undefined;
}

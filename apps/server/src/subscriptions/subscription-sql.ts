import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SubscriptionCodename } from '@parking/domain/constants';

/**
 * Active = valid, not cancelled and not past its end (spec: "active when valid is true and
 * canceledAt is empty"), optionally for one product codename.
 */
export function hasActiveSubscription(userId: AnyPgColumn, codename?: SubscriptionCodename): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from subscriptions s
    join prices p on p.id = s.price_id
    join products pr on pr.id = p.product_id
    where s.user_id = ${userId} and s.valid and s.canceled_at is null and s.end_datetime > now()
    ${codename ? sql`and pr.codename = ${codename}` : sql``})`;
}

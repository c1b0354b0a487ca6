/** Subscription products with quarterly prices, as the demo seed has them. */
import type { Executor } from '../db/client';
import { prices, products } from '../db/schema/index';

export async function subscriptionProducts(db: Executor) {
  const [indoor, outdoor] = await db
    .insert(products)
    .values([
      {
        name: 'Unlimited indoor parking',
        codename: 'unlimited_indoor_parking',
        description: 'Park indoors as often as you like.',
      },
      {
        name: 'Unlimited outdoor parking',
        codename: 'unlimited_outdoor_parking',
        description: 'Park outdoors as often as you like.',
      },
    ])
    .returning();
  if (!indoor || !outdoor) throw new Error('products');
  const [indoorPrice, outdoorPrice] = await db
    .insert(prices)
    .values([
      { productId: indoor.id, amount: '449.00', interval: 'month', intervalCount: 3 },
      { productId: outdoor.id, amount: '299.00', interval: 'month', intervalCount: 3 },
    ])
    .returning();
  if (!indoorPrice || !outdoorPrice) throw new Error('prices');
  return { indoor, outdoor, indoorPrice, outdoorPrice };
}

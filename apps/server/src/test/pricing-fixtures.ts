/** Prices, bookings and subscriptions for the quote, cost-calculation and promo tests. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  bookings,
  discounts,
  exceptionalDays,
  exceptionalRates,
  prices,
  products,
  shortTermRateDays,
  shortTermRates,
  subscriptions,
} from '../db/schema/index';
import { createLots } from './factories';

/** Rows for 1, 2, 3, 5 and 7 days; indoor's long-stay rate is 18.00, outdoor's 12.00 (createLots). */
const INDOOR_TABLE: Record<number, string> = {
  1: '32.00',
  2: '50.00',
  3: '66.00',
  5: '93.50',
  7: '116.00',
};
const OUTDOOR_TABLE: Record<number, string> = {
  1: '25.00',
  2: '39.00',
  3: '52.00',
  5: '73.00',
  7: '90.00',
};

export async function pricedLots(db: Executor) {
  const [indoor, outdoor] = await createLots(db);
  if (!indoor || !outdoor) throw new Error('lots');
  const days = await db
    .insert(shortTermRateDays)
    .values([1, 2, 3, 5, 7].map((n) => ({ days: n })))
    .returning();
  await db.insert(shortTermRates).values(
    days.flatMap((day) => [
      { dayId: day.id, lotId: indoor.id, rate: INDOOR_TABLE[day.days] ?? '0' },
      { dayId: day.id, lotId: outdoor.id, rate: OUTDOOR_TABLE[day.days] ?? '0' },
    ]),
  );
  return { indoor, outdoor };
}

export async function exceptionalDay(
  db: Executor,
  date: string,
  surcharges: Array<{ lotId: number; surcharge: string }>,
) {
  const [day] = await db
    .insert(exceptionalDays)
    .values({ name: `Busy ${date}`, date })
    .returning();
  if (!day) throw new Error('exceptional day');
  await db.insert(exceptionalRates).values(surcharges.map((s) => ({ dayId: day.id, ...s })));
  return day;
}

let bookingSequence = 0;

/** `count` bookings of one lot for one stay, all with the same status and creation time. */
export async function insertBookings(
  db: Executor,
  count: number,
  values: {
    lotId: number;
    start: string;
    end: string | null;
    status?: 'pending' | 'complete' | 'cancelled' | 'abandoned';
    created: Date;
  },
) {
  const rows = Array.from({ length: count }, () => ({
    bookingCode: `Q${String(++bookingSequence).padStart(7, '0')}`,
    lotId: values.lotId,
    startDatetime: new Date(values.start),
    endDatetime: values.end === null ? null : new Date(values.end),
    status: values.status ?? 'complete',
    created: values.created,
  }));
  return db.insert(bookings).values(rows).returning({ id: bookings.id });
}

export async function setBooking(
  db: Executor,
  id: number,
  values: { status?: 'pending' | 'complete' | 'cancelled'; created?: Date },
) {
  await db.update(bookings).set(values).where(eq(bookings.id, id));
}

/** A subscription of `userId` to the product with `codename`, valid until `end`. */
export async function subscribe(
  db: Executor,
  userId: number,
  codename: 'unlimited_indoor_parking' | 'unlimited_outdoor_parking',
  end: Date,
  options: { canceledAt?: Date; valid?: boolean } = {},
) {
  let [product] = await db.select().from(products).where(eq(products.codename, codename));
  if (!product) [product] = await db.insert(products).values({ name: codename, codename }).returning();
  if (!product) throw new Error('product');
  const [price] = await db.insert(prices).values({ productId: product.id, amount: '150.00' }).returning();
  if (!price) throw new Error('price');
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      priceId: price.id,
      endDatetime: end,
      canceledAt: options.canceledAt ?? null,
      valid: options.valid ?? true,
    })
    .returning();
  return row;
}

export async function createDiscount(
  db: Executor,
  values: {
    promoCode: string;
    rate: string;
    validFrom: string;
    validTo: string;
    dropOffStart?: string;
    dropOffEnd?: string;
  },
) {
  const [row] = await db
    .insert(discounts)
    .values({
      name: values.promoCode,
      promoCode: values.promoCode,
      rate: values.rate,
      validFrom: new Date(values.validFrom),
      validTo: new Date(values.validTo),
      dropOffStart: values.dropOffStart ? new Date(values.dropOffStart) : null,
      dropOffEnd: values.dropOffEnd ? new Date(values.dropOffEnd) : null,
    })
    .returning();
  if (!row) throw new Error('discount');
  return row;
}

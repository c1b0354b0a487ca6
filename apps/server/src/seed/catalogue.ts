/**
 * What the car park sells: vehicle types, the two lots with their regions and rate table, extras and their
 * prices by vehicle type, the welcome promo code and the subscription products.
 */
import { formatMoney, parseMoney } from '@parking/domain/money';
import * as t from '../db/schema/index';
import { DAY_MS, type ExtraInfo, type LotInfo, type SeedContext } from './context';
import { EXTRAS, LOTS, type LotSlug, PRODUCTS, VEHICLE_TYPES, type VehicleTypeName } from './data';

export interface Catalogue {
  vehicleTypes: number;
  vehicleTypeId: (name: VehicleTypeName) => number;
  lots: Map<LotSlug, LotInfo>;
  lotOf: (slug: LotSlug) => LotInfo;
  lotRegions: number;
  shortTermRateDays: number;
  extras: ExtraInfo[];
  extraNamed: (name: string) => ExtraInfo;
  extraVariations: number;
  promo: { id: number; code: string; rate: string; validFrom: Date };
  products: number;
}

export async function seedCatalogue(ctx: SeedContext): Promise<Catalogue> {
  const { tx } = ctx;
  const typeRows = await tx
    .insert(t.vehicleTypes)
    .values(VEHICLE_TYPES.map((name) => ({ name })))
    .returning({ id: t.vehicleTypes.id, name: t.vehicleTypes.name });
  const typeId = new Map(typeRows.map((row) => [row.name, row.id]));
  const vehicleTypeId = (name: VehicleTypeName) => typeId.get(name) as number;

  const { lots, lotOf, lotRegions, shortTermRateDays } = await seedLots(ctx);
  const { extras, extraNamed, extraVariations } = await seedExtras(ctx, vehicleTypeId);
  const promo = await seedPromo(ctx);
  const products = await seedProducts(ctx);
  return {
    vehicleTypes: typeRows.length,
    vehicleTypeId,
    lots,
    lotOf,
    lotRegions,
    shortTermRateDays,
    extras,
    extraNamed,
    extraVariations,
    promo,
    products,
  };
}

/** Lots, their regions and rate table. */
async function seedLots({ tx, spanDays }: SeedContext) {
  const lotRows = await tx
    .insert(t.lots)
    .values(
      LOTS.map((lot) => ({
        name: lot.name,
        slug: lot.slug,
        productCodename: lot.productCodename,
        lotType: lot.lotType,
        spaces: lot.spaces,
        fillRateThreshold: lot.fillRateThreshold,
        rate: lot.rate,
      })),
    )
    .returning({ id: t.lots.id, slug: t.lots.slug });
  const lots = new Map<LotSlug, LotInfo>();
  for (const lot of LOTS) {
    const id = lotRows.find((row) => row.slug === lot.slug)?.id as number;
    lots.set(lot.slug, {
      id,
      slug: lot.slug,
      spaces: lot.spaces,
      capacity: Math.floor(lot.spaces * Number(lot.fillRateThreshold) + 1e-9),
      rates: lot.table.map((dollars, i) => ({ days: i + 1, cents: dollars * 100 })),
      longStayCents: parseMoney(lot.rate),
      regions: [],
      occupancy: new Int32Array(spanDays),
    });
  }
  const lotOf = (slug: LotSlug) => lots.get(slug) as LotInfo;
  const regionRows = await tx
    .insert(t.lotRegions)
    .values(
      LOTS.flatMap((lot) => lot.regions.map(([name, rows]) => ({ lotId: lotOf(lot.slug).id, name, rows }))),
    )
    .returning({ id: t.lotRegions.id, lotId: t.lotRegions.lotId, rows: t.lotRegions.rows });
  for (const lot of lots.values()) lot.regions = regionRows.filter((row) => row.lotId === lot.id);

  const rateDayRows = await tx
    .insert(t.shortTermRateDays)
    .values(Array.from({ length: 14 }, (_, i) => ({ days: i + 1 })))
    .returning({ id: t.shortTermRateDays.id, days: t.shortTermRateDays.days });
  await tx.insert(t.shortTermRates).values(
    rateDayRows.flatMap((row) =>
      [...lots.values()].map((lot) => ({
        dayId: row.id,
        lotId: lot.id,
        rate: formatMoney(lot.rates.find((rate) => rate.days === row.days)?.cents ?? 0),
      })),
    ),
  );
  return { lots, lotOf, lotRegions: regionRows.length, shortTermRateDays: rateDayRows.length };
}

/** Extras and their prices by vehicle type. */
async function seedExtras({ tx }: SeedContext, vehicleTypeId: (name: VehicleTypeName) => number) {
  const extraRows = await tx
    .insert(t.extras)
    .values(
      EXTRAS.map((extra) => ({
        name: extra.name,
        extraType: extra.extraType,
        basePrice: extra.basePrice,
        description: extra.description,
        public: extra.public,
      })),
    )
    .returning({ id: t.extras.id, name: t.extras.name });
  const extras: ExtraInfo[] = EXTRAS.map((extra) => {
    const id = extraRows.find((row) => row.name === extra.name)?.id as number;
    const variations = new Map<number, string>();
    for (const [type, price] of Object.entries(extra.variations)) {
      variations.set(vehicleTypeId(type as VehicleTypeName), formatMoney(parseMoney(price)));
    }
    return {
      id,
      name: extra.name,
      extraType: extra.extraType,
      public: extra.public,
      basePrice: formatMoney(parseMoney(extra.basePrice)),
      variations,
    };
  });
  const extraNamed = (name: string) => extras.find((extra) => extra.name === name) as ExtraInfo;
  const variationRows = extras.flatMap((extra) =>
    [...extra.variations].map(([vehicleType, price]) => ({
      extraId: extra.id,
      vehicleTypeId: vehicleType,
      price,
    })),
  );
  await tx.insert(t.extraVariations).values(variationRows);
  return { extras, extraNamed, extraVariations: variationRows.length };
}

/** The welcome promo code: ten per cent off parking on the website. */
async function seedPromo({ tx, today, at }: SeedContext) {
  const code = 'WELCOME10';
  const rate = '0.1';
  const validFrom = at(today - 30, '00:00');
  const [discount] = await tx
    .insert(t.discounts)
    .values({
      name: 'Welcome offer',
      notes: 'Ten per cent off the parking charge for website bookings. Advertised in the newsletter.',
      promoCode: code,
      rate,
      validFrom,
      validTo: at(today + 365, '23:59'),
    })
    .returning({ id: t.discounts.id });
  return { id: discount?.id as number, code, rate, validFrom };
}

/** Subscription products and their quarterly prices. */
async function seedProducts({ tx, nowMs }: SeedContext) {
  const productRows = await tx
    .insert(t.products)
    .values(
      PRODUCTS.map((product) => ({
        name: product.name,
        description: product.description,
        codename: product.codename,
        metadata: { codename: product.codename },
      })),
    )
    .returning({ id: t.products.id, codename: t.products.codename });
  await tx.insert(t.prices).values(
    PRODUCTS.map((product) => ({
      productId: productRows.find((row) => row.codename === product.codename)?.id as number,
      amount: product.amount,
      currency: 'aud',
      interval: 'month',
      intervalCount: 3,
      created: new Date(nowMs - 400 * DAY_MS),
    })),
  );
  return productRows.length;
}

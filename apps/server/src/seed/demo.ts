/**
 * Demo data for an empty, migrated database: the car park's settings and timetables, demo logins, about
 * fifteen hundred customers with their vehicles, and roughly three months of past and three months of
 * future bookings whose costs, check-ins and daily fill agree with the domain rules (architecture-rules.md).
 *
 * Everything is generated from a fixed seed relative to `now`, so a given `now` always gives the same data.
 * All writes happen in one transaction with multi-row inserts. One file per subject: catalogue (lots,
 * rates, extras, promo, products), timetable (airlines, buses, flights), closures (exceptional days,
 * blockouts), people (logins, customers, vehicles), stays and demand (who books what, when), bookings and
 * payments (the rows, priced by the domain), content (the site's pages).
 */
import { count } from 'drizzle-orm';
import { hashPassword } from '../accounts/crypto';
import { openingBalances } from '../payments/ledger';
import type { Database, Executor } from '../db/client';
import * as t from '../db/schema/index';
import { seedBookings } from './bookings';
import { isoDate } from './calendar';
import { seedCatalogue } from './catalogue';
import { seedClosures } from './closures';
import { seedContent } from './content';
import { seedCustody } from './custody';
import {
  DAY_MS,
  type LotInfo,
  MINUTE,
  type SeedContext,
  seedContext,
  type SeedOptions,
  type SeedSummary,
} from './context';
import { DEMO_PASSWORD, PRODUCTS } from './data';
import { CONTACT_MESSAGES } from './data-notes';
import { planDailyBookings, planDemoCustomerBookings } from './demand';
import { planFirstStart, setSlotCapacity } from './first-start';
import { registerOnlineBookers } from './online-bookers';
import { seedPeople } from './people';
import { type StayPlanner, stayPlanner } from './stays';
import { seedTimetable } from './timetable';

export type { SeedOptions, SeedSummary } from './context';

/** True when the database has neither users nor lots: the demo seed may run. */
export async function isEmpty(db: Executor): Promise<boolean> {
  const [users] = await db.select({ n: count() }).from(t.users);
  const [lots] = await db.select({ n: count() }).from(t.lots);
  return (users?.n ?? 0) === 0 && (lots?.n ?? 0) === 0;
}

export async function seedDemo(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  // Hashed once, before the transaction: argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const summary = await db.transaction(async (tx) => {
    const seeded = await seedInto(tx, options, passwordHash);
    // What each booking was paid, as the ledger keeps it (payments/ledger.ts).
    await openingBalances(tx);
    return seeded;
  });
  return { ...summary, milliseconds: Math.round(performance.now() - started) };
}

async function seedInto(
  tx: Executor,
  options: SeedOptions,
  passwordHash: string,
): Promise<Omit<SeedSummary, 'milliseconds'>> {
  const ctx = seedContext(tx, options);
  const catalogue = await seedCatalogue(ctx);
  const timetable = await seedTimetable(ctx);
  const closures = await seedClosures(ctx, [...catalogue.lots.values()], catalogue.extraNamed);
  const people = await seedPeople(ctx, passwordHash, catalogue.vehicleTypeId);

  const planner = stayPlanner(ctx, timetable, closures);
  planDemoCustomerBookings(ctx, catalogue, people, planner);
  planDailyBookings(ctx, catalogue, people, planner);
  // With a random source of its own: the full day and the busy desk slot a first start shows.
  const firstStart = planFirstStart(ctx, catalogue, timetable, closures, people, planner.plans);
  const plans = [...planner.plans, ...firstStart.plans];
  const logins = await registerOnlineBookers(ctx, plans, people.customers, passwordHash);
  const usedCodes = new Set<string>();
  const bookings = await seedBookings(
    ctx,
    planner.plans,
    catalogue,
    closures,
    people.staffCustomers,
    timetable.notFlyingId,
    usedCodes,
  );

  await seedContactMessages(ctx);
  await seedContent(tx, options.now);
  await seedCustody(ctx);

  // Last, so that the rest of the demo is unchanged.
  const added = await seedBookings(
    { ...ctx, rng: firstStart.rng },
    firstStart.plans,
    catalogue,
    closures,
    people.staffCustomers,
    timetable.notFlyingId,
    usedCodes,
  );
  await setSlotCapacity(ctx, catalogue, firstStart.slotCapacity);

  const occupancy = occupancySummary(ctx, { plans, occupancyIndex: planner.occupancyIndex }, [
    ...catalogue.lots.values(),
  ]);
  return {
    users: people.users + logins,
    customers: people.customers.length,
    staffCustomers: people.staffCustomers.length,
    vehicles: people.vehicles,
    vehicleTypes: catalogue.vehicleTypes,
    lots: catalogue.lots.size,
    lotRegions: catalogue.lotRegions,
    shortTermRateDays: catalogue.shortTermRateDays,
    airlines: timetable.airlines,
    busTrips: timetable.busTrips,
    flights: timetable.flights,
    extras: catalogue.extras.length,
    extraVariations: catalogue.extraVariations,
    discounts: 1,
    exceptionalDays: closures.exceptionalDays,
    blockoutPeriods: closures.blockoutPeriods,
    products: catalogue.products,
    prices: PRODUCTS.length,
    bookings: bookings.bookings + added.bookings,
    bookingsByStatus: occupancy.bookingsByStatus,
    bookingExtras: bookings.bookingExtras + added.bookingExtras,
    bookingLogs: bookings.bookingLogs + added.bookingLogs,
    contactSubmissions: CONTACT_MESSAGES.length,
    today: occupancy.today,
    fill: occupancy.fill,
    firstStart: {
      fullDay: firstStart.fullDay,
      slotCapacity: firstStart.slotCapacity,
      busySlot: firstStart.busySlot.start.toISOString(),
      busySlotCars: firstStart.busySlot.cars,
    },
  };
}

async function seedContactMessages({ tx, rng, nowMs }: SeedContext) {
  await tx.insert(t.contactSubmissions).values(
    CONTACT_MESSAGES.map((message, i) => ({
      ...message,
      created: new Date(nowMs - (CONTACT_MESSAGES.length - i) * 3.5 * DAY_MS + rng.int(0, 600) * MINUTE),
    })),
  );
}

/** Bookings by status, today's diary and each lot's daily fill. */
function occupancySummary(
  { today, firstDay, lastDay }: SeedContext,
  { plans, occupancyIndex }: Pick<StayPlanner, 'plans' | 'occupancyIndex'>,
  lots: readonly LotInfo[],
): Pick<SeedSummary, 'bookingsByStatus' | 'today' | 'fill'> {
  const bookingsByStatus: Record<string, number> = {};
  for (const plan of plans) bookingsByStatus[plan.status] = (bookingsByStatus[plan.status] ?? 0) + 1;
  const complete = plans.filter((plan) => plan.status === 'complete');
  const fill: SeedSummary['fill'] = {};
  for (const lot of lots) {
    let peak = 0;
    let sum = 0;
    for (let day = firstDay; day <= lastDay; day++) {
      const rate = (lot.occupancy[occupancyIndex(day)] ?? 0) / lot.spaces;
      peak = Math.max(peak, rate);
      if (day > today - 92 && day <= today) sum += rate;
    }
    fill[lot.slug] = { peak: Number(peak.toFixed(3)), pastAverage: Number((sum / 92).toFixed(3)) };
  }
  return {
    bookingsByStatus,
    today: {
      date: isoDate(today),
      dropOffs: complete.filter((plan) => plan.day === today).length,
      pickUps: complete.filter((plan) => plan.day + plan.days - 1 === today).length,
    },
    fill,
  };
}

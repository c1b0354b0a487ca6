/**
 * What a first start should let a visitor see (issue 40): a full day and a busy desk slot.
 *
 * - **A full day**: the indoor car park is booked up to its fill threshold on a day a few days ahead (the
 *   first from FULL_DAY_AHEAD that no parking blockout touches), so a visitor quoting it finds Indoor "Not
 *   available online" and can join its waitlist.
 * - **A desk limit and a busy slot**: the indoor car park takes at most `slotCapacity` cars a quarter hour,
 *   set SLOT_MARGIN above the busiest slot otherwise seeded (so no seeded slot is over it, and a few more
 *   bookings fit anywhere), and tomorrow's busiest slot is booked to one below the limit: busy (75% or
 *   more), with a place left, so step 1 and step 4 show their busy-time hints.
 *
 * Its own random source and bookings added after everything else, so the rest of the demo is unchanged.
 */
import { eq } from 'drizzle-orm';
import { SeededRandom } from '@parking/domain/seeded-random';
import { slotLevel, slotLoads, slotOf, slotStart } from '@parking/domain/slots';
import * as t from '../db/schema/index';
import { type Day, isoDate } from './calendar';
import type { Catalogue } from './catalogue';
import type { Closures } from './closures';
import { type BookingPlan, type CustomerInfo, DAY_MS, MINUTE, type SeedContext, type Stay } from './context';
import type { People } from './people';
import { stayPlanner } from './stays';
import type { Timetable } from './timetable';

const FIRST_START_SEED = 0x40_f011;
/** The full day is at least this many days after today. */
const FULL_DAY_AHEAD = 4;
/** The desk limit is this many cars above the busiest seeded slot. */
const SLOT_MARGIN = 3;

export interface FirstStart {
  /** The indoor car park's full day, 'YYYY-MM-DD'. */
  fullDay: string;
  slotCapacity: number;
  /** The busy slot's start and its cars. */
  busySlot: { start: Date; cars: number };
  plans: BookingPlan[];
  /** Its random source, for pricing and paying the plans. */
  rng: SeededRandom;
}

export function planFirstStart(
  ctx: SeedContext,
  { lotOf }: Catalogue,
  timetable: Timetable,
  closures: Closures,
  { randomCustomers, salesUserId }: People,
  earlierPlans: readonly BookingPlan[],
): FirstStart {
  const rng = new SeededRandom(FIRST_START_SEED);
  const own: SeedContext = { ...ctx, rng };
  const { today, nowMs, at } = own;
  const planner = stayPlanner(own, timetable, closures);
  const { fits, planStay, vehicleFree, commit, occupancyIndex } = planner;
  const indoor = lotOf('indoor');
  const touched = (day: Day) =>
    closures.blockouts.some(
      (b) => b.type === 'parking' && b.start < at(day + 1, 0).getTime() && b.end > at(day, 0).getTime(),
    );
  const candidates = randomCustomers.filter((customer) => customer.vehicles.length > 0);

  const book = (stay: Stay, customer: CustomerInfo) => {
    const vehicle = customer.vehicles[0];
    if (!vehicle) return;
    const website = rng.chance(0.75);
    const lead = rng.int(1, 40) * DAY_MS + rng.int(0, 600) * MINUTE;
    commit({
      ...stay,
      customer,
      vehicle,
      channel: website ? 'website' : 'staff',
      status: 'complete',
      created: new Date(Math.min(stay.start.getTime() - lead, nowMs - rng.int(10, 600) * MINUTE)),
      extras: [],
      promo: false,
      bookingType: website ? (customer.bookings ? 'Regular - Website' : 'New - Website') : 'Regular',
      createdById: website ? null : salesUserId,
      passengersOut: rng.int(1, 3),
      prepaid: false,
    });
  };
  const freeCustomer = (from: Day, to: Day) => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const customer = rng.pick(candidates);
      const vehicle = customer.vehicles[0];
      if (vehicle && vehicleFree(vehicle, from, to)) return customer;
    }
    return undefined;
  };

  // The full day: stays departing on it or up to two days before, each covering it.
  let fullDay = today + FULL_DAY_AHEAD;
  while (touched(fullDay)) fullDay++;
  const present = () => indoor.occupancy[occupancyIndex(fullDay)] ?? 0;
  for (let tries = 0; present() < indoor.capacity && tries < 5000; tries++) {
    const days = rng.int(1, 6);
    const day = fullDay - rng.int(0, Math.min(days - 1, 2));
    if (day <= today || !fits(indoor, day, days)) continue;
    const stay = planStay(indoor, day, days, rng.chance(0.9));
    if (!stay || stay.day + stay.days - 1 < fullDay || !fits(indoor, stay.day, stay.days)) continue;
    const customer = freeCustomer(stay.day, stay.day + stay.days - 1);
    if (customer) book(stay, customer);
  }
  if (present() < indoor.capacity)
    throw new Error(`Could not fill the indoor car park on ${isoDate(fullDay)}`);

  // The desk limit, above every seeded slot, and tomorrow's busiest slot booked to one below it.
  const indoorStays = () =>
    [...earlierPlans, ...planner.plans].filter((plan) => plan.status === 'complete' && plan.lot === indoor);
  const loads = slotLoads(indoorStays());
  const busiest = Math.max(0, ...loads.values());
  const slotCapacity = busiest + SLOT_MARGIN;
  let busyDay = today + 1;
  while (touched(busyDay) || busyDay === fullDay) busyDay++;
  // The slot most drop-offs for that day's flights fall in (of a sample of stays, not booked).
  const hits = new Map<number, number>();
  for (let sample = 0; sample < 200; sample++) {
    const stay = planStay(indoor, busyDay, 3, true);
    if (stay) hits.set(slotOf(stay.start), (hits.get(slotOf(stay.start)) ?? 0) + 1);
  }
  const target = [...hits].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
  for (let tries = 0; (loads.get(target) ?? 0) < slotCapacity - 1 && tries < 20_000; tries++) {
    const days = rng.int(1, 8);
    if (!fits(indoor, busyDay, days)) continue;
    const stay = planStay(indoor, busyDay, days, rng.chance(0.9));
    if (!stay || slotOf(stay.start) !== target || !fits(indoor, stay.day, stay.days)) continue;
    // The pick-up goes to a slot with room to spare, so that the busy slot stays the only one.
    if ((loads.get(slotOf(stay.end)) ?? 0) + 1 > busiest) continue;
    const customer = freeCustomer(stay.day, stay.day + stay.days - 1);
    if (!customer) continue;
    book(stay, customer);
    for (const slot of [slotOf(stay.start), slotOf(stay.end)]) loads.set(slot, (loads.get(slot) ?? 0) + 1);
  }
  const cars = loads.get(target) ?? 0;
  if (slotLevel(cars, slotCapacity) !== 'busy')
    throw new Error(`Could not make a busy desk slot on ${isoDate(busyDay)}`);
  return {
    fullDay: isoDate(fullDay),
    slotCapacity,
    busySlot: { start: slotStart(target), cars },
    plans: planner.plans,
    rng,
  };
}

/** The indoor car park's desk limit. */
export async function setSlotCapacity({ tx }: SeedContext, { lotOf }: Catalogue, slotCapacity: number) {
  await tx
    .update(t.lots)
    .set({ slotCapacity })
    .where(eq(t.lots.id, lotOf('indoor').id));
}

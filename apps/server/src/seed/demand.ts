/**
 * Who books what, day by day: the demo customer's own bookings (past, current and future), then everyone
 * else's departures with weekday and season factors, lots filling up, lead times, extras and promo codes.
 */
import { type Day, dateOf, easterSunday, monthOf, weekdayOf, yearOf } from './calendar';
import type { Catalogue } from './catalogue';
import {
  type Channel,
  type CustomerInfo,
  DAY_MS,
  type ExtraInfo,
  type FlightInfo,
  HOUR,
  MINUTE,
  type SeedContext,
  type Status,
  type Stay,
  type VehicleInfo,
} from './context';
import type { People } from './people';
import type { StayPlanner } from './stays';
import { WeightedTable } from '@parking/domain/seeded-random';

/** Departures on an ordinary day before weekday and season factors. */
const BASE_DEPARTURES = 34;

/** The demo customer's own bookings: two past, one current, two future. */
export function planDemoCustomerBookings(
  { rng, today, nowMs }: SeedContext,
  { lotOf, extraNamed, promo }: Catalogue,
  { demoCustomer, demoUserId, salesUserId }: People,
  { planStay, extraAvailable, commit }: StayPlanner,
): void {
  const promoValidFrom = promo.validFrom;
  const demoVehicles = demoCustomer.vehicles;
  const demoShapes = [
    {
      offset: -61,
      days: 5,
      lot: 'outdoor',
      vehicle: 0,
      extras: [],
      promo: false,
      channel: 'website',
      lead: 20,
    },
    {
      offset: -23,
      days: 3,
      lot: 'indoor',
      vehicle: 1,
      extras: ['Exterior wash'],
      promo: false,
      channel: 'website',
      lead: 9,
    },
    {
      offset: -2,
      days: 6,
      lot: 'outdoor',
      vehicle: 0,
      extras: ['Tyre check'],
      promo: false,
      channel: 'website',
      lead: 12,
    },
    { offset: 18, days: 4, lot: 'indoor', vehicle: 1, extras: [], promo: true, channel: 'website', lead: 21 },
    {
      offset: 44,
      days: 8,
      lot: 'outdoor',
      vehicle: 0,
      extras: ['Battery health check'],
      promo: false,
      channel: 'staff',
      lead: 50,
    },
  ] as const;
  for (const shape of demoShapes) {
    const vehicle = demoVehicles[shape.vehicle] as VehicleInfo;
    let stay: Stay | undefined;
    for (let attempt = 0; !stay && attempt < 20; attempt++)
      stay = planStay(lotOf(shape.lot), today + shape.offset, shape.days, true);
    if (!stay) throw new Error('Could not place a demo customer booking');
    const placed = stay;
    const created = new Date(
      Math.min(stay.start.getTime() - shape.lead * DAY_MS - rng.int(1, 10) * HOUR, nowMs - 3 * HOUR),
    );
    commit({
      ...stay,
      customer: demoCustomer,
      vehicle,
      channel: shape.channel,
      status: 'complete',
      created,
      extras: shape.extras.map(extraNamed).filter((extra) => extraAvailable(extra, placed)),
      promo: shape.promo && created >= promoValidFrom,
      bookingType:
        shape.channel === 'website'
          ? demoCustomer.bookings
            ? 'Regular - Website'
            : 'New - Website'
          : 'Regular',
      createdById: shape.channel === 'website' ? demoUserId : salesUserId,
      passengersOut: 2,
      prepaid: false,
    });
  }
}

/** Everyone else's bookings, day by day. */
export function planDailyBookings(
  { rng, nowMs, firstDay, lastDay }: SeedContext,
  { lotOf, extras, promo }: Catalogue,
  { randomCustomers, frequency, salesUserId, adminUserId }: People,
  { planStay, extraAvailable, commit, fits, vehicleFree }: StayPlanner,
): void {
  const promoValidFrom = promo.validFrom;
  const customerTable = new WeightedTable(randomCustomers, (customer) => frequency.get(customer.email) ?? 1);
  const seasonFactor = (day: Day) => {
    const month = monthOf(day);
    const date = dateOf(day);
    const md = month * 100 + date;
    const easter = easterSunday(yearOf(day));
    if (day >= easter - 4 && day <= easter + 1) return 1.5;
    if (md >= 1219 && md <= 1224) return 1.6;
    // Tasmanian school holidays (approximate, every year).
    if (md >= 1218 || md <= 203) return 1.3;
    if ((md >= 410 && md <= 426) || (md >= 704 && md <= 720) || (md >= 926 && md <= 1011)) return 1.3;
    if (month === 5 || month === 6 || month === 8 || month === 11) return 0.92;
    return 1;
  };
  // Sunday .. Saturday: Mondays and Fridays are the busy departure days.
  const weekdayFactor = [0.9, 1.2, 0.8, 0.85, 1.0, 1.3, 0.75];
  const sampleDays = () => {
    const bucket = rng.weighted([
      [[1, 1], 3],
      [[2, 4], 20],
      [[5, 7], 27],
      [[8, 10], 20],
      [[11, 14], 14],
      [[15, 30], 16],
    ] as const);
    return rng.int(bucket[0], bucket[1]);
  };
  /** Days between booking and drop-off; holidays are booked further ahead. */
  const sampleLeadDays = (season: number) => {
    const bucket = rng.weighted([
      [[0, 2], 10],
      [[3, 14], 28],
      [[15, 45], 30],
      [[46, 120], 32],
    ] as const);
    return Math.round(rng.int(bucket[0], bucket[1]) * (season > 1 ? 1.5 : 1));
  };
  const pickVehicle = (from: Day, to: Day) => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const customer = customerTable.pick(rng);
      const vehicle = customer.vehicles[0];
      if (vehicle && vehicleFree(vehicle, from, to)) return { customer, vehicle };
    }
    return undefined;
  };
  const staffBookingType = (customer: CustomerInfo, days: number, out: FlightInfo | undefined) => {
    if (customer.bookings === 0) return rng.chance(0.9) ? 'New' : 'Email';
    if (days >= 21 && rng.chance(0.6)) return 'Long term';
    if (out?.airline === 'Qantas' && rng.chance(0.08)) return 'Qantas Staff';
    return rng.weighted([
      ['Regular', 70],
      ['Email', 8],
      ['RACT', 7],
      ['Senoirs', 5],
      ['Pensioner', 5],
      ['Staff', 2],
    ] as const);
  };

  for (let day = firstDay; day <= lastDay; day++) {
    const season = seasonFactor(day);
    const expected = BASE_DEPARTURES * (weekdayFactor[weekdayOf(day)] ?? 1) * season;
    const demand = Math.round(expected * (0.85 + rng.next() * 0.3));
    for (let i = 0; i < demand; i++) {
      const channel: Channel = rng.chance(0.72) ? 'website' : 'staff';
      const status: Status =
        channel === 'website'
          ? rng.weighted([
              ['complete', 90],
              ['cancelled', 3],
              ['abandoned', 4],
              ['payment_failed', 3],
            ] as const)
          : rng.weighted([
              ['complete', 96],
              ['cancelled', 4],
            ] as const);
      let lot = lotOf(rng.chance(0.3) ? 'indoor' : 'outdoor');
      let days = sampleDays();
      if (status === 'complete' && !fits(lot, day, days)) {
        // Full: the customer takes the other lot, or a shorter stay there, or goes elsewhere.
        const other = lotOf(lot.slug === 'indoor' ? 'outdoor' : 'indoor');
        if (fits(other, day, days)) lot = other;
        else continue;
      }
      const stay = planStay(lot, day, days, rng.chance(0.93));
      if (!stay) continue;
      days = stay.days;
      if (status === 'complete' && !fits(lot, day, days)) continue;
      // Was this booking made by now?
      const leadMinutes = sampleLeadDays(season) * 24 * 60 + rng.int(45, 14 * 60);
      const created = new Date(stay.start.getTime() - leadMinutes * MINUTE);
      if (created.getTime() > nowMs - 5 * MINUTE) continue;
      if (status === 'abandoned' && created.getTime() > nowMs - 31 * MINUTE) continue;
      const picked = pickVehicle(day, day + days - 1);
      if (!picked) continue;
      const { customer, vehicle } = picked;
      let chosen: ExtraInfo[] = [];
      if (rng.chance(0.25)) {
        const candidates = extras.filter(
          (extra) => (extra.public || channel === 'staff') && extraAvailable(extra, stay),
        );
        const detailing = candidates.filter((extra) => extra.extraType === 'detailing');
        const service = candidates.filter((extra) => extra.extraType === 'service');
        if (rng.chance(0.25) && detailing.length && service.length)
          chosen = [rng.pick(detailing), rng.pick(service)];
        else if (candidates.length)
          chosen = [rng.chance(0.7) && detailing.length ? rng.pick(detailing) : rng.pick(candidates)];
      }
      commit({
        ...stay,
        customer,
        vehicle,
        channel,
        status,
        created,
        extras: chosen,
        promo: channel === 'website' && created >= promoValidFrom && rng.chance(0.15),
        bookingType:
          channel === 'website'
            ? customer.bookings === 0
              ? 'New - Website'
              : 'Regular - Website'
            : staffBookingType(customer, days, stay.out),
        createdById: channel === 'website' ? null : rng.chance(0.8) ? salesUserId : adminUserId,
        passengersOut: rng.weighted([
          [1, 45],
          [2, 35],
          [3, 12],
          [4, 8],
        ] as const),
        prepaid: channel === 'staff' && rng.chance(0.3),
      });
    }
  }
}

/**
 * Demo data for an empty, migrated database: the car park's settings and timetables, demo logins, about
 * fifteen hundred customers with their vehicles, and roughly three months of past and three months of
 * future bookings whose costs, check-ins and daily fill agree with the domain rules (architecture.md).
 *
 * Everything is generated from a fixed seed relative to `now`, so a given `now` always gives the same data.
 * All writes happen in one transaction with multi-row inserts.
 */
import { count } from 'drizzle-orm';
import { hashPassword } from '../../auth/crypto';
import type { Database, Executor } from '../client';
import * as t from '../schema/index';
import {
  dateOf,
  type Day,
  dayOf,
  easterSunday,
  isoDate,
  localDay,
  localInstant,
  minutesOf,
  monthOf,
  nextOccurrence,
  serviceOf,
  timeText,
  weekdayOf,
} from './calendar';
import {
  AIRLINES,
  BOOKING_CODE_ALPHABET,
  BOOKING_NOTES,
  BUS_TRIPS,
  BUSINESSES,
  COLOURS,
  CONTACT_MESSAGES,
  DAMAGE_NOTES,
  DEMO_PASSWORD,
  EXTRAS,
  FEMALE_NAMES,
  FLIGHTS,
  LOTS,
  type LotSlug,
  MAKES,
  MALE_NAMES,
  NOT_FLYING,
  PRODUCTS,
  PUBLIC_NOTES,
  SURNAMES,
  VEHICLE_NOTES,
  VEHICLE_TYPES,
  type VehicleTypeName,
} from './data';
import { seedContent } from './content';
import { Random, WeightedTable } from './random';
import { openingBalances } from '../../services/ledger';

export interface SeedOptions {
  now: Date;
  /** The business time zone (days, weekday/weekend service and the diary are counted in it). */
  timeZone: string;
  /** The domain of placeholder emails (no-email-{uuid}@domain) of walk-in customers who gave none. */
  emailDomain: string;
}

export interface SeedSummary {
  users: number;
  customers: number;
  staffCustomers: number;
  vehicles: number;
  vehicleTypes: number;
  lots: number;
  lotRegions: number;
  shortTermRateDays: number;
  airlines: number;
  busTrips: number;
  flights: number;
  extras: number;
  extraVariations: number;
  discounts: number;
  exceptionalDays: number;
  blockoutPeriods: number;
  products: number;
  prices: number;
  bookings: number;
  bookingsByStatus: Record<string, number>;
  bookingExtras: number;
  bookingLogs: number;
  contactSubmissions: number;
  /** Drop-offs and pick-ups (complete bookings) on the local date of `now`. */
  today: { date: string; dropOffs: number; pickUps: number };
  /** Daily fill (complete bookings / spaces) per lot slug: the highest seeded, and the average of the last 92 days. */
  fill: Record<string, { peak: number; pastAverage: number }>;
  milliseconds: number;
}

const SEED = 0x5eed_2026;
const CHUNK = 500;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_MS = 24 * HOUR;

/** Days of departures before and after today. */
const PAST_DAYS = 115;
const FUTURE_DAYS = 92;
const RANDOM_CUSTOMERS = 1500;
/** Departures on an ordinary day before weekday and season factors. */
const BASE_DEPARTURES = 34;

const cents = (money: string) => Math.round(Number(money) * 100);
const money = (value: number) => (value / 100).toFixed(2);

/** Inserts rows in chunks of CHUNK (multi-row INSERTs), collecting what `insert` returns. */
async function inChunks<Row, Out>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<Out[]>,
): Promise<Out[]> {
  const out: Out[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

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
    // What each booking was paid, as the ledger keeps it (services/ledger.ts).
    await openingBalances(tx);
    return seeded;
  });
  return { ...summary, milliseconds: Math.round(performance.now() - started) };
}

// ---------------------------------------------------------------------------------------------------------
// In-memory model used while generating bookings.

interface LotInfo {
  id: number;
  slug: LotSlug;
  spaces: number;
  /** The most complete bookings allowed on one day: threshold x spaces. */
  capacity: number;
  tableCents: number[];
  longStayCents: number;
  regions: { id: number; rows: number }[];
  occupancy: Int32Array;
}

interface FlightInfo {
  airlineId: number;
  airline: string;
  flightNumber: string;
  minutes: number;
  /** Departures only: the shuttle bus one hour or so before the flight. */
  busMinutes?: number;
}

interface VehicleInfo {
  id: number;
  rego: string;
  make: string;
  model: string;
  colour: string;
  vehicleTypeId: number;
  /** Booked local day ranges (inclusive), so that a car is never booked twice at once. */
  busy: [Day, Day][];
}

interface CustomerInfo {
  id: number;
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  business: string;
  userId: number | null;
  vehicles: VehicleInfo[];
  bookings: number;
}

interface ExtraInfo {
  id: number;
  name: string;
  extraType: 'detailing' | 'service';
  public: boolean;
  baseCents: number;
  variations: Map<number, number>;
}

interface BlockoutInfo {
  type: 'parking' | 'online_form' | 'extra';
  start: number;
  end: number;
  extraIds: Set<number>;
}

type Channel = 'website' | 'staff';
type Status = 'complete' | 'cancelled' | 'abandoned' | 'payment_failed';

interface Stay {
  lot: LotInfo;
  day: Day;
  days: number;
  start: Date;
  end: Date;
  out: FlightInfo | undefined;
  in: FlightInfo | undefined;
}

interface BookingPlan extends Stay {
  customer: CustomerInfo;
  vehicle: VehicleInfo;
  channel: Channel;
  status: Status;
  created: Date;
  extras: ExtraInfo[];
  promo: boolean;
  bookingType: string;
  /** Staff user who keyed a phone or counter booking; the customer's own user for a logged-in website booking. */
  createdById: number | null;
  passengersOut: number;
  /** A staff booking paid ahead (over the phone) instead of on return. */
  prepaid: boolean;
}

type BookingInsert = typeof t.bookings.$inferInsert;

// ---------------------------------------------------------------------------------------------------------

async function seedInto(
  tx: Executor,
  { now, timeZone, emailDomain }: SeedOptions,
  passwordHash: string,
): Promise<Omit<SeedSummary, 'milliseconds'>> {
  const rng = new Random(SEED);
  const nowMs = now.getTime();
  const today = localDay(now, timeZone);
  const at = (day: Day, clock: string | number) =>
    localInstant(day, typeof clock === 'number' ? clock : minutesOf(clock), timeZone);
  const firstDay = today - PAST_DAYS;
  const lastDay = today + FUTURE_DAYS;
  // Occupancy arrays cover every day a seeded stay can touch.
  const baseDay = firstDay - 5;
  const spanDays = lastDay - baseDay + 40;

  // --- Vehicle types, lots, regions, rate table ---------------------------------------------------------
  const typeRows = await tx
    .insert(t.vehicleTypes)
    .values(VEHICLE_TYPES.map((name) => ({ name })))
    .returning({ id: t.vehicleTypes.id, name: t.vehicleTypes.name });
  const typeId = new Map(typeRows.map((row) => [row.name, row.id]));
  const vehicleTypeId = (name: VehicleTypeName) => typeId.get(name) as number;

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
      tableCents: lot.table.map((dollars) => dollars * 100),
      longStayCents: cents(lot.rate),
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
        rate: money(lot.tableCents[row.days - 1] ?? 0),
      })),
    ),
  );

  // --- Airlines, bus trips, flights ---------------------------------------------------------------------
  const airlineRows = await tx
    .insert(t.airlines)
    .values([...AIRLINES.map((airline) => ({ name: airline.name })), { name: NOT_FLYING }])
    .returning({ id: t.airlines.id, name: t.airlines.name });
  const airlineId = new Map(airlineRows.map((row) => [row.name, row.id]));
  const notFlyingId = airlineId.get(NOT_FLYING) as number;
  const airlineByCode = new Map(AIRLINES.map((airline) => [airline.code as string, airline.name as string]));

  const busRows = await tx
    .insert(t.busTrips)
    .values(
      (['weekday', 'weekend'] as const).flatMap((service) => {
        // The regular timetable plus a bus an hour before each departing flight.
        const times = new Set(BUS_TRIPS[service].map(minutesOf));
        for (const [, , clock] of FLIGHTS[service].departures) times.add(minutesOf(clock) - 60);
        return [...times]
          .sort((a, b) => a - b)
          .map((minutes) => ({ service, departureTime: timeText(minutes) }));
      }),
    )
    .returning({ id: t.busTrips.id, service: t.busTrips.service, departureTime: t.busTrips.departureTime });

  const departures: Record<'weekday' | 'weekend', FlightInfo[]> = { weekday: [], weekend: [] };
  const arrivals: Record<'weekday' | 'weekend', FlightInfo[]> = { weekday: [], weekend: [] };
  const flightRows: (typeof t.flights.$inferInsert)[] = [];
  for (const service of ['weekday', 'weekend'] as const) {
    for (const departure of [true, false]) {
      const list = departure ? FLIGHTS[service].departures : FLIGHTS[service].arrivals;
      for (const [flightNumber, city, clock] of list) {
        const airline = airlineByCode.get(flightNumber.slice(0, 2)) as string;
        const minutes = minutesOf(clock);
        const info: FlightInfo = {
          airlineId: airlineId.get(airline) as number,
          airline,
          flightNumber,
          minutes,
        };
        let busTripId: number | null = null;
        if (departure) {
          // The latest bus of the same service at least an hour before the flight.
          const bus = busRows
            .filter((row) => row.service === service && minutesOf(row.departureTime) <= minutes - 60)
            .sort((a, b) => minutesOf(b.departureTime) - minutesOf(a.departureTime))[0];
          if (!bus) throw new Error(`No bus for flight ${flightNumber}`);
          busTripId = bus.id;
          info.busMinutes = minutesOf(bus.departureTime);
          departures[service].push(info);
        } else {
          arrivals[service].push(info);
        }
        const route = departure ? `Hobart → ${city}` : `${city} → Hobart`;
        flightRows.push({
          airlineId: info.airlineId,
          service,
          time: timeText(minutes),
          departure,
          busTripId,
          flightNumber,
          flightLabel: `${flightNumber} ${route} ${clock}`,
        });
      }
    }
  }
  await tx.insert(t.flights).values(flightRows);

  // --- Extras -------------------------------------------------------------------------------------------
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
    const variations = new Map<number, number>();
    for (const [type, price] of Object.entries(extra.variations)) {
      variations.set(vehicleTypeId(type as VehicleTypeName), cents(price));
    }
    return {
      id,
      name: extra.name,
      extraType: extra.extraType,
      public: extra.public,
      baseCents: cents(extra.basePrice),
      variations,
    };
  });
  const extraNamed = (name: string) => extras.find((extra) => extra.name === name) as ExtraInfo;
  const variationRows = extras.flatMap((extra) =>
    [...extra.variations].map(([vehicleType, price]) => ({
      extraId: extra.id,
      vehicleTypeId: vehicleType,
      price: money(price),
    })),
  );
  await tx.insert(t.extraVariations).values(variationRows);
  const extraPrice = (extra: ExtraInfo, vehicleType: number) =>
    extra.variations.get(vehicleType) ?? extra.baseCents;

  // --- Promo code ---------------------------------------------------------------------------------------
  const promoCode = 'WELCOME10';
  const promoRate = 0.1;
  const promoValidFrom = at(today - 30, '00:00');
  const [discount] = await tx
    .insert(t.discounts)
    .values({
      name: 'Welcome offer',
      notes: 'Ten per cent off the parking charge for website bookings. Advertised in the newsletter.',
      promoCode,
      rate: String(promoRate),
      validFrom: promoValidFrom,
      validTo: at(today + 365, '23:59'),
    })
    .returning({ id: t.discounts.id });
  const discountId = discount?.id as number;

  // --- Exceptional days (surcharges, unavailable extras) --------------------------------------------------
  const exceptional = [
    {
      name: 'Christmas Eve',
      day: nextOccurrence(today, (year) => dayOf(year, 12, 24)),
      surcharge: { indoor: 15, outdoor: 10 },
      unavailable: ['Logbook service'],
    },
    {
      name: "New Year's Eve",
      day: nextOccurrence(today, (year) => dayOf(year, 12, 31)),
      surcharge: { indoor: 10, outdoor: 8 },
      unavailable: [],
    },
    {
      name: 'Easter Thursday',
      day: nextOccurrence(today, (year) => easterSunday(year) - 3),
      surcharge: { indoor: 12, outdoor: 8 },
      unavailable: [],
    },
  ];
  const exceptionalDayRows = await tx
    .insert(t.exceptionalDays)
    .values(exceptional.map((day) => ({ name: day.name, date: isoDate(day.day) })))
    .returning({ id: t.exceptionalDays.id, date: t.exceptionalDays.date });
  const exceptionalByDay = new Map<Day, { surcharge: Map<number, number>; unavailable: Set<number> }>();
  const exceptionalRateRows: (typeof t.exceptionalRates.$inferInsert)[] = [];
  const unavailableRows: (typeof t.exceptionalDayUnavailableExtras.$inferInsert)[] = [];
  for (const day of exceptional) {
    const id = exceptionalDayRows.find((row) => row.date === isoDate(day.day))?.id as number;
    const surcharge = new Map<number, number>();
    for (const lot of lots.values()) {
      surcharge.set(lot.id, day.surcharge[lot.slug] * 100);
      exceptionalRateRows.push({ dayId: id, lotId: lot.id, surcharge: money(day.surcharge[lot.slug] * 100) });
    }
    const unavailable = new Set(day.unavailable.map((name) => extraNamed(name).id));
    for (const extraId of unavailable) unavailableRows.push({ dayId: id, extraId });
    exceptionalByDay.set(day.day, { surcharge, unavailable });
  }
  await tx.insert(t.exceptionalRates).values(exceptionalRateRows);
  if (unavailableRows.length) await tx.insert(t.exceptionalDayUnavailableExtras).values(unavailableRows);

  // --- Blockout periods: all in the future, none current at `now` -----------------------------------------
  const christmasDay = nextOccurrence(today, (year) => dayOf(year, 12, 25));
  const blockoutSpecs = [
    {
      name: 'Overnight line marking',
      message: 'The car park is closed overnight for line marking. Drop-offs and pick-ups are unavailable.',
      blockType: 'parking' as const,
      start: at(today + 24, '21:30'),
      end: at(today + 25, '04:00'),
      extras: [] as string[],
    },
    {
      name: 'Christmas Day closure',
      message: 'We are closed on Christmas Day: no drop-offs or pick-ups. Merry Christmas!',
      blockType: 'parking' as const,
      start: at(christmasDay, '00:00'),
      end: at(christmasDay + 1, '00:00'),
      extras: [] as string[],
    },
    {
      name: 'Website maintenance',
      message:
        'Online bookings are paused for scheduled maintenance. Please call us on (03) 6248 0000 to book, or try again in a few hours.',
      blockType: 'online_form' as const,
      start: at(today + 38, '22:00'),
      end: at(today + 39, '02:00'),
      extras: [] as string[],
    },
    {
      name: 'Wash bay upgrade',
      message: 'Our wash bay is being upgraded: washes and valets are unavailable for stays in this period.',
      blockType: 'extra' as const,
      start: at(today + 10, '00:00'),
      end: at(today + 17, '00:00'),
      extras: ['Exterior wash', 'Wash and vacuum', 'Full valet'],
    },
  ];
  const blockoutRows = await tx
    .insert(t.blockoutPeriods)
    .values(
      blockoutSpecs.map((spec) => ({
        name: spec.name,
        message: spec.message,
        blockType: spec.blockType,
        startDatetime: spec.start,
        endDatetime: spec.end,
      })),
    )
    .returning({ id: t.blockoutPeriods.id, name: t.blockoutPeriods.name });
  const blockouts: BlockoutInfo[] = [];
  const blockoutExtraRows: (typeof t.blockoutPeriodExtras.$inferInsert)[] = [];
  for (const spec of blockoutSpecs) {
    const id = blockoutRows.find((row) => row.name === spec.name)?.id as number;
    const extraIds = new Set(spec.extras.map((name) => extraNamed(name).id));
    for (const extraId of extraIds) blockoutExtraRows.push({ blockoutPeriodId: id, extraId });
    blockouts.push({ type: spec.blockType, start: spec.start.getTime(), end: spec.end.getTime(), extraIds });
  }
  await tx.insert(t.blockoutPeriodExtras).values(blockoutExtraRows);

  // --- Subscription products ------------------------------------------------------------------------------
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

  // --- Users and customers --------------------------------------------------------------------------------
  const demoPeople = [
    {
      email: 'admin@example.com',
      roles: ['Admins'],
      title: 'Ms',
      firstName: 'Olivia',
      lastName: 'Bennett',
      phone: '0412 480 113',
    },
    {
      email: 'sales@example.com',
      roles: ['Sales'],
      title: 'Mr',
      firstName: 'Liam',
      lastName: 'Nguyen',
      phone: '0423 617 902',
    },
    {
      email: 'customer@example.com',
      roles: ['Customers'],
      title: 'Mrs',
      firstName: 'Charlotte',
      lastName: 'Wilson',
      phone: '0438 205 761',
    },
  ];
  const userRows = await tx
    .insert(t.users)
    .values(
      demoPeople.map((person, i) => ({
        email: person.email,
        passwordHash,
        roles: person.roles,
        emailConfirmed: true,
        created: new Date(nowMs - (900 - i * 200) * DAY_MS),
      })),
    )
    .returning({ id: t.users.id, email: t.users.email });
  const userId = (email: string) => userRows.find((row) => row.email === email)?.id as number;
  const adminUserId = userId('admin@example.com');
  const salesUserId = userId('sales@example.com');
  const demoUserId = userId('customer@example.com');

  const usedEmails = new Set<string>();
  const usedRegos = new Set<string>();
  const phone = () => `04${rng.int(0, 9)}${rng.int(0, 9)} ${rng.int(100, 999)} ${rng.int(100, 999)}`;
  const customerRows: (typeof t.customers.$inferInsert)[] = demoPeople.map((person, i) => ({
    email: person.email,
    title: person.title,
    firstName: person.firstName,
    lastName: person.lastName,
    phoneNumber: person.phone,
    staff: person.roles[0] !== 'Customers',
    userId: userId(person.email),
    created: new Date(nowMs - (900 - i * 200) * DAY_MS),
  }));
  // Valets: staff customers without a login, listed as "parked by" at check-in.
  const valets = [
    ['Mr', 'Jack', 'Thompson'],
    ['Miss', 'Mia', 'Robinson'],
    ['Mr', 'Noah', 'Walker'],
    ['Ms', 'Ella', 'Harris'],
    ['Mr', 'Cooper', 'Ryan'],
  ] as const;
  for (const [title, firstName, lastName] of valets) {
    customerRows.push({
      email: `${firstName}.${lastName}@example.com`.toLowerCase(),
      title,
      firstName,
      lastName,
      phoneNumber: phone(),
      staff: true,
      created: new Date(nowMs - rng.int(300, 1200) * DAY_MS),
    });
  }
  for (const row of customerRows) usedEmails.add(row.email);

  // Everyone else: walk-in and website customers with no login.
  const frequency = new Map<string, number>();
  for (let i = 0; i < RANDOM_CUSTOMERS; i++) {
    const female = rng.chance(0.5);
    const firstName = female ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
    const lastName = rng.pick(SURNAMES);
    const title = female
      ? rng.weighted([
          ['Mrs', 35],
          ['Ms', 40],
          ['Miss', 14],
          ['Dr', 6],
          ['Mrs & Mr', 5],
        ] as const)
      : rng.weighted([
          ['Mr', 88],
          ['Dr', 6],
          ['Mr & Mrs', 5],
          ['Prof', 1],
        ] as const);
    let email: string;
    if (rng.chance(0.03)) {
      email = `no-email-${rng.uuid()}@${emailDomain}`;
    } else {
      const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
      const domain = rng.chance(0.65) ? 'example.com' : 'example.net';
      email = `${local}@${domain}`;
      for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${domain}`;
    }
    usedEmails.add(email);
    customerRows.push({
      email,
      title,
      firstName,
      lastName,
      phoneNumber: phone(),
      business: rng.chance(0.08) ? rng.pick(BUSINESSES) : '',
      created: new Date(nowMs - rng.int(240, 1500) * DAY_MS - rng.int(0, 86_399) * 1000),
    });
    // Business travellers and regulars book far more often than holiday makers.
    frequency.set(
      email,
      rng.weighted([
        [1, 75],
        [2.5, 20],
        [5, 5],
      ] as const),
    );
  }
  const insertedCustomers = await inChunks(customerRows, (chunk) =>
    tx.insert(t.customers).values(chunk).returning({ id: t.customers.id, email: t.customers.email }),
  );
  const customerIdByEmail = new Map(insertedCustomers.map((row) => [row.email, row.id]));
  const customers: CustomerInfo[] = customerRows.map((row) => ({
    id: customerIdByEmail.get(row.email) as number,
    title: row.title ?? '',
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    phoneNumber: row.phoneNumber ?? '',
    email: row.email,
    business: row.business ?? '',
    userId: row.userId ?? null,
    vehicles: [],
    bookings: 0,
  }));
  const customerByEmail = (email: string) =>
    customers.find((customer) => customer.email === email) as CustomerInfo;
  const staffCustomers = customers.filter((_, i) => customerRows[i]?.staff);
  const demoCustomer = customerByEmail('customer@example.com');

  // --- Vehicles -------------------------------------------------------------------------------------------
  const makeTable = new WeightedTable(MAKES, (make) => make.weight);
  const rego = () => {
    for (;;) {
      const roll = rng.next();
      const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
      // Tasmanian "A12BC", older "ABC123", the odd interstate car.
      const plate =
        roll < 0.6
          ? `${rng.string(letters, 1)}${rng.int(10, 99)}${rng.string(letters, 2)}`
          : roll < 0.9
            ? `${rng.string(letters, 3)}${rng.int(100, 999)}`
            : `${rng.int(1, 9)}${rng.string(letters, 2)}${rng.int(1, 9)}${rng.string(letters, 2)}`;
      if (!usedRegos.has(plate)) {
        usedRegos.add(plate);
        return plate;
      }
    }
  };
  const customerCreated = new Map(customerRows.map((row) => [row.email, row.created]));
  const vehicleRows: (typeof t.vehicles.$inferInsert)[] = [];
  const vehicleOwners: CustomerInfo[] = [];
  const addVehicle = (
    owner: CustomerInfo,
    make: string,
    model: string,
    type: VehicleTypeName,
    colour: string,
    plate: string,
  ) => {
    usedRegos.add(plate);
    vehicleRows.push({
      rego: plate,
      make,
      model,
      colour,
      vehicleTypeId: vehicleTypeId(type),
      ownerId: owner.id,
      created: customerCreated.get(owner.email) ?? now,
    });
    vehicleOwners.push(owner);
  };
  addVehicle(demoCustomer, 'Mazda', 'CX-5', 'SUV', 'Blue', 'F27KD');
  addVehicle(demoCustomer, 'Toyota', 'Corolla', 'Hatchback', 'White', 'CWT482');
  const randomCustomers = customers.filter(
    (customer) => !customer.userId && !staffCustomers.includes(customer),
  );
  for (const customer of randomCustomers) {
    const make = makeTable.pick(rng);
    const [model, type] = rng.pick(make.models);
    addVehicle(customer, make.make, model, type, rng.weighted(COLOURS), rego());
  }
  const insertedVehicles = await inChunks(vehicleRows, (chunk) =>
    tx.insert(t.vehicles).values(chunk).returning({ id: t.vehicles.id, rego: t.vehicles.rego }),
  );
  const vehicleIdByRego = new Map(insertedVehicles.map((row) => [row.rego, row.id]));
  vehicleRows.forEach((row, i) => {
    vehicleOwners[i]?.vehicles.push({
      id: vehicleIdByRego.get(row.rego) as number,
      rego: row.rego,
      make: row.make,
      model: row.model,
      colour: row.colour,
      vehicleTypeId: row.vehicleTypeId,
      busy: [],
    });
  });

  // --- Bookings -------------------------------------------------------------------------------------------
  const occupancyIndex = (day: Day) => day - baseDay;
  const fits = (lot: LotInfo, day: Day, days: number) => {
    for (let d = day; d < day + days; d++) {
      const count = lot.occupancy[occupancyIndex(d)];
      if (count === undefined || count + 1 > lot.capacity) return false;
    }
    return true;
  };
  const occupy = (lot: LotInfo, day: Day, days: number) => {
    for (let d = day; d < day + days; d++)
      lot.occupancy[occupancyIndex(d)] = (lot.occupancy[occupancyIndex(d)] ?? 0) + 1;
  };
  const vehicleFree = (vehicle: VehicleInfo, from: Day, to: Day) =>
    vehicle.busy.every(([start, end]) => to < start || from > end);
  const inParkingBlockout = (instant: Date) =>
    blockouts.some((b) => b.type === 'parking' && instant.getTime() >= b.start && instant.getTime() < b.end);

  /** Parking price: the rate-table row (or the largest plus long-stay days) plus exceptional-day surcharges. */
  const parkingCents = (lot: LotInfo, day: Day, days: number) => {
    const largest = lot.tableCents.length;
    let price =
      days <= largest
        ? (lot.tableCents[days - 1] ?? 0)
        : (lot.tableCents[largest - 1] ?? 0) + (days - largest) * lot.longStayCents;
    for (let d = day; d < day + days; d++) price += exceptionalByDay.get(d)?.surcharge.get(lot.id) ?? 0;
    return price;
  };
  const extraAvailable = (extra: ExtraInfo, stay: Stay) => {
    const [start, end] = [stay.start.getTime(), stay.end.getTime()];
    if (
      blockouts.some((b) => b.type === 'extra' && b.extraIds.has(extra.id) && b.start < end && b.end > start)
    )
      return false;
    for (let d = stay.day; d < stay.day + stay.days; d++) {
      if (exceptionalByDay.get(d)?.unavailable.has(extra.id)) return false;
    }
    return true;
  };

  const roundTo5 = (minutes: number) => Math.round(minutes / 5) * 5;

  /** Flights, times and lot of a stay departing on `day` for `days` days; undefined when it cannot be booked. */
  const planStay = (lot: LotInfo, day: Day, requestedDays: number, flying: boolean): Stay | undefined => {
    let days = requestedDays;
    const out = flying ? rng.pick(departures[serviceOf(day)]) : undefined;
    // Drop-off 10 to 35 minutes before the shuttle bus; without a flight, any time in opening hours.
    const startMinutes = out
      ? (out.busMinutes ?? out.minutes - 60) - rng.int(2, 7) * 5
      : roundTo5(rng.int(5 * 60, 19 * 60));
    let inbound: FlightInfo | undefined;
    let endMinutes: number;
    for (;;) {
      const returnDay = day + days - 1;
      if (flying) {
        const options = arrivals[serviceOf(returnDay)].filter(
          (flight) => days > 1 || flight.minutes >= startMinutes + 240,
        );
        if (options.length === 0) {
          days += 1;
          continue;
        }
        const sameAirline = options.filter((flight) => flight.airlineId === out?.airlineId);
        inbound = sameAirline.length && rng.chance(0.65) ? rng.pick(sameAirline) : rng.pick(options);
        endMinutes = inbound.minutes + rng.int(5, 10) * 5;
      } else {
        endMinutes = roundTo5(
          rng.int(days > 1 ? 8 * 60 : Math.min(startMinutes + 180, 21 * 60), 21 * 60 + 30),
        );
      }
      break;
    }
    const start = at(day, startMinutes);
    const end = at(day + days - 1, endMinutes);
    if (end <= start || inParkingBlockout(start) || inParkingBlockout(end)) return undefined;
    return { lot, day, days, start, end, out, in: inbound };
  };

  const plans: BookingPlan[] = [];
  const commit = (plan: BookingPlan) => {
    if (plan.status === 'complete') occupy(plan.lot, plan.day, plan.days);
    plan.vehicle.busy.push([plan.day, plan.day + plan.days - 1]);
    plan.customer.bookings += 1;
    plans.push(plan);
  };

  // The demo customer's own bookings: two past, one current, two future.
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

  // Everyone else's, day by day.
  const customerTable = new WeightedTable(randomCustomers, (customer) => frequency.get(customer.email) ?? 1);
  const seasonFactor = (day: Day) => {
    const month = monthOf(day);
    const date = dateOf(day);
    const md = month * 100 + date;
    const easter = easterSunday(new Date(day * DAY_MS).getUTCFullYear());
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

  // --- Booking rows ---------------------------------------------------------------------------------------
  const usedCodes = new Set<string>();
  const bookingCode = () => {
    for (;;) {
      const code = rng.string(BOOKING_CODE_ALPHABET, 8);
      if (!usedCodes.has(code)) {
        usedCodes.add(code);
        return code;
      }
    }
  };
  const valetTable = new WeightedTable(staffCustomers, (customer) => (customer.userId ? 1 : 4));
  const bookingRows: BookingInsert[] = [];
  const extrasByCode = new Map<string, { extraId: number; price: string }[]>();
  plans.sort((a, b) => a.created.getTime() - b.created.getTime());
  for (const plan of plans) {
    const code = bookingCode();
    const startMs = plan.start.getTime();
    const endMs = plan.end.getTime();
    const parking = parkingCents(plan.lot, plan.day, plan.days);
    const extraPrices = plan.extras.map((extra) => ({
      extraId: extra.id,
      price: extraPrice(extra, plan.vehicle.vehicleTypeId),
    }));
    const extrasTotal = extraPrices.reduce((sum, extra) => sum + extra.price, 0);
    const discounted = plan.promo ? Math.round(parking * promoRate) : 0;
    const total = parking - discounted + extrasTotal;
    if (extraPrices.length)
      extrasByCode.set(
        code,
        extraPrices.map((extra) => ({ extraId: extra.extraId, price: money(extra.price) })),
      );

    // Payment.
    let paymentStatus: 'paid' | 'unpaid' | 'refunded' = 'unpaid';
    let paymentMethod: string | null = null;
    let paymentDatetime: Date | null = null;
    let stripeComplete = false;
    if (plan.channel === 'website') {
      if (plan.status === 'complete' || plan.status === 'cancelled') {
        paymentStatus = plan.status === 'complete' ? 'paid' : 'refunded';
        paymentMethod = 'stripe';
        paymentDatetime = new Date(plan.created.getTime() + rng.int(1, 6) * MINUTE);
        stripeComplete = true;
      }
    } else if (plan.status === 'complete') {
      if (endMs <= nowMs) {
        // Paid at the counter on return.
        paymentStatus = 'paid';
        paymentMethod = rng.weighted([
          ['eftpos', 40],
          ['visa', 20],
          ['mastercard', 15],
          ['cash', 15],
          ['account', 10],
        ] as const);
        paymentDatetime = new Date(Math.min(endMs + rng.int(5, 25) * MINUTE, nowMs));
      } else if (plan.prepaid) {
        paymentStatus = 'paid';
        paymentMethod = rng.weighted([
          ['visa', 45],
          ['mastercard', 30],
          ['account', 25],
        ] as const);
        paymentDatetime = new Date(plan.created.getTime() + rng.int(1, 10) * MINUTE);
      } else {
        paymentMethod = rng.chance(0.6) ? 'Payment on return' : null;
      }
    }
    if (paymentDatetime && paymentDatetime.getTime() > nowMs) paymentDatetime = new Date(nowMs);

    // Check-in of cars that have arrived.
    const checkedIn = plan.status === 'complete' && startMs <= nowMs;
    const region = checkedIn ? rng.pick(plan.lot.regions) : undefined;
    const timeParked = checkedIn ? plan.start : null;
    const updated = new Date(
      Math.min(
        nowMs,
        Math.max(plan.created.getTime(), timeParked?.getTime() ?? 0, paymentDatetime?.getTime() ?? 0),
      ),
    );
    const passengersIn = rng.chance(0.9)
      ? plan.passengersOut
      : Math.max(1, plan.passengersOut + (rng.chance(0.5) ? 1 : -1));
    const notFlying = !plan.out;

    bookingRows.push({
      bookingCode: code,
      status: plan.status,
      bookingType: plan.bookingType,
      lotId: plan.lot.id,
      lotRegionId: region?.id ?? null,
      lotRegionRow: region ? rng.int(1, region.rows) : null,
      customerId: plan.customer.id,
      vehicleId: plan.vehicle.id,
      vehicleTypeId: plan.vehicle.vehicleTypeId,
      startDatetime: plan.start,
      endDatetime: plan.end,
      airlineOutId: plan.out?.airlineId ?? notFlyingId,
      airlineInId: plan.in?.airlineId ?? notFlyingId,
      flightNumberOut: plan.out?.flightNumber ?? '',
      flightNumberIn: plan.in?.flightNumber ?? '',
      busDepartureTime:
        !notFlying && plan.out?.busMinutes !== undefined ? timeText(plan.out.busMinutes) : null,
      passengersOut: plan.passengersOut,
      passengersIn,
      title: plan.customer.title,
      firstName: plan.customer.firstName,
      lastName: plan.customer.lastName,
      phoneNumber: plan.customer.phoneNumber,
      email: plan.customer.email,
      business: plan.customer.business,
      rego: plan.vehicle.rego,
      make: plan.vehicle.make,
      model: plan.vehicle.model,
      colour: plan.vehicle.colour,
      parkingCost: money(parking),
      extrasCost: money(extrasTotal),
      discountId: plan.promo ? discountId : null,
      promoCode: plan.promo ? promoCode : '',
      discountRate: plan.promo ? String(promoRate) : '0',
      amountDiscounted: money(discounted),
      subscriptionDiscount: '0',
      totalCost: money(total),
      amountPaid: paymentStatus === 'paid' ? money(total) : '0',
      paymentMethod,
      paymentStatus,
      paymentDatetime,
      stripeComplete,
      publicNotes: plan.channel === 'staff' && rng.chance(0.05) ? rng.pick(PUBLIC_NOTES) : '',
      notes: plan.channel === 'staff' && rng.chance(0.12) ? rng.pick(BOOKING_NOTES) : '',
      fuelLevel: checkedIn ? rng.pick(['1/4', '1/2', '1/2', '3/4', '3/4', 'Full']) : '',
      damage: checkedIn && rng.chance(0.07) ? rng.pick(DAMAGE_NOTES) : '',
      parkedById: checkedIn ? valetTable.pick(rng).id : null,
      timeParked,
      kilometers: checkedIn ? rng.int(4, 260) * 1000 + rng.int(0, 999) : null,
      vehicleNotes: checkedIn && rng.chance(0.08) ? rng.pick(VEHICLE_NOTES) : '',
      createdById: plan.createdById,
      created: plan.created,
      updated,
    });
  }
  const insertedBookings = await inChunks(bookingRows, (chunk) =>
    tx.insert(t.bookings).values(chunk).returning({ id: t.bookings.id, bookingCode: t.bookings.bookingCode }),
  );
  const bookingIdByCode = new Map(insertedBookings.map((row) => [row.bookingCode, row.id]));

  const bookingExtraRows = [...extrasByCode].flatMap(([code, list]) =>
    list.map((extra) => ({
      bookingId: bookingIdByCode.get(code) as number,
      extraId: extra.extraId,
      price: extra.price,
    })),
  );
  await inChunks(bookingExtraRows, async (chunk) => {
    await tx.insert(t.bookingExtras).values(chunk);
    return [];
  });
  const logRows = bookingRows.map((row) => ({
    bookingId: bookingIdByCode.get(row.bookingCode) as number,
    userId: row.createdById ?? null,
    timestamp: row.created as Date,
    action: 'created',
    info: {},
  }));
  await inChunks(logRows, async (chunk) => {
    await tx.insert(t.bookingLogs).values(chunk);
    return [];
  });

  // --- Contact messages -----------------------------------------------------------------------------------
  await tx.insert(t.contactSubmissions).values(
    CONTACT_MESSAGES.map((message, i) => ({
      ...message,
      created: new Date(nowMs - (CONTACT_MESSAGES.length - i) * 3.5 * DAY_MS + rng.int(0, 600) * MINUTE),
    })),
  );

  await seedContent(tx, now);

  // --- Summary --------------------------------------------------------------------------------------------
  const bookingsByStatus: Record<string, number> = {};
  for (const plan of plans) bookingsByStatus[plan.status] = (bookingsByStatus[plan.status] ?? 0) + 1;
  const complete = plans.filter((plan) => plan.status === 'complete');
  const fill: SeedSummary['fill'] = {};
  for (const lot of lots.values()) {
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
    users: userRows.length,
    customers: customers.length,
    staffCustomers: staffCustomers.length,
    vehicles: vehicleRows.length,
    vehicleTypes: typeRows.length,
    lots: lotRows.length,
    lotRegions: regionRows.length,
    shortTermRateDays: rateDayRows.length,
    airlines: airlineRows.length,
    busTrips: busRows.length,
    flights: flightRows.length,
    extras: extraRows.length,
    extraVariations: variationRows.length,
    discounts: 1,
    exceptionalDays: exceptionalDayRows.length,
    blockoutPeriods: blockoutRows.length,
    products: productRows.length,
    prices: PRODUCTS.length,
    bookings: bookingRows.length,
    bookingsByStatus,
    bookingExtras: bookingExtraRows.length,
    bookingLogs: logRows.length,
    contactSubmissions: CONTACT_MESSAGES.length,
    today: {
      date: isoDate(today),
      dropOffs: complete.filter((plan) => plan.day === today).length,
      pickUps: complete.filter((plan) => plan.day + plan.days - 1 === today).length,
    },
    fill,
  };
}

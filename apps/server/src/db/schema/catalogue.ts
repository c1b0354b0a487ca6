import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { createdAt, fraction, id, money, timestamptz } from './columns';

export const vehicleTypes = pgTable('vehicle_types', { id: id(), name: text('name').notNull() }, (t) => [
  uniqueIndex('vehicle_types_name_key').on(t.name),
]);

export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    rego: text('rego').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    colour: text('colour').notNull(),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id, { onDelete: 'restrict' }),
    ownerId: integer('owner_id').references(() => customers.id, { onDelete: 'cascade' }),
    deleted: boolean('deleted').notNull().default(false),
    /** Set for vehicles created from a booking that had no real rego; lists hide them. */
    regoUuid: boolean('rego_uuid').notNull().default(false),
    created: createdAt(),
  },
  (t) => [
    index('vehicles_owner_idx').on(t.ownerId),
    index('vehicles_rego_idx').on(t.rego),
    check('vehicles_rego_normalised', sql`${t.rego} = upper(replace(${t.rego}, ' ', ''))`),
  ],
);

export const lots = pgTable(
  'lots',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    productCodename: text('product_codename').notNull(),
    lotType: text('lot_type').notNull(),
    spaces: integer('spaces').notNull(),
    fillRateThreshold: fraction('fill_rate_threshold'),
    /** Long-stay daily rate added per day beyond the largest short-term row. */
    rate: money('rate').notNull().default('0'),
    subscriptionParkingDiscount: fraction('subscription_parking_discount').notNull().default('1'),
    /** The most cars through the desk in one 15-minute slot (drop-offs and pick-ups); null is unlimited. */
    slotCapacity: integer('slot_capacity'),
  },
  (t) => [
    uniqueIndex('lots_slug_key').on(t.slug),
    check('lots_lot_type_valid', sql`${t.lotType} IN ('indoor', 'outdoor')`),
    check('lots_spaces_positive', sql`${t.spaces} > 0`),
    check(
      'lots_threshold_fraction',
      sql`${t.fillRateThreshold} IS NULL OR (${t.fillRateThreshold} BETWEEN 0 AND 1)`,
    ),
    check('lots_rate_non_negative', sql`${t.rate} >= 0`),
    check('lots_subscription_discount_fraction', sql`${t.subscriptionParkingDiscount} BETWEEN 0 AND 1`),
    check('lots_slot_capacity_positive', sql`${t.slotCapacity} IS NULL OR ${t.slotCapacity} > 0`),
  ],
);

export const lotRegions = pgTable(
  'lot_regions',
  {
    id: id(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [index('lot_regions_lot_idx').on(t.lotId), check('lot_regions_rows_positive', sql`${t.rows} > 0`)],
);

export const airlines = pgTable('airlines', { id: id(), name: text('name').notNull() }, (t) => [
  uniqueIndex('airlines_name_key').on(t.name),
]);

export const busTrips = pgTable(
  'bus_trips',
  {
    id: id(),
    service: text('service').notNull(),
    departureTime: time('departure_time').notNull(),
  },
  (t) => [
    uniqueIndex('bus_trips_service_time_key').on(t.service, t.departureTime),
    check('bus_trips_service_valid', sql`${t.service} IN ('weekday', 'weekend')`),
  ],
);

export const flights = pgTable(
  'flights',
  {
    id: id(),
    airlineId: integer('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    time: time('time').notNull(),
    departure: boolean('departure').notNull(),
    busTripId: integer('bus_trip_id').references(() => busTrips.id, { onDelete: 'set null' }),
    flightNumber: text('flight_number').notNull(),
    flightLabel: text('flight_label').notNull().default(''),
  },
  (t) => [
    index('flights_lookup_idx').on(t.departure, t.airlineId, t.service, t.time),
    check('flights_service_valid', sql`${t.service} IN ('weekday', 'weekend')`),
    // Arrivals have no outbound bus.
    check('flights_bus_only_departures', sql`${t.departure} OR ${t.busTripId} IS NULL`),
  ],
);

export const extras = pgTable(
  'extras',
  {
    id: id(),
    name: text('name').notNull(),
    extraType: text('extra_type').notNull(),
    basePrice: money('base_price').notNull(),
    description: text('description').notNull().default(''),
    public: boolean('public').notNull().default(true),
    available: boolean('available').notNull().default(true),
  },
  (t) => [
    check('extras_type_valid', sql`${t.extraType} IN ('detailing', 'service')`),
    check('extras_base_price_non_negative', sql`${t.basePrice} >= 0`),
  ],
);

export const extraVariations = pgTable(
  'extra_variations',
  {
    id: id(),
    extraId: integer('extra_id')
      .notNull()
      .references(() => extras.id, { onDelete: 'cascade' }),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
  },
  (t) => [
    uniqueIndex('extra_variations_extra_vehicle_type_key').on(t.extraId, t.vehicleTypeId),
    index('extra_variations_vehicle_type_idx').on(t.vehicleTypeId),
    check('extra_variations_price_non_negative', sql`${t.price} >= 0`),
  ],
);

/** A row of the short-term rate table: the price of a stay of `days` days, per lot. */
export const shortTermRateDays = pgTable(
  'short_term_rate_days',
  { id: id(), days: integer('days').notNull() },
  (t) => [
    uniqueIndex('short_term_rate_days_days_key').on(t.days),
    check('short_term_rate_days_positive', sql`${t.days} > 0`),
  ],
);

export const shortTermRates = pgTable(
  'short_term_rates',
  {
    id: id(),
    dayId: integer('day_id')
      .notNull()
      .references(() => shortTermRateDays.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    rate: money('rate').notNull(),
  },
  (t) => [
    uniqueIndex('short_term_rates_day_lot_key').on(t.dayId, t.lotId),
    check('short_term_rates_non_negative', sql`${t.rate} >= 0`),
  ],
);

export const exceptionalDays = pgTable(
  'exceptional_days',
  { id: id(), name: text('name').notNull(), date: date('date', { mode: 'string' }).notNull() },
  (t) => [uniqueIndex('exceptional_days_date_key').on(t.date)],
);

export const exceptionalRates = pgTable(
  'exceptional_rates',
  {
    id: id(),
    dayId: integer('day_id')
      .notNull()
      .references(() => exceptionalDays.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    surcharge: money('surcharge').notNull(),
  },
  (t) => [
    uniqueIndex('exceptional_rates_day_lot_key').on(t.dayId, t.lotId),
    check('exceptional_rates_surcharge_non_negative', sql`${t.surcharge} >= 0`),
  ],
);

export const exceptionalDayUnavailableExtras = pgTable(
  'exceptional_day_unavailable_extras',
  {
    dayId: integer('day_id')
      .notNull()
      .references(() => exceptionalDays.id, { onDelete: 'cascade' }),
    extraId: integer('extra_id')
      .notNull()
      .references(() => extras.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.dayId, t.extraId] })],
);

export const blockoutPeriods = pgTable(
  'blockout_periods',
  {
    id: id(),
    name: text('name').notNull(),
    message: text('message').notNull().default(''),
    startDatetime: timestamptz('start_datetime').notNull(),
    endDatetime: timestamptz('end_datetime').notNull(),
    blockType: text('block_type').notNull(),
  },
  (t) => [
    index('blockout_periods_range_idx').on(t.blockType, t.startDatetime, t.endDatetime),
    check('blockout_periods_type_valid', sql`${t.blockType} IN ('parking', 'online_form', 'extra')`),
    check('blockout_periods_range_valid', sql`${t.endDatetime} > ${t.startDatetime}`),
  ],
);

export const blockoutPeriodExtras = pgTable(
  'blockout_period_extras',
  {
    blockoutPeriodId: integer('blockout_period_id')
      .notNull()
      .references(() => blockoutPeriods.id, { onDelete: 'cascade' }),
    extraId: integer('extra_id')
      .notNull()
      .references(() => extras.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.blockoutPeriodId, t.extraId] })],
);

/** Promo codes ("Discounts" in the back office). */
export const discounts = pgTable(
  'discounts',
  {
    id: id(),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    promoCode: text('promo_code').notNull(),
    rate: fraction('rate').notNull(),
    validFrom: timestamptz('valid_from').notNull(),
    validTo: timestamptz('valid_to').notNull(),
    dropOffStart: timestamptz('drop_off_start'),
    dropOffEnd: timestamptz('drop_off_end'),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('discounts_promo_code_key').on(t.promoCode),
    check('discounts_code_upper', sql`${t.promoCode} = upper(${t.promoCode})`),
    check('discounts_rate_fraction', sql`${t.rate} BETWEEN 0 AND 1`),
    check('discounts_valid_range', sql`${t.validTo} >= ${t.validFrom}`),
    check(
      'discounts_drop_off_range',
      sql`${t.dropOffStart} IS NULL OR ${t.dropOffEnd} IS NULL OR ${t.dropOffEnd} >= ${t.dropOffStart}`,
    ),
  ],
);

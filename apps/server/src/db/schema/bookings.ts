import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from './accounts';
import { airlines, discounts, extras, lotRegions, lots, vehicles, vehicleTypes } from './catalogue';
import { createdAt, fraction, id, money, timestamptz } from './columns';
import { partners } from './partners';

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    bookingCode: text('booking_code').notNull(),
    status: text('status').notNull().default('complete'),
    bookingType: text('booking_type').notNull().default('New'),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'restrict' }),
    lotRegionId: integer('lot_region_id').references(() => lotRegions.id, { onDelete: 'set null' }),
    lotRegionRow: integer('lot_region_row'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    // The partner that sold it through the partner API (issue 42), or none: its places count against its allotment.
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'restrict' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    vehicleTypeId: integer('vehicle_type_id').references(() => vehicleTypes.id, { onDelete: 'restrict' }),
    startDatetime: timestamptz('start_datetime').notNull(),
    endDatetime: timestamptz('end_datetime'),
    airlineOutId: integer('airline_out_id').references(() => airlines.id, { onDelete: 'set null' }),
    airlineInId: integer('airline_in_id').references(() => airlines.id, { onDelete: 'set null' }),
    flightNumberOut: text('flight_number_out').notNull().default(''),
    flightNumberIn: text('flight_number_in').notNull().default(''),
    busDepartureTime: time('bus_departure_time'),
    passengersOut: integer('passengers_out').notNull().default(1),
    passengersIn: integer('passengers_in').notNull().default(0),

    // Contact and vehicle details as they were when booked (flattened so that history never changes).
    title: text('title').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    email: text('email').notNull().default(''),
    business: text('business').notNull().default(''),
    rego: text('rego').notNull().default(''),
    make: text('make').notNull().default(''),
    model: text('model').notNull().default(''),
    colour: text('colour').notNull().default(''),

    parkingCost: money('parking_cost').notNull().default('0'),
    extrasCost: money('extras_cost').notNull().default('0'),
    discountId: integer('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    promoCode: text('promo_code').notNull().default(''),
    discountRate: fraction('discount_rate').notNull().default('0'),
    amountDiscounted: money('amount_discounted').notNull().default('0'),
    subscriptionDiscount: money('subscription_discount').notNull().default('0'),
    totalCost: money('total_cost').notNull().default('0'),
    amountPaid: money('amount_paid').notNull().default('0'),
    paymentMethod: text('payment_method'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    paymentDatetime: timestamptz('payment_datetime'),
    paymentIntentId: text('payment_intent_id'),
    stripeComplete: boolean('stripe_complete').notNull().default(false),
    hadSubscription: boolean('had_subscription').notNull().default(false),

    publicNotes: text('public_notes').notNull().default(''),
    notes: text('notes').notNull().default(''),

    // Check-in.
    fuelLevel: text('fuel_level').notNull().default(''),
    damage: text('damage').notNull().default(''),
    parkedById: integer('parked_by_id').references(() => customers.id, { onDelete: 'set null' }),
    timeParked: timestamptz('time_parked'),
    kilometers: integer('kilometers'),
    vehicleNotes: text('vehicle_notes').notNull().default(''),

    // Flight-aware returns (issue 24, migration 0010): the pick-up as booked before a late flight moved it
    // (null while never moved), what the arriving flight did, and why a move fell short of the delay.
    bookedEndDatetime: timestamptz('booked_end_datetime'),
    flightStatus: text('flight_status').$type<'delayed' | 'cancelled'>(),
    flightDelayMinutes: integer('flight_delay_minutes').notNull().default(0),
    flightMoveProblem: text('flight_move_problem').$type<'capped' | 'lot_full'>(),
    flightChecked: timestamptz('flight_checked'),

    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    updated: timestamptz('updated').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_booking_code_key').on(t.bookingCode),
    index('bookings_start_idx').on(t.startDatetime),
    index('bookings_end_idx').on(t.endDatetime),
    index('bookings_lot_range_idx').on(t.lotId, t.startDatetime, t.endDatetime),
    // A slot's pick-ups (pricing/slot-load.ts; migration 0011).
    index('bookings_lot_end_idx').on(t.lotId, t.endDatetime),
    // bookings_period_idx (migration 0001, hand-written because Drizzle cannot declare INCLUDE): a
    // GiST index on tstzrange(start_datetime, end_datetime, '[]') covering lot_id, status, created
    // and the datetimes, so that the stays overlapping a date range (fill rates, quotes) are found
    // by an index-only scan instead of by scanning every earlier or later booking.
    // The reports (src/reports/) count complete bookings by the day of their drop-off or pick-up over
    // months of history: partial indexes holding only complete bookings, with what the reports read,
    // let them run as index-only scans instead of visiting every booking's row in the range.
    index('bookings_complete_start_idx')
      .on(t.startDatetime, t.bookingType, t.totalCost)
      .where(sql`status = 'complete'`),
    index('bookings_complete_end_idx')
      .on(t.endDatetime, t.id)
      .where(sql`status = 'complete'`),
    // The income owed report: the few bookings with a balance owing, found without reading the rest, in
    // the report's order (pick-up, code, id) with the columns it prints, so read by an index-only scan
    // (migration 0016; reports/income-owed.ts incomeOwedFields).
    index('bookings_owing_idx')
      .on(
        t.endDatetime,
        t.bookingCode,
        t.id,
        t.title,
        t.firstName,
        t.lastName,
        t.phoneNumber,
        t.totalCost,
        t.amountPaid,
      )
      .where(sql`status = 'complete' AND total_cost > amount_paid`),
    // bookings_search_trgm_idx (migration 0006, hand-written: Drizzle cannot declare the operator class):
    // a pg_trgm GIN index on the text the back office's customer-details search reads
    // (BOOKING_SEARCH_TEXT in bookings/bookings-resource.ts), so that "contains" finds a booking among
    // hundreds of thousands without reading them all.
    index('bookings_customer_idx').on(t.customerId, t.created),
    index('bookings_partner_idx')
      .on(t.partnerId, t.lotId, t.startDatetime, t.endDatetime)
      .where(sql`${t.partnerId} IS NOT NULL`),
    index('bookings_created_idx').on(t.created),
    index('bookings_payment_datetime_idx').on(t.paymentDatetime),
    index('bookings_status_idx').on(t.status),
    index('bookings_rego_idx').on(t.rego),
    index('bookings_payment_intent_idx').on(t.paymentIntentId),
    check(
      'bookings_status_valid',
      sql`${t.status} IN ('pending', 'complete', 'cancelled', 'abandoned', 'error', 'payment_failed')`,
    ),
    check('bookings_payment_status_valid', sql`${t.paymentStatus} IN ('unpaid', 'paid', 'refunded')`),
    check(
      'bookings_payment_method_valid',
      sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ('stripe', 'cash', 'eftpos', 'visa', 'mastercard', 'cheque', 'account', 'Payment on return')`,
    ),
    check('bookings_range_valid', sql`${t.endDatetime} IS NULL OR ${t.endDatetime} > ${t.startDatetime}`),
    check('bookings_passengers_non_negative', sql`${t.passengersOut} >= 0 AND ${t.passengersIn} >= 0`),
    check(
      'bookings_costs_non_negative',
      sql`${t.parkingCost} >= 0 AND ${t.extrasCost} >= 0 AND ${t.amountDiscounted} >= 0 AND ${t.subscriptionDiscount} >= 0 AND ${t.totalCost} >= 0 AND ${t.amountPaid} >= 0`,
    ),
    check('bookings_discount_rate_fraction', sql`${t.discountRate} BETWEEN 0 AND 1`),
    check('bookings_region_row_positive', sql`${t.lotRegionRow} IS NULL OR ${t.lotRegionRow} > 0`),
    check(
      'bookings_flight_status_valid',
      sql`${t.flightStatus} IS NULL OR ${t.flightStatus} IN ('delayed', 'cancelled')`,
    ),
    check(
      'bookings_flight_move_problem_valid',
      sql`${t.flightMoveProblem} IS NULL OR ${t.flightMoveProblem} IN ('capped', 'lot_full')`,
    ),
    check('bookings_flight_delay_non_negative', sql`${t.flightDelayMinutes} >= 0`),
  ],
);

/** The extras of a booking with the price each was sold at (`extrasPrices`). */
export const bookingExtras = pgTable(
  'booking_extras',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    extraId: integer('extra_id')
      .notNull()
      .references(() => extras.id, { onDelete: 'restrict' }),
    price: money('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.extraId] }),
    index('booking_extras_extra_idx').on(t.extraId),
    check('booking_extras_price_non_negative', sql`${t.price} >= 0`),
  ],
);

export const bookingLogs = pgTable(
  'booking_logs',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    action: text('action').notNull(),
    /** Changed fields: { field: [before, after] }, or context for the action. */
    info: jsonb('info').notNull().default({}),
  },
  (t) => [index('booking_logs_booking_idx').on(t.bookingId, t.timestamp)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_id_key').on(t.providerPaymentId),
    index('payments_booking_idx').on(t.bookingId),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The booking's money, one row per movement, never updated: card payments (with the provider's
 * payment intent), payments staff took (cash, EFTPOS, cheque, account...), refunds. The booking's
 * amountPaid, paymentStatus, paymentMethod, paymentDatetime and stripeComplete are derived from these
 * rows by @parking/domain/ledger (payments/ledger.ts writes them), never set on their own.
 */
export const bookingMovements = pgTable(
  'booking_movements',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    method: text('method').notNull(),
    amount: money('amount').notNull(),
    /** The provider's payment intent a card payment or card refund belongs to; null for money staff handled. */
    reference: text('reference'),
    /** What makes recording a movement idempotent: 'payment:pi_…', 'refund:re_…', 'staff:…'. */
    key: text('key').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamptz('at').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('booking_movements_key_key').on(t.key),
    index('booking_movements_booking_idx').on(t.bookingId, t.at),
    check('booking_movements_kind_valid', sql`${t.kind} IN ('payment', 'refund')`),
    check('booking_movements_amount_positive', sql`${t.amount} > 0`),
    check(
      'booking_movements_method_valid',
      sql`${t.method} IN ('stripe', 'cash', 'eftpos', 'visa', 'mastercard', 'cheque', 'account', 'Payment on return')`,
    ),
  ],
);

/**
 * A traveller's change that costs more than was paid (manage my booking): it waits here, with the
 * days it adds held for as long as an unpaid online booking is held, and is applied to the booking
 * only when its difference is paid (bookings/booking-changes.ts).
 */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    /** The booking's columns as the change makes them (datetimes as ISO strings). */
    values: jsonb('values').notNull(),
    /** The extras as they will be ([{id, cents}]), or null when the change leaves them as they are. */
    extras: jsonb('extras'),
    /** What the Edit History will show: { field: [before, after] }. */
    changed: jsonb('changed').notNull(),
    amount: money('amount').notNull(),
    paymentIntentId: text('payment_intent_id'),
    status: text('status').notNull().default('awaiting_payment'),
    /** Business dates the change adds before the booked stay and after it (held while awaiting payment). */
    holdFirst: date('hold_first', { mode: 'string' }),
    holdLast: date('hold_last', { mode: 'string' }),
    hold2First: date('hold2_first', { mode: 'string' }),
    hold2Last: date('hold2_last', { mode: 'string' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    index('booking_changes_booking_idx').on(t.bookingId),
    index('booking_changes_intent_idx').on(t.paymentIntentId),
    index('booking_changes_awaiting_idx')
      .on(t.created)
      .where(sql`status = 'awaiting_payment'`),
    check(
      'booking_changes_status_valid',
      sql`${t.status} IN ('awaiting_payment', 'applied', 'refused', 'superseded', 'cancelled')`,
    ),
    check('booking_changes_amount_positive', sql`${t.amount} > 0`),
  ],
);

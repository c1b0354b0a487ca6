/**
 * Bookings. Anyone may create one (the wizard); a customer sees only their own; staff see and
 * change all; only Admins delete. Costs are the server's: see bookings/save-booking.ts (book-online.ts for the
 * wizard's booking, book-at-desk.ts for staff's).
 */
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { publicBookingSchema, staffBookingFields, staffBookingSchema } from '@parking/domain/booking';
import { CHANNEL_KINDS, isChannelKind, WEBSITE_BOOKING_TYPES } from '@parking/domain/booking-channel';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '@parking/domain/constants';
import { addDaysToDate, isCountableInstant, startOfBusinessDay } from '@parking/domain/dates';
import { isValidDate, parseValue } from '../jsonapi/query';
import { isAdmin, isStaff } from '../context';
import { bookingExtras, bookings } from '../db/schema/index';
import { readAttributes, readRelationshipIds, type WriteDocument } from '../jsonapi/document';
import { errors } from '../jsonapi/errors';
import type { ResourceDefinition } from '../jsonapi/resource';
import { bookAtDesk } from './book-at-desk';
import { bookOnline } from './book-online';
import { bookingAttributes, bookingSparse } from './booking-attributes-resource';
import { bookingFields, type BookingListRow } from './booking-read';
import type { BookingLinks } from './save-booking';
import { throttlePromoLookups } from './booking-rules';
import { assertUnpaidHoldAllowed } from '../payments/online-payment';
import { bookingSearch } from './booking-search-sql';
import { goingAheadSql } from './status-rules-sql';
import { updateBooking } from './update-booking';

/**
 * Instants on a business date: from its midnight to the next day's, each in the business's time zone
 * (so a 23- or 25-hour day is right), as a range the column's index serves.
 */
const dateFilter =
  (column: typeof bookings.startDatetime | typeof bookings.endDatetime, name: string) =>
  (value: string, timeZone: string) => {
    if (!isValidDate(value))
      throw errors.parameter(`"${value}" is not a valid date (YYYY-MM-DD).`, `filter[${name}]`);
    return and(
      gte(column, startOfBusinessDay(value, timeZone)),
      lt(column, startOfBusinessDay(addDaysToDate(value, 1), timeZone)),
    );
  };

/** The bookings of a channel, by the domain's rule (booking-channel.ts): a partner's, else the website's types. */
const channelFilter = (value: string) => {
  if (!isChannelKind(value))
    throw errors.parameter(
      `"${value}" is not one of ${CHANNEL_KINDS.map((kind) => `"${kind}"`).join(', ')}.`,
      'filter[channel]',
    );
  if (value === 'partner') return isNotNull(bookings.partnerId);
  const website = inArray(bookings.bookingType, [...WEBSITE_BOOKING_TYPES]);
  return and(
    isNull(bookings.partnerId),
    value === 'website' ? website : notInArray(bookings.bookingType, [...WEBSITE_BOOKING_TYPES]),
  );
};

/** Bookings with (or without) any extra. */
const withExtras = (wanted: boolean) => {
  const any = sql`exists (select 1 from booking_extras be where be.booking_id = ${bookings.id})`;
  return wanted ? any : sql`not ${any}`;
};

const datetime = (value: string, parameter: string) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || !isCountableInstant(date) || !/^\d{4}-\d{2}-\d{2}/.test(value))
    throw errors.parameter(`"${value}" is not a valid datetime.`, parameter);
  return date;
};

/**
 * What a booking document names, as ids. Relationships its answer carries but a write cannot set
 * (createdBy) are ignored, as the generic layer's writes have always done for bookings.
 */
function bookingLinks(doc: WriteDocument): BookingLinks {
  const { ids, lists } = readRelationshipIds(
    doc,
    {
      lot: 'one',
      vehicleType: 'one',
      airlineOut: 'one',
      airlineIn: 'one',
      customer: 'one',
      vehicle: 'one',
      lotRegion: 'one',
      discount: 'one',
      parkedBy: 'one',
      extras: 'many',
    },
    'ignore',
  );
  const { extras: _extras, ...toOne } = ids;
  return { ...toOne, extras: lists.extras };
}

export const bookingsResource: ResourceDefinition<BookingListRow> = {
  type: 'bookings',
  table: bookings,
  idColumn: bookings.id,
  notFound: 'Booking not found',
  fields: bookingFields,
  attributes: bookingAttributes,
  sparse: bookingSparse,
  relationships: {
    lot: { kind: 'one', type: 'lots', key: 'lotId' },
    lotRegion: { kind: 'one', type: 'lot-regions', key: 'lotRegionId' },
    customer: { kind: 'one', type: 'customers', key: 'customerId' },
    vehicle: { kind: 'one', type: 'vehicles', key: 'vehicleId' },
    vehicleType: { kind: 'one', type: 'vehicle-types', key: 'vehicleTypeId' },
    airlineOut: { kind: 'one', type: 'airlines', key: 'airlineOutId' },
    airlineIn: { kind: 'one', type: 'airlines', key: 'airlineInId' },
    discount: { kind: 'one', type: 'discounts', key: 'discountId' },
    parkedBy: { kind: 'one', type: 'customers', key: 'parkedById' },
    createdBy: { kind: 'one', type: 'users', key: 'createdById' },
    extras: {
      kind: 'many',
      type: 'extras',
      async load(ctx, ids) {
        const rows = ids.length
          ? await ctx.db.select().from(bookingExtras).where(inArray(bookingExtras.bookingId, ids))
          : [];
        const map = new Map<number, number[]>();
        for (const row of rows) map.set(row.bookingId, [...(map.get(row.bookingId) ?? []), row.extraId]);
        return map;
      },
    },
  },
  filters: {
    id: { kind: 'column', column: bookings.id, value: 'int', ops: ['eq', 'in'] },
    bookingCode: { kind: 'column', column: bookings.bookingCode, value: 'string', ops: ['eq', 'in'] },
    customer: { kind: 'column', column: bookings.customerId, value: 'int', ops: ['eq', 'in', 'isnull'] },
    lot: { kind: 'column', column: bookings.lotId, value: 'int', ops: ['eq', 'in'] },
    /** What it was sold through (issue 42): website, staff or partner; `partner` names one partner. */
    channel: { kind: 'custom', apply: (value) => channelFilter(value) },
    partner: { kind: 'column', column: bookings.partnerId, value: 'int', ops: ['eq', 'in', 'isnull'] },
    status: {
      kind: 'column',
      column: bookings.status,
      value: 'string',
      ops: ['eq', 'in'],
      choices: BOOKING_STATUSES,
    },
    paymentStatus: {
      kind: 'column',
      column: bookings.paymentStatus,
      value: 'string',
      ops: ['eq', 'in'],
      choices: PAYMENT_STATUSES,
    },
    rego: { kind: 'column', column: bookings.rego, value: 'string', ops: ['eq', 'icontains'] },
    start_datetime: {
      kind: 'column',
      column: bookings.startDatetime,
      value: 'datetime',
      ops: ['gte', 'lte', 'gt', 'lt'],
    },
    end_datetime: {
      kind: 'column',
      column: bookings.endDatetime,
      value: 'datetime',
      ops: ['gte', 'lte', 'gt', 'lt', 'isnull'],
    },
    payment_datetime: {
      kind: 'column',
      column: bookings.paymentDatetime,
      value: 'datetime',
      ops: ['gte', 'lte', 'gt', 'lt', 'isnull'],
    },
    customer_details: { kind: 'custom', apply: (value) => (value.trim() ? bookingSearch(value) : undefined) },
    end_datetime__gte_or_isnull: {
      kind: 'custom',
      apply: (value) =>
        or(
          isNull(bookings.endDatetime),
          gte(bookings.endDatetime, datetime(value, 'filter[end_datetime__gte_or_isnull]')),
        ),
    },
    /**
     * Cars on site now: dropped off and not yet collected (start <= now, and no end or end >= now),
     * written as the stay's period containing now so that the GiST index on the period
     * (bookings_period_idx) finds them among years of bookings.
     */
    currently_parked: {
      kind: 'custom',
      apply: (value, ctx) => {
        const parked = and(
          eq(bookings.status, 'complete'),
          sql`tstzrange(${bookings.startDatetime}, ${bookings.endDatetime}, '[]') @> ${ctx.now.toISOString()}::timestamptz`,
        );
        if (value === 'true' || value === '1') return parked;
        if (value === 'false' || value === '0') return sql`NOT (${parked})`;
        throw errors.parameter(`"${value}" is not a valid boolean.`, 'filter[currently_parked]');
      },
    },
    /** A balance owing (the domain's balanceToPayCents > 0): going ahead, and paid less than the total. */
    owing: {
      kind: 'custom',
      apply: (value) => {
        const owing = and(goingAheadSql(bookings.status), gt(bookings.totalCost, bookings.amountPaid));
        return parseValue('bool', value, 'filter[owing]') === true ? owing : sql`NOT (${owing})`;
      },
    },
    /** The diary: drop-offs and pick-ups on a business date. */
    diaryDate: {
      kind: 'custom',
      apply: (value, ctx) => {
        const tz = ctx.services.config.timeZone;
        return or(
          dateFilter(bookings.startDatetime, 'diaryDate')(value, tz),
          dateFilter(bookings.endDatetime, 'diaryDate')(value, tz),
        );
      },
    },
    start_diary_date: {
      kind: 'custom',
      apply: (value, ctx) =>
        dateFilter(bookings.startDatetime, 'start_diary_date')(value, ctx.services.config.timeZone),
    },
    end_diary_date: {
      kind: 'custom',
      apply: (value, ctx) =>
        dateFilter(bookings.endDatetime, 'end_diary_date')(value, ctx.services.config.timeZone),
    },
    extras: {
      kind: 'custom',
      apply: (value) => withExtras(parseValue('bool', value, 'filter[extras]') === true),
    },
    /** The Extras report's "extras not null" (back-office §7) in the list operators' spelling. */
    extras__isnull: {
      kind: 'custom',
      apply: (value) => withExtras(parseValue('bool', value, 'filter[extras__isnull]') === false),
    },
  },
  sorts: {
    id: bookings.id,
    created: bookings.created,
    startDatetime: bookings.startDatetime,
    endDatetime: bookings.endDatetime,
    paymentDatetime: bookings.paymentDatetime,
    totalCost: bookings.totalCost,
    lastName: bookings.lastName,
    status: bookings.status,
    bookingCode: bookings.bookingCode,
  },
  defaultSort: '-created',
  access: {
    list: 'authenticated',
    read: 'authenticated',
    create: 'anyone',
    update: 'staff',
    delete: (ctx) => isAdmin(ctx.user),
  },
  scope: (ctx) =>
    isStaff(ctx.user)
      ? undefined
      : ctx.user?.customerId
        ? eq(bookings.customerId, ctx.user.customerId)
        : sql`false`,
  // Promo codes must not be guessable through bookings either: each code tried counts.
  async throttle(ctx, doc) {
    if (isStaff(ctx.user)) return;
    const { promoCode, email } = doc.attributes;
    if (typeof promoCode === 'string' && promoCode.trim()) await throttlePromoLookups(ctx);
    await assertUnpaidHoldAllowed(ctx, typeof email === 'string' ? email : '');
  },
  // The booking, its customer, payment and ledger rows: the held quotes hear of the booking through the feed.
  createAnnounced: true,
  // Staff key in every field of the back office's form, in the create's transaction (audited); travellers the
  // wizard's, saved and then paid for (its 201 carries the payment's clientSecret).
  async createCommand(ctx, doc, save) {
    const links = bookingLinks(doc);
    if (isStaff(ctx.user)) {
      const booking = { attributes: readAttributes(staffBookingSchema, doc), links };
      return { id: await save((tx) => bookAtDesk(tx, booking)) };
    }
    const { id, clientSecret, row } = await bookOnline(ctx, {
      attributes: readAttributes(publicBookingSchema, doc),
      links,
    });
    return { id, attributes: { clientSecret }, row };
  },
  update: (ctx, row, doc) =>
    updateBooking(ctx, row, {
      attributes: readAttributes(staffBookingFields.partial(), doc, { sentOnly: true }),
      links: bookingLinks(doc),
    }),
};

/**
 * What a booking's tax invoice says, worked out from the stored booking: every value is the one
 * the booking was sold at (costs, extras prices, promo rate), never recomputed from today's prices.
 * Dates and times are the business's (its time zone), as the back office shows them.
 */
import { businessDate, formatterPerZone, formatTime12, stayDays } from '@parking/domain/dates';
import { formatAud, parseMoney } from '@parking/domain/money';
import { paymentMethodLabel, paymentStatusLabel } from '@parking/domain/payment-labels';
import { balanceToPayCents } from '@parking/domain/stay-phase';
import { gstCents } from '@parking/domain/pricing';
import { asc, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../context';
import { airlines, bookingExtras, extras, lots } from '../db/schema/index';
import { moneyText } from '@parking/domain/api-values';
import type { BookingRow } from '../db/rows';

interface InvoiceLine {
  description: string;
  /** A second, smaller line under the description. */
  detail: string;
  /** Formatted AUD, negative for discounts ("-$5.20"). */
  amount: string;
}

export interface InvoiceModel {
  bookingCode: string;
  /** D/MM/YYYY in the business's time zone. */
  issueDate: string;
  bookingStatus: string;
  customer: { name: string; business: string; email: string; phone: string };
  vehicle: { rego: string; description: string };
  lot: string;
  dropOff: string;
  pickUp: string;
  flightOut: string;
  flightIn: string;
  passengers: string;
  busDeparture: string;
  lines: InvoiceLine[];
  total: string;
  gst: string;
  amountPaid: string;
  balanceDue: string;
  paymentStatus: string;
  paymentMethod: string;
  paymentDate: string;
  /** The booking's public notes (never the admin notes). */
  notes: string;
}

const NONE = '-';

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  // The site's word for a confirmed booking (public-site §4 status display).
  complete: 'Complete',
  cancelled: 'Cancelled',
  abandoned: 'Abandoned',
  error: 'Error',
  payment_failed: 'Payment failed',
};

const cents = (value: string | null | undefined) => parseMoney(moneyText(value));

/** '0.1000' → '10%', '0.125' → '12.5%'. */
function percentText(rate: string): string {
  const percent = Math.round(Number(rate) * 10000) / 100;
  return `${percent}%`;
}

const partsFormatter = formatterPerZone('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock parts of an instant in the business's time zone. */
function localParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    // en-AU pads the day even when asked for 'numeric'; the back office writes D/MM/YYYY.
    date: `${Number(parts.day)}/${parts.month}/${parts.year}`,
    weekday: parts.weekday ?? '',
    time: formatTime12(`${parts.hour}:${parts.minute}`),
  };
}

/** D/MM/YYYY, the back office's date format, in the business's time zone. */
export const invoiceDate = (instant: Date, timeZone: string): string => localParts(instant, timeZone).date;

/** 'Tue 1/12/2026, 6:00 am' in the business's time zone. */
export function invoiceDateTime(instant: Date, timeZone: string): string {
  const local = localParts(instant, timeZone);
  return `${local.weekday} ${local.date}, ${local.time}`;
}

function flight(airline: string | undefined, number: string): string {
  if (airline === 'Not flying') return airline;
  return [airline, number].filter(Boolean).join(' ') || NONE;
}

export interface InvoiceLookups {
  lots: ReadonlyMap<number, string>;
  airlines: ReadonlyMap<number, string>;
  /** Each booking's extras as sold: name and price. */
  extras: ReadonlyMap<number, ReadonlyArray<{ name: string; price: string }>>;
}

export function invoiceModel(
  booking: BookingRow,
  lookups: InvoiceLookups,
  timeZone: string,
  issuedAt: Date,
): InvoiceModel {
  const lot = lookups.lots.get(booking.lotId) ?? NONE;
  const lines: InvoiceLine[] = [];
  const start = booking.startDatetime;
  const end = booking.endDatetime;
  const days = end ? stayDays(businessDate(start, timeZone), businessDate(end, timeZone)) : undefined;
  const period = end
    ? `${invoiceDate(start, timeZone)} to ${invoiceDate(end, timeZone)}`
    : `From ${invoiceDate(start, timeZone)}`;
  lines.push({
    description: days === undefined ? 'Parking' : `Parking (${days} ${days === 1 ? 'day' : 'days'})`,
    detail: `${lot} car park, ${period}`,
    amount: formatAud(cents(booking.parkingCost)),
  });
  // The parking discounts follow the parking line, then the extras (the promo never applies to extras).
  const subscription = cents(booking.subscriptionDiscount);
  if (subscription > 0) {
    lines.push({
      description: 'Subscription discount',
      detail: 'Days covered by your parking subscription',
      amount: formatAud(-subscription),
    });
  }
  const discounted = cents(booking.amountDiscounted);
  if (discounted > 0) {
    lines.push({
      description: booking.promoCode ? `Promo code ${booking.promoCode}` : 'Discount',
      detail: `${percentText(booking.discountRate)} off parking`,
      amount: formatAud(-discounted),
    });
  }
  for (const extra of lookups.extras.get(booking.id) ?? []) {
    lines.push({ description: extra.name, detail: '', amount: formatAud(cents(extra.price)) });
  }
  const total = cents(booking.totalCost);
  const paid = cents(booking.amountPaid);
  const name = [booking.title, booking.firstName, booking.lastName].filter(Boolean).join(' ');
  const vehicle = [[booking.make, booking.model].filter(Boolean).join(' '), booking.colour]
    .filter(Boolean)
    .join(', ');
  return {
    bookingCode: booking.bookingCode,
    issueDate: invoiceDate(issuedAt, timeZone),
    bookingStatus: STATUS_LABELS[booking.status] ?? booking.status,
    customer: {
      name: name || NONE,
      business: booking.business,
      email: booking.email,
      phone: booking.phoneNumber,
    },
    vehicle: { rego: booking.rego || NONE, description: vehicle },
    lot,
    dropOff: invoiceDateTime(start, timeZone),
    pickUp: end ? invoiceDateTime(end, timeZone) : NONE,
    flightOut: flight(
      booking.airlineOutId ? lookups.airlines.get(booking.airlineOutId) : undefined,
      booking.flightNumberOut,
    ),
    flightIn: flight(
      booking.airlineInId ? lookups.airlines.get(booking.airlineInId) : undefined,
      booking.flightNumberIn,
    ),
    passengers: `${booking.passengersOut} out, ${booking.passengersIn} in`,
    busDeparture: booking.busDepartureTime ? formatTime12(booking.busDepartureTime) : NONE,
    lines,
    total: formatAud(total),
    gst: formatAud(gstCents(total)),
    amountPaid: formatAud(paid),
    // A cancelled booking owes nothing, whatever its figures say (the ledger's rule, as manage my booking).
    balanceDue: formatAud(balanceToPayCents({ status: booking.status, totalCents: total, paidCents: paid })),
    paymentStatus: paymentStatusLabel(booking.paymentStatus, booking.amountPaid),
    paymentMethod: paymentMethodLabel(booking.paymentMethod) || NONE,
    paymentDate: booking.paymentDatetime ? invoiceDateTime(booking.paymentDatetime, timeZone) : NONE,
    notes: booking.publicNotes.trim(),
  };
}

/** The names and sold extras the invoices of these bookings print, in three queries whatever their number. */
export async function loadInvoiceLookups(
  ctx: Pick<RequestContext, 'db'>,
  bookings: readonly BookingRow[],
): Promise<InvoiceLookups> {
  const ids = (values: Array<number | null>) => [
    ...new Set(values.filter((value): value is number => value !== null)),
  ];
  const lotIds = ids(bookings.map((booking) => booking.lotId));
  const airlineIds = ids(bookings.flatMap((booking) => [booking.airlineOutId, booking.airlineInId]));
  const bookingIds = ids(bookings.map((booking) => booking.id));
  const [lotRows, airlineRows, extraRows] = await Promise.all([
    lotIds.length
      ? ctx.db.select({ id: lots.id, name: lots.name }).from(lots).where(inArray(lots.id, lotIds))
      : [],
    airlineIds.length
      ? ctx.db
          .select({ id: airlines.id, name: airlines.name })
          .from(airlines)
          .where(inArray(airlines.id, airlineIds))
      : [],
    bookingIds.length
      ? ctx.db
          .select({ bookingId: bookingExtras.bookingId, name: extras.name, price: bookingExtras.price })
          .from(bookingExtras)
          .innerJoin(extras, eq(extras.id, bookingExtras.extraId))
          .where(inArray(bookingExtras.bookingId, bookingIds))
          .orderBy(asc(extras.name), asc(extras.id))
      : [],
  ]);
  const extrasByBooking = new Map<number, Array<{ name: string; price: string }>>();
  for (const row of extraRows) {
    extrasByBooking.set(row.bookingId, [
      ...(extrasByBooking.get(row.bookingId) ?? []),
      { name: row.name, price: row.price },
    ]);
  }
  return {
    lots: new Map(lotRows.map((row) => [row.id, row.name])),
    airlines: new Map(airlineRows.map((row) => [row.id, row.name])),
    extras: extrasByBooking,
  };
}

export async function loadInvoiceModels(
  ctx: RequestContext,
  bookings: readonly BookingRow[],
): Promise<InvoiceModel[]> {
  const lookups = await loadInvoiceLookups(ctx, bookings);
  return bookings.map((booking) => invoiceModel(booking, lookups, ctx.services.config.timeZone, ctx.now));
}

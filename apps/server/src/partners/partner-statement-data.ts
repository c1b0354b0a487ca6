/**
 * A partner's monthly statement read from the ledger (issue 42, item 5): what moved the partner's account in the
 * month, from its bookings' `account` movements (booking_movements: the total owed when the partner booked
 * (partners/partner-booking-create.ts), the difference of a change, the credit of a cancellation (bookings/
 * booking-change-apply.ts, booking-cancel.ts)) and the payments received from it (partner_payments). The
 * figures are the domain's (@parking/domain/partner-statement); this file only reads the rows.
 *
 * The lines: the partner's bookings made in the month; their changes and cancellations in the month (booking_logs,
 * whoever made them; a change that moved no money is a line of $0.00); and any other `account` movement of its
 * bookings in the month (money staff recorded on account) as a change, so that the statements of every month
 * add up to what the account has moved.
 */
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { fullName, moneyText } from '@parking/domain/api-values';
import { DomainError } from '@parking/domain/errors';
import type { MovementKind } from '@parking/domain/ledger';
import { parseMoney, type Cents } from '@parking/domain/money';
import { monthBounds } from '@parking/domain/partner-payments';
import {
  partnerStatement,
  type PartnerStatement,
  type StatementEvent,
  type StatementReceipt,
} from '@parking/domain/partner-statement';
import type { Executor } from '../db/client';
import { bookingLogs, bookingMovements, bookings, lots, partnerPayments, partners } from '../db/schema/index';

const PARTNER_NOT_FOUND = 'Partner not found';

export interface StatementPartner {
  id: number;
  name: string;
  /** The fraction as stored ("0.1500"). */
  commissionRate: string;
}

interface StatementPayment extends StatementReceipt {
  id: number;
  created: Date;
}

export interface StatementData {
  partner: StatementPartner;
  month: string;
  statement: PartnerStatement;
  payments: StatementPayment[];
}

/** The partner, or 404; locked for the rest of the transaction when asked (a payment being recorded). */
export async function statementPartner(db: Executor, id: number, lock = false): Promise<StatementPartner> {
  const query = db
    .select({ id: partners.id, name: partners.name, commissionRate: partners.commissionRate })
    .from(partners)
    .where(eq(partners.id, id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw DomainError.notFound(PARTNER_NOT_FOUND);
  return row;
}

const bookingFields = {
  id: bookings.id,
  code: bookings.bookingCode,
  title: bookings.title,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  lot: lots.name,
  start: bookings.startDatetime,
  end: bookings.endDatetime,
  created: bookings.created,
};
/** A booking as the statement's lines name it. */
interface BookingRow {
  id: number;
  code: string;
  title: string;
  firstName: string;
  lastName: string;
  lot: string;
  start: Date;
  end: Date | null;
}

const cents = (amount: string) => parseMoney(moneyText(amount));
const signed = (kind: string, amount: string): Cents =>
  (kind as MovementKind) === 'refund' ? -cents(amount) : cents(amount);

/** The month's lines and payments for the partner, and the statement the domain makes of them. */
export async function loadPartnerStatement(
  db: Executor,
  partner: StatementPartner,
  month: string,
  timeZone: string,
): Promise<StatementData> {
  const { start, end } = monthBounds(month, timeZone);
  const inMonth = (column: AnyPgColumn) => and(gte(column, start), lt(column, end));
  const ofPartner = eq(bookings.partnerId, partner.id);

  const made = await db
    .select(bookingFields)
    .from(bookings)
    .innerJoin(lots, eq(lots.id, bookings.lotId))
    .where(and(ofPartner, inMonth(bookings.created)))
    .orderBy(asc(bookings.created), asc(bookings.id));
  const logs = await db
    .select({
      ...bookingFields,
      logId: bookingLogs.id,
      action: bookingLogs.action,
      info: bookingLogs.info,
      at: bookingLogs.timestamp,
    })
    .from(bookingLogs)
    .innerJoin(bookings, eq(bookings.id, bookingLogs.bookingId))
    .innerJoin(lots, eq(lots.id, bookings.lotId))
    .where(
      and(ofPartner, inArray(bookingLogs.action, ['updated', 'cancelled']), inMonth(bookingLogs.timestamp)),
    )
    .orderBy(asc(bookingLogs.timestamp), asc(bookingLogs.id));
  const movements = await db
    .select({
      ...bookingFields,
      key: bookingMovements.key,
      kind: bookingMovements.kind,
      amount: bookingMovements.amount,
      at: bookingMovements.at,
    })
    .from(bookingMovements)
    .innerJoin(bookings, eq(bookings.id, bookingMovements.bookingId))
    .innerJoin(lots, eq(lots.id, bookings.lotId))
    .where(and(ofPartner, eq(bookingMovements.method, 'account'), inMonth(bookingMovements.at)))
    .orderBy(asc(bookingMovements.at), asc(bookingMovements.id));

  const byKey = new Map(movements.map((movement) => [movement.key, movement]));
  const used = new Set<string>();
  /** The account movement recorded with `key` (signed), used once; 0 when none was. */
  const moved = (key: string): Cents => {
    const movement = byKey.get(key);
    if (!movement || used.has(key)) return 0;
    used.add(key);
    return signed(movement.kind, movement.amount);
  };
  const line = (kind: StatementEvent['kind'], at: Date, booking: BookingRow, grossCents: Cents) => ({
    kind,
    at,
    bookingCode: booking.code,
    traveller: fullName(booking),
    lot: booking.lot,
    start: booking.start,
    end: booking.end,
    grossCents,
  });

  const events: StatementEvent[] = [
    ...made.map((row) => line('booking', row.created, row, moved(`partner-booking:${row.id}`))),
    ...logs.map((row) => {
      const cancelled =
        row.action === 'cancelled' ||
        (row.info as { status?: unknown[] } | null)?.status?.[1] === 'cancelled';
      const gross = cancelled ? moved(`cancel-${row.id}`) : moved(`change-${row.logId}`);
      return line(cancelled ? 'cancellation' : 'change', row.at, row, gross);
    }),
  ];
  for (const movement of movements)
    if (!used.has(movement.key))
      events.push(line('change', movement.at, movement, signed(movement.kind, movement.amount)));

  const paymentRows = await db
    .select()
    .from(partnerPayments)
    .where(and(eq(partnerPayments.partnerId, partner.id), eq(partnerPayments.month, month)))
    .orderBy(asc(partnerPayments.receivedOn), asc(partnerPayments.id));
  const payments = paymentRows.map((row) => ({
    id: row.id,
    amountCents: cents(row.amount),
    receivedOn: row.receivedOn,
    reference: row.reference,
    created: row.created,
  }));
  return {
    partner,
    month,
    statement: partnerStatement(events, partner.commissionRate, payments),
    payments,
  };
}

/**
 * What the bring-up board and the traveller read (issue 41): the day's pick-ups as cards in the order the cars are
 * needed, a few cards by booking (for the event streams), and one booking's bring-up in the traveller's words.
 */
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type {
  BringUpCardAttributes,
  TravellerBringUpAttributes,
} from '@parking/domain/api-contract/bring-up';
import {
  boardOrder,
  bringUpLabel,
  carNeededAt,
  mayAsk,
  travellerBringUpText,
  waitingSince,
  type BringUp,
} from '@parking/domain/bring-up';
import type { CustodyStatus } from '@parking/domain/custody';
import { addDaysToDate, businessDate, startOfBusinessDay } from '@parking/domain/dates';
import type { Config } from '../config/config';
import type { Executor } from '../db/client';
import { bookings, bringUps, lots } from '../db/schema/index';
import { bringUpOf } from './bring-up';

export interface BringUpCard {
  id: string;
  attributes: BringUpCardAttributes;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

const custodyStatus = sql<string>`coalesce((select case when count(*) = 0 then 'awaiting' when bool_or(ce.kind = 'handed_back') then 'handed_back' else 'parked' end from custody_entries ce where ce.booking_id = "bookings"."id"), 'awaiting')`;

const asCustody = (value: string): CustodyStatus =>
  value === 'parked' || value === 'handed_back' ? value : 'awaiting';

/** The bring-up as it stands: Handed back once the custody record says so, whatever the row says. */
function standing(row: typeof bringUps.$inferSelect | null, custody: CustodyStatus): BringUp {
  const bringUp = bringUpOf(row);
  return custody === 'handed_back' && bringUp.state !== 'handed_back'
    ? { ...bringUp, state: 'handed_back' }
    : bringUp;
}

async function readCards(db: Executor, where: SQL | undefined, config: Config): Promise<BringUpCard[]> {
  const rows = await db
    .select({
      booking: {
        id: bookings.id,
        bookingCode: bookings.bookingCode,
        firstName: bookings.firstName,
        lastName: bookings.lastName,
        rego: bookings.rego,
        make: bookings.make,
        model: bookings.model,
        colour: bookings.colour,
        flightNumberIn: bookings.flightNumberIn,
        endDatetime: bookings.endDatetime,
        bookedEndDatetime: bookings.bookedEndDatetime,
      },
      lotName: lots.name,
      bringUp: bringUps,
      custody: custodyStatus,
    })
    .from(bookings)
    .leftJoin(lots, eq(lots.id, bookings.lotId))
    .leftJoin(bringUps, eq(bringUps.bookingId, bookings.id))
    .where(and(eq(bookings.status, 'complete'), where));
  const { walkMinutes, shuttleMinutes } = config.bringUp;
  const cards = rows.flatMap((row) => {
    const pickUp = row.booking.endDatetime;
    if (!pickUp) return [];
    const booked = row.booking.bookedEndDatetime ?? pickUp;
    const custody = asCustody(row.custody);
    const bringUp = standing(row.bringUp, custody);
    const arrival = row.bringUp?.arrival ?? null;
    const neededAt = carNeededAt({ arrival, bookedPickUp: booked, walkMinutes, shuttleMinutes });
    return [
      { row, pickUp, booked, custody, bringUp, arrival, neededAt, bookingCode: row.booking.bookingCode },
    ];
  });
  return boardOrder(cards).map(({ row, pickUp, booked, custody, bringUp, arrival, neededAt }) => ({
    id: String(row.booking.id),
    attributes: {
      bookingCode: row.booking.bookingCode,
      date: businessDate(pickUp, config.timeZone),
      firstName: row.booking.firstName,
      lastName: row.booking.lastName,
      rego: row.booking.rego,
      make: row.booking.make,
      model: row.booking.model,
      colour: row.booking.colour,
      lotName: row.lotName ?? '',
      flightNumberIn: row.booking.flightNumberIn,
      bookedPickUp: booked.toISOString(),
      arrival: iso(arrival),
      neededAt: neededAt.toISOString(),
      state: bringUp.state,
      label: bringUpLabel(bringUp),
      landedAt: iso(bringUp.landedAt),
      askedAt: iso(bringUp.askedAt),
      askedBy: bringUp.askedBy,
      bringingBy: bringUp.bringingBy,
      readyAt: iso(bringUp.readyAt),
      bay: bringUp.bay,
      handedBackAt: iso(bringUp.handedBackAt),
      waitingSince: iso(waitingSince(bringUp)),
      custodyStatus: custody,
    },
  }));
}

/** Every pick-up of the business date `date`, in the order the cars are needed. */
export function boardCards(db: Executor, config: Config, date: string): Promise<BringUpCard[]> {
  const from = startOfBusinessDay(date, config.timeZone);
  const to = startOfBusinessDay(addDaysToDate(date, 1), config.timeZone);
  return readCards(db, and(gte(bookings.endDatetime, from), lt(bookings.endDatetime, to)), config);
}

/** The cards of these bookings (those still to be picked up: complete, with a return). */
export function cardsOf(db: Executor, config: Config, bookingIds: readonly number[]): Promise<BringUpCard[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return readCards(db, inArray(bookings.id, [...bookingIds]), config);
}

/** One booking's bring-up as Manage my booking shows it. */
export async function travellerBringUp(db: Executor, bookingId: number): Promise<TravellerBringUpAttributes> {
  const [row] = await db
    .select({
      endDatetime: bookings.endDatetime,
      flightNumberIn: bookings.flightNumberIn,
      bringUp: bringUps,
      custody: custodyStatus,
    })
    .from(bookings)
    .leftJoin(bringUps, eq(bringUps.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  const bringUp = standing(row?.bringUp ?? null, asCustody(row?.custody ?? 'awaiting'));
  return {
    state: bringUp.state,
    text: travellerBringUpText(bringUp),
    bringingBy: bringUp.bringingBy,
    bay: bringUp.bay,
    askedAt: iso(bringUp.askedAt),
    canAsk: mayAsk(bringUp) && !!row?.endDatetime,
    // The shuttle meets the arriving flight at the pick-up (moved with a late flight), as the bookings show it.
    shuttleTime: row?.endDatetime && row.flightNumberIn ? row.endDatetime.toISOString() : null,
  };
}

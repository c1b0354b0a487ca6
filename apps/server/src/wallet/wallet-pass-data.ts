/**
 * A booking's wallet pass as both wallets show it: its row (serial number and Apple's authentication token, made
 * on first use) and its content, derived by the domain's walletPassContent from the booking, its custody record
 * and its bring-up card.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { walletPassContent, type WalletCustody, type WalletPassContent } from '@parking/domain/wallet-pass';
import type { Config } from '../config/config';
import type { Executor } from '../db/client';
import type { BookingRow } from '../db/rows';
import { bringUps, custodyEntries, lotRegions, lots, walletPasses } from '../db/schema/index';
import { manageBookingUrl } from '../bookings/booking-confirmation';
import { returnBusTime } from '../bookings/booking-attributes-resource';
import { bringUpOf } from '../custody/bring-up';

export type WalletPassRow = typeof walletPasses.$inferSelect;

/** The booking's pass row, made the first time a link or the pass is asked for. */
export async function walletPassRow(db: Executor, bookingId: number, now: Date): Promise<WalletPassRow> {
  await db
    .insert(walletPasses)
    .values({
      bookingId,
      serialNumber: randomUUID(),
      authenticationToken: randomBytes(24).toString('base64url'),
      updated: now,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(walletPasses).where(eq(walletPasses.bookingId, bookingId));
  if (!row) throw new Error(`The wallet pass of booking ${bookingId} was not written`);
  return row;
}

async function custodyOf(db: Executor, config: Config, booking: BookingRow): Promise<WalletCustody> {
  const entries = await db
    .select({
      kind: custodyEntries.kind,
      at: custodyEntries.at,
      region: lotRegions.name,
      row: custodyEntries.lotRegionRow,
    })
    .from(custodyEntries)
    .leftJoin(lotRegions, eq(lotRegions.id, custodyEntries.lotRegionId))
    .where(eq(custodyEntries.bookingId, booking.id))
    .orderBy(asc(custodyEntries.id));
  // The custody rules' reading (custody.ts summariseCustody): a check-in after a hand-back starts again.
  let status: WalletCustody['status'] = 'awaiting';
  let place: string | null = null;
  let movedAt: Date | null = null;
  for (const entry of entries) {
    const here = entry.region ? `${entry.region}${entry.row ? `, row ${entry.row}` : ''}` : null;
    if (entry.kind === 'checked_in') {
      status = 'parked';
      place = here;
      movedAt = null;
    } else if (entry.kind === 'moved') {
      place = here;
      movedAt = entry.at;
    } else status = 'handed_back';
  }
  return { status, place, movedAt, recordUrl: manageBookingUrl(config, booking) };
}

export async function walletContent(
  db: Executor,
  config: Config,
  booking: BookingRow,
): Promise<WalletPassContent> {
  const [lot] = await db.select({ name: lots.name }).from(lots).where(eq(lots.id, booking.lotId));
  return walletPassContent({
    bookingCode: booking.bookingCode,
    bookingStatus: booking.status,
    lotName: lot?.name ?? '',
    dropOff: booking.startDatetime,
    pickUp: booking.endDatetime,
    shuttleOut: booking.busDepartureTime,
    shuttleBack: returnBusTime(booking, config.timeZone),
    rego: booking.rego,
    custody: await custodyOf(db, config, booking),
    bringUp: bringUpOf((await db.select().from(bringUps).where(eq(bringUps.bookingId, booking.id)))[0]),
    timeZone: config.timeZone,
  });
}

/**
 * Extend while away (issue 41): where a booking stands for Manage my booking (any change, a later return
 * only while the car is with us, or nothing), and the one point where an extension is applied.
 *
 * An extension is an ordinary change (booking-changes.ts plans and checks it, booking-change-apply.ts makes
 * it, at once or once its difference is paid): `stayExtended` runs in that change's transaction, wherever it
 * is made, so anything that must follow a longer stay (the Edit History line here; a wallet pass's update)
 * is queued there.
 */
import { and, eq } from 'drizzle-orm';
import { DomainError } from '@parking/domain/errors';
import { manageMessages, type ManageRules } from '@parking/domain/manage-booking';
import {
  carCheckedIn,
  extensionMessages,
  extensionRefusal,
  manageStanding,
  type ManageStanding,
} from '@parking/domain/stay-extension';
import type { Executor } from '../db/client';
import type { BookingRow } from '../db/rows';
import { bookingLogs, custodyEntries } from '../db/schema/index';

/** Whether the custody record has the car handed back. */
export async function handedBack(db: Executor, bookingId: number): Promise<boolean> {
  const [entry] = await db
    .select({ id: custodyEntries.id })
    .from(custodyEntries)
    .where(and(eq(custodyEntries.bookingId, bookingId), eq(custodyEntries.kind, 'handed_back')))
    .limit(1);
  return entry !== undefined;
}

/** What the manage page allows on this booking now (the custody record read only once the car is in). */
export async function bookingStanding(
  db: Executor,
  booking: BookingRow,
  now: Date,
  rules: Pick<ManageRules, 'cutoffHours'>,
): Promise<ManageStanding> {
  const back = carCheckedIn(booking) ? await handedBack(db, booking.id) : false;
  return manageStanding({ ...booking, handedBack: back }, now, rules);
}

/** The refusal of a booking the traveller may no longer change (or cancel), in the words that fit. */
export function closedRefusal(booking: BookingRow, standing: ManageStanding, cutoffHours: number) {
  if (carCheckedIn(booking))
    return new DomainError(
      'past_cutoff',
      standing === 'extend' ? extensionMessages.laterOnly : extensionMessages.closed,
    );
  return new DomainError(
    'past_cutoff',
    ['complete', 'pending', 'payment_failed'].includes(booking.status)
      ? manageMessages.pastCutoff(cutoffHours)
      : manageMessages.notManageable,
  );
}

/** The booking columns a change re-prices: not something the traveller asked to change. */
const PRICE_COLUMNS: ReadonlySet<string> = new Set([
  'parkingCost',
  'extrasCost',
  'subscriptionDiscount',
  'amountDiscounted',
  'totalCost',
  'hadSubscription',
]);

/** The fields a change alters that the traveller chose (its prices aside). */
const askedFields = (changed: Record<string, unknown>): string[] =>
  Object.keys(changed).filter((field) => !PRICE_COLUMNS.has(field));

/** A change asked while the car is with us must be a later return and nothing else. */
export function assertExtension(booking: BookingRow, end: Date, changed: Record<string, unknown>): void {
  const refusal = extensionRefusal(booking.endDatetime ?? end, {
    endDatetime: end,
    changedFields: askedFields(changed),
  });
  if (refusal)
    throw new DomainError(refusal.code, refusal.message, refusal.field ? { field: refusal.field } : {});
}

/**
 * The change is an extension: the car is with us and the change moves its return later, nothing else.
 * Answers the pick-up before and after, or null.
 */
export function extensionOf(
  booking: BookingRow,
  changed: Record<string, [unknown, unknown]>,
): { from: Date; to: Date } | null {
  const asked = askedFields(changed);
  const move = changed.endDatetime;
  if (!carCheckedIn(booking) || asked.length !== 1 || !move || !booking.endDatetime) return null;
  const to = new Date(String(move[1]));
  return to.getTime() > booking.endDatetime.getTime() ? { from: booking.endDatetime, to } : null;
}

/**
 * THE point where an extension is applied (issue 41): in the change's transaction, right after the booking
 * took its new pick-up, whether the change was made at once or when its difference was paid. Writes the
 * Edit History line the desk reads; what else must follow a longer stay (a wallet pass's update) is queued
 * here, in the same transaction.
 */
export async function stayExtended(
  db: Executor,
  extension: { bookingId: number; from: Date; to: Date; userId: number | null; now: Date },
): Promise<void> {
  await db.insert(bookingLogs).values({
    bookingId: extension.bookingId,
    userId: extension.userId,
    timestamp: extension.now,
    action: 'extended',
    info: { endDatetime: [extension.from.toISOString(), extension.to.toISOString()] },
  });
}

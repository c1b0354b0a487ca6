/**
 * Card payments and refunds in the audit trail (audit_logs): they change a booking outside the
 * generic resource layer, so they are recorded here, against the booking and in the same transaction
 * as the change, so that a booking's trail reads as one story: who (the person who paid or asked for
 * the refund, or the system when reconciliation found a payment at the provider), when, and what.
 */
import type { Executor } from '../db/client';
import { auditLogs } from '../db/schema/index';
import type { ApiJson as JsonValue } from '@parking/domain/api-contract/json';
import { diff, type MoneyAction, type Snapshot } from '../db/audit';

/** A booking's payment fields as the API shows them (the audit trail's before and after). */
export function paymentFields(row: {
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  amountPaid: string;
  paymentDatetime: Date | null;
  stripeComplete: boolean;
}): Snapshot {
  return {
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    amountPaid: row.amountPaid,
    paymentDatetime: row.paymentDatetime ? row.paymentDatetime.toISOString() : null,
    stripeComplete: row.stripeComplete,
  };
}

export async function recordBookingMoney(
  db: Executor,
  entry: {
    bookingId: number;
    /** Who: null for a guest, and for the system (reconciliation). */
    userId: number | null;
    action: MoneyAction;
    timestamp: Date;
    before: Snapshot;
    after: Snapshot;
    /** What moved: the amount and the provider's ids. */
    detail: Record<string, JsonValue>;
  },
): Promise<void> {
  const changes = diff(entry.before, entry.after);
  changes[entry.action === 'refund' ? 'refund' : 'payment'] = { from: null, to: entry.detail };
  await db.insert(auditLogs).values({
    userId: entry.userId,
    timestamp: entry.timestamp,
    resourceType: 'bookings',
    resourceId: String(entry.bookingId),
    action: entry.action,
    changes,
  });
}

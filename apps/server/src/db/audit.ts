/**
 * The audit trail (audit_logs): who changed what and when. Its actions, snapshots and differences, shared by the
 * generic resource layer's hook (jsonapi/audit.ts: staff's creates, updates and deletes) and the services that
 * change a record outside that layer (card payments and refunds, custody entries, the content's singletons).
 */
import type { ApiJson } from '@parking/domain/api-contract/json';
import { isStaff, type RequestContext } from '../context';

/** A record as the API shows it, field by field. */
export type Snapshot = Record<string, ApiJson>;
export type Changes = Record<string, { from: ApiJson; to: ApiJson }>;

/** The generic layer's create, update and delete. */
export type AuditAction = 'create' | 'update' | 'delete';
/**
 * Besides the generic layer's create, update and delete: money that moved outside it (card payments,
 * refunds) and what the system itself changed (reconciliation with the payment provider); see
 * payments/payment-audit.ts.
 */
export type MoneyAction = 'payment' | 'refund' | 'reconciliation';
/** A car's custody record (custody/custody.ts): each event against its booking. */
export type CustodyAuditAction = 'check_in' | 'custody_move' | 'hand_back' | 'custody_photo';
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'payment',
  'refund',
  'reconciliation',
  'check_in',
  'custody_move',
  'hand_back',
  'custody_photo',
  // Issue 38: an Admin reset a user's two-factor sign-in.
  'two_factor_reset',
] as const;

/** Who made a change: a person (the user relationship says who; none for a guest) or the system. */
export const auditActor = (action: string): 'system' | 'user' =>
  action === 'reconciliation' ? 'system' : 'user';

/** Whose changes are audited: staff (Admins, Sales). Travellers' own bookings are in booking-logs. */
export const audited = (ctx: RequestContext): boolean => isStaff(ctx.user);

/** The fields that differ between two snapshots, each with its value before and after. */
export function diff(before: Snapshot | null, after: Snapshot | null): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

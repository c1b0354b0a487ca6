/**
 * The audit hook of the generic resource layer: every create, update and delete that staff make
 * through `/{type}/` and `/{type}/{id}/` (bookings, customers, prices and rates, every setting) is
 * recorded in `audit_logs`, in the change's own transaction, with who, when and what changed. The
 * record is read through the resource's serializer before and after, so the log speaks the API's
 * field names and formats and never holds what the API does not show (password hashes, secrets).
 */
import { isStaff, type RequestContext } from '../context';
import { auditLogs } from '../db/schema/index';
import { fetchOne, serialize } from './engine';
import type { AnyResource, JsonValue } from './resource';

export type Snapshot = Record<string, JsonValue>;
export type AuditAction = 'create' | 'update' | 'delete';
export type Changes = Record<string, { from: JsonValue; to: JsonValue }>;

/** Whose changes are audited: staff (Admins, Sales). Travellers' own bookings are in booking-logs. */
export const audited = (ctx: RequestContext): boolean => isStaff(ctx.user);

/** The record as the API shows it: attributes, and relationships as an id or a list of ids. */
export async function snapshot(def: AnyResource, ctx: RequestContext, id: number): Promise<Snapshot> {
  const row = await fetchOne(def, ctx, id, { unscoped: true });
  const [object] = await serialize(def, ctx, [row]);
  if (!object) return {};
  const values: Snapshot = { ...object.attributes };
  for (const [name, { data }] of Object.entries(object.relationships ?? {})) {
    values[name] = Array.isArray(data) ? data.map((item) => item.id) : (data?.id ?? null);
  }
  return values;
}

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

/** Writes one audit row; an update that changed nothing is not recorded. */
export async function recordChange(
  def: AnyResource,
  ctx: RequestContext,
  action: AuditAction,
  id: number,
  before: Snapshot | null,
  after: Snapshot | null,
): Promise<void> {
  if (!audited(ctx)) return;
  const changes = diff(before, after);
  if (action === 'update' && Object.keys(changes).length === 0) return;
  await ctx.db.insert(auditLogs).values({
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    resourceType: def.type,
    resourceId: String(id),
    action,
    changes,
  });
}

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

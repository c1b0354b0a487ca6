/**
 * The audit hook of the generic resource layer: every create, update and delete that staff make
 * through `/{type}/` and `/{type}/{id}/` (bookings, customers, prices and rates, every setting) is
 * recorded in `audit_logs`, in the change's own transaction, with who, when and what changed. The
 * record is read through the resource's serializer before and after, so the log speaks the API's
 * field names and formats and never holds what the API does not show (password hashes, secrets).
 */
import type { RequestContext } from '../context';
import { audited, diff, type AuditAction, type Snapshot } from '../db/audit';
import { auditLogs } from '../db/schema/index';
import { fetchOne, serialize } from './engine';
import type { AnyResource } from './resource';

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

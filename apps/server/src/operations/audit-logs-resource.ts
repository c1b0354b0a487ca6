/**
 * Who changed what and when: staff changes to every resource, card payments and refunds, and the
 * system's reconciliation with the payment provider (db/audit.ts, jsonapi/audit.ts). Admins only, newest first.
 */
import type { AuditLogAttributes } from '@parking/domain/api-contract/bookings';
import { auditLogs } from '../db/schema/index';
import { AUDIT_ACTIONS, auditActor } from '../db/audit';
import type { JsonValue, ResourceDefinition } from '../jsonapi/resource';
import { iso } from '@parking/domain/api-values';

type AuditLogRow = typeof auditLogs.$inferSelect;

export const auditLogsResource: ResourceDefinition<AuditLogRow> = {
  type: 'audit-logs',
  table: auditLogs,
  idColumn: auditLogs.id,
  notFound: 'Audit logs not found',
  attributes: (row) =>
    ({
      timestamp: iso(row.timestamp),
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      action: row.action,
      /** 'system' for what the server did by itself; 'user' otherwise (the user relationship, none for a guest). */
      actor: auditActor(row.action),
      changes: row.changes as JsonValue,
    }) satisfies AuditLogAttributes,
  relationships: { user: { kind: 'one', type: 'users', key: 'userId' } },
  filters: {
    resourceType: { kind: 'column', column: auditLogs.resourceType, value: 'string', ops: ['eq', 'in'] },
    resourceId: { kind: 'column', column: auditLogs.resourceId, value: 'string', ops: ['eq', 'in'] },
    action: {
      kind: 'column',
      column: auditLogs.action,
      value: 'string',
      ops: ['eq', 'in'],
      choices: [...AUDIT_ACTIONS],
    },
    user: { kind: 'column', column: auditLogs.userId, value: 'int', ops: ['eq', 'in'] },
    timestamp: { kind: 'column', column: auditLogs.timestamp, value: 'datetime', ops: ['gte', 'lte'] },
  },
  sorts: { timestamp: auditLogs.timestamp, id: auditLogs.id },
  defaultSort: '-timestamp',
  access: { list: 'admin', read: 'admin' },
};

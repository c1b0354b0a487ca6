import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { id, timestamptz } from './columns';

/**
 * Staff changes to any resource (bookings, customers, prices and rates, settings), written by the
 * generic resource layer in the change's own transaction: who, when, which record, what changed.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    action: text('action').notNull(),
    /** `{ field: { from, to } }` in the API's own names and formats. */
    changes: jsonb('changes').notNull(),
  },
  (t) => [
    index('audit_logs_resource_idx').on(t.resourceType, t.resourceId),
    index('audit_logs_timestamp_idx').on(t.timestamp),
  ],
);

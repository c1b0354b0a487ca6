import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Side effects a job has already made, by idempotency key (`<job key>:<step>`): a job run twice (a retry after a
 * worker died between sending and completing, a redelivery) finds its step here and sends nothing again. The jobs
 * themselves live in pg-boss's own schema (`pgboss`), installed by the migrations (jobs/boss.ts).
 */
export const jobEffects = pgTable('job_effects', {
  key: text('key').primaryKey(),
  doneAt: timestamptz('done_at').notNull().defaultNow(),
});

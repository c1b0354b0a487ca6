import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Surrogate key shared by every table: an identity column, exchanged as a string id in the API. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () =>
  timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money in dollars with two places; arithmetic happens in integer cents in @parking/domain/money. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** A fraction from 0 to 1 (discount rates, fill thresholds). */
export const fraction = (name: string) => numeric(name, { precision: 6, scale: 4 });

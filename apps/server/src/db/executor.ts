/** The database's types: what every query function takes (the client opens it, the job queue writes through it). */
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Either the database or a transaction: what every query function takes. */
export type Executor = Database | Transaction;

/** Opens the database: a PostgreSQL server when a URL is given, else embedded PGlite persisted on disk. */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Either the database or a transaction: what every query function takes. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** The embedded engine, when that is what runs (tests dump and clone it). */
  pglite: PGlite | undefined;
  migrate(): Promise<void>;
  /**
   * Runs `work` only if no one else (this or another instance) holds lock `key`: a PostgreSQL
   * session advisory lock on a connection of its own; on PGlite (one process per data directory) the
   * process's own lock. Answers null, without running `work`, when the lock is taken.
   */
  withTryLock<T>(key: number, work: () => Promise<T>): Promise<T | null>;
  close(): Promise<void>;
}

/** Migrations sit beside this file in the source tree and beside main.js in the bundle. */
export function migrationsFolder(): string {
  return fileURLToPath(new URL('./migrations', import.meta.url));
}

export interface OpenOptions {
  url?: string | undefined;
  /** PGlite data directory; `memory://` or undefined keeps it in memory. */
  dataDir?: string | undefined;
  /** A PGlite instance to use as it is (tests clone a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const folder = migrationsFolder();
  if (options.url) {
    // A database that is down answers quickly (503) instead of leaving requests waiting for a connection.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    // So must a checked-out client (inside a transaction) whose connection drops: its query fails and
    // the request answers 503; without this listener the 'error' event crashed the process.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    });
    const db: Database = drizzlePg(pool, { schema });
    return {
      db,
      driver: 'postgres',
      pglite: undefined,
      async migrate() {
        // Several instances may start together: one migrates, the others wait for it.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(727001)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
        } finally {
          await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
          client.release();
        }
      },
      async withTryLock(key, work) {
        const client = await pool.connect();
        try {
          const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
          if (!rows[0]?.locked) return null;
          try {
            return await work();
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    if (options.dataDir && options.dataDir !== 'memory://') mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir ?? 'memory://', { extensions: PGLITE_EXTENSIONS });
  }
  const pglite = client;
  const db: Database = drizzlePglite(pglite, { schema });
  const heldLocks = new Set<number>();
  return {
    db,
    driver: 'pglite',
    pglite,
    migrate: () => migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: folder }),
    // PGlite's one session is shared by everything in the process, where an advisory lock would be
    // re-entrant: the process keeps the lock itself (no other process can open the data directory).
    async withTryLock(key, work) {
      if (heldLocks.has(key)) return null;
      heldLocks.add(key);
      try {
        return await work();
      } finally {
        heldLocks.delete(key);
      }
    },
    close: () => pglite.close(),
  };
}

/**
 * The extensions the migrations use, loaded into every embedded database (pg_trgm: the bookings search's
 * trigram index). PostgreSQL ships them in its contrib package.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function isReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw `db.execute` result: both drivers answer `{ rows }`, typed per driver. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('Unexpected database result');
  return rows as T[];
}

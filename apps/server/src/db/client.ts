/** Opens the database: a PostgreSQL server when a URL is given, else embedded PGlite persisted on disk. */
import { mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { clearOtherLocks, DataDirInUseError, lockDataDir } from './data-dir-lock';
import { installJobQueue, type RawSql } from './job-queue';
import * as schema from './schema/index';

export { DataDirInUseError };

import type { Database } from './executor';

export type { Database, Executor } from './executor';

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** The embedded engine, when that is what runs (tests dump and clone it). */
  pglite: PGlite | undefined;
  /** Drizzle's migrations, then pg-boss's schema and the side-effect queue (db/job-queue.ts). */
  migrate(): Promise<void>;
  /** The driver itself, for pg-boss's scripts (several statements in one text when no values are given). */
  rawSql: RawSql;
  /**
   * Runs `work` only if no one else (this or another instance) holds lock `key`: a PostgreSQL
   * session advisory lock on a connection of its own; on PGlite (one process per data directory) the
   * process's own lock. Answers null, without running `work`, when the lock is taken.
   */
  withTryLock<T>(key: number, work: () => Promise<T>): Promise<T | null>;
  close(): Promise<void>;
}

/** Migrations sit beside this file in the source tree and beside main.js in the bundle. */
function migrationsFolder(): string {
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
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
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
          await installJobQueue((text, values) => client.query(text, values));
        } finally {
          await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
          client.release();
        }
      },
      async withTryLock(key, work) {
        const client = await pool.connect();
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            'SELECT pg_try_advisory_lock($1) AS locked',
            [key],
          );
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
      rawSql: (text, values) => pool.query(text, values),
      close: () => pool.end(),
    };
  }
  // A data folder on disk is locked for this process first (data-dir-lock.ts); memory and a given instance are not shared.
  const embedded =
    options.pglite || !options.dataDir || options.dataDir === 'memory://'
      ? {
          pglite: options.pglite ?? new PGlite('memory://', { extensions: PGLITE_EXTENSIONS }),
          dir: undefined,
          close: undefined,
        }
      : await openEmbeddedDatabase(options.dataDir);
  const { pglite, dir } = embedded;
  const db: Database = drizzlePglite(pglite, { schema });
  const heldLocks = new Set<number>();
  return {
    db,
    driver: 'pglite',
    pglite,
    async migrate() {
      try {
        await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: folder });
        await installJobQueue(pgliteRawSql(pglite));
      } catch (error) {
        // A folder that opened but whose catalog is broken fails here: the same one line as at open.
        if (dir && looksDamaged(error)) throw new DamagedDataDirError(dir, reasonOf(error, []));
        throw error;
      }
    },
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
    rawSql: pgliteRawSql(pglite),
    close: embedded.close ?? (() => pglite.close()),
  };
}

/** PGlite runs a text of several statements only through exec, which takes no values. */
function pgliteRawSql(pglite: PGlite): RawSql {
  return async (text, values) => {
    if (values?.length) return pglite.query(text, values);
    const results = await pglite.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
}

/** An embedded data folder that PGlite cannot open: damaged files, or not a folder at all. */
export class DamagedDataDirError extends Error {
  constructor(
    readonly dir: string,
    readonly reason: string,
  ) {
    super(
      `The embedded database in ${dir} could not be opened: it looks damaged (${reason}). ` +
        'Restore a backup with npm run restore, or move the folder away to start afresh.',
    );
    this.name = 'DamagedDataDirError';
  }
}

/** The embedded database's start-up refusals, whose message is the whole story (no stack trace). */
export const isEmbeddedDatabaseRefusal = (error: unknown): error is DataDirInUseError | DamagedDataDirError =>
  error instanceof DataDirInUseError || error instanceof DamagedDataDirError;

export interface EmbeddedDatabase {
  pglite: PGlite;
  /** The data folder, absolute. */
  dir: string;
  /** Closes PGlite, then releases the folder's lock. */
  close(): Promise<void>;
}

/**
 * PGlite on a data folder, which this process locks first: DataDirInUseError (before anything in it is
 * touched) when another process has it open, DamagedDataDirError when PGlite cannot start on it.
 * `loadDataDir`: fill an empty folder from a backup (restore).
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<EmbeddedDatabase> {
  const dir = resolve(dataDir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DamagedDataDirError(
      dir,
      code === 'EEXIST' || code === 'ENOTDIR' ? 'it is a file, not a folder' : errorText(error),
    );
  }
  if (!statSync(dir).isDirectory()) throw new DamagedDataDirError(dir, 'it is a file, not a folder');
  const lock = await lockDataDir(dir);
  // PGlite says why it would not start only on its stderr (PostgreSQL's FATAL or PANIC line); its
  // exception is "PGlite failed to initialize properly" or "Aborted()".
  const problems: string[] = [];
  const onStderr = (line: string) => {
    if (problems.length < 5 && /\b(FATAL|PANIC):/.test(line)) problems.push(line);
    return false;
  };
  let pglite: PGlite;
  try {
    pglite = new PGlite(dir, {
      extensions: PGLITE_EXTENSIONS,
      onStderr,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await pglite.waitReady;
    if (options.loadDataDir) clearOtherLocks(dir, lock);
  } catch (error) {
    lock.release();
    throw new DamagedDataDirError(dir, reasonOf(error, problems));
  }
  const engine = pglite;
  return {
    pglite: engine,
    dir,
    async close() {
      try {
        await engine.close();
      } finally {
        lock.release();
      }
    },
  };
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200) ?? '';

/** PGlite's FATAL or PANIC message, without the time stamp and its internal mount path, else the error's first line. */
function reasonOf(error: unknown, problems: string[]): string {
  const line = problems[0];
  if (line) {
    return line
      .replace(/^.*?\b(FATAL|PANIC):\s*/, '')
      .replace(/"\/pglite\/data"/g, 'the folder')
      .replace(/\/pglite\/data\//g, '')
      .slice(0, 200);
  }
  const causes: unknown[] = [];
  for (let cause: unknown = error; cause && causes.length < 5; cause = (cause as { cause?: unknown }).cause)
    causes.push(cause);
  const pgError = causes.find(
    (cause) => cause instanceof Error && typeof (cause as { code?: unknown }).code === 'string',
  );
  if (pgError) return errorText(pgError);
  const errno = (error as { errno?: unknown }).errno;
  if (typeof errno === 'number' && !(error instanceof Error && error.message))
    return `file system error ${errno}`;
  return errorText(causes[causes.length - 1] ?? error);
}

/** An error that says the data is broken rather than the query wrong: PostgreSQL's XX (internal, data corrupted) and 58 (file) classes, or the engine aborting. */
function looksDamaged(error: unknown): boolean {
  for (
    let cause: unknown = error, depth = 0;
    cause && depth < 5;
    cause = (cause as { cause?: unknown }).cause, depth += 1
  ) {
    if (cause instanceof Error && cause.name === 'RuntimeError') return true; // WebAssembly: the engine aborted
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^(XX|58)/.test(code)) return true;
  }
  return false;
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

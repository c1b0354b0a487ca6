/**
 * `npm run backup` and `npm run restore` round trips on both database modes: data written, backed
 * up, then changed (PostgreSQL) or destroyed (PGlite's data directory deleted), restored, and every
 * table's contents equal to what was backed up.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../config/config';
import { rowsOf, type Database } from '../db/client';
import { airlines, lots } from '../db/schema/index';
import { insertBooking } from '../test/booking-rows';
import { createDatabase, type Mode, type TestDatabase } from '../test/process-server';

const ROOT = findRepoRoot();

function npm(
  script: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', '--file', file], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        TZ: 'UTC',
        NODE_ENV: 'test',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every table of the public schema: its row count and a digest of its rows. */
async function contents(db: Database): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    ),
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number; digest: string | null }>(
      await db.execute(
        sql.raw(
          `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
        ),
      ),
    );
    result[name] = `${row?.n ?? 0}:${row?.digest ?? ''}`;
  }
  return result;
}

describe.each<Mode>(['postgres', 'pglite'])('backup and restore (%s)', (mode) => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('restores exactly what was backed up', async () => {
    db = await createDatabase(mode);
    const database = db;
    const file = join(
      database.dataDir,
      '..',
      `parking-backup-${mode}-${process.pid}.${mode === 'postgres' ? 'dump' : 'tar.gz'}`,
    );
    const env: Record<string, string> =
      database.mode === 'postgres' ? { DATABASE_URL: database.url ?? '' } : { DATA_DIR: database.dataDir };

    let handle = await database.open();
    let before: Record<string, string>;
    try {
      await insertBooking(
        handle.db,
        { lotId: database.fixtures.outdoor.id, startDatetime: new Date('2026-12-01T06:00:00Z') },
        [{ extraId: database.fixtures.wash.id, price: '30.00' }],
      );
      await handle.db.insert(airlines).values({ name: 'Backed-up Air' });
      before = await contents(handle.db);
    } finally {
      await handle.close();
    }
    expect(before.bookings?.startsWith('1:')).toBe(true);

    const backedUp = await npm('backup', file, env);
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(existsSync(file)).toBe(true);

    if (mode === 'postgres') {
      handle = await database.open();
      try {
        await handle.db.insert(airlines).values({ name: 'Written after the backup' });
        await handle.db.update(lots).set({ name: 'Renamed' });
        await handle.db.execute(sql`DELETE FROM booking_logs`);
        await handle.db.execute(sql`DROP TABLE provider_events`);
        expect(await contents(handle.db)).not.toEqual(before);
      } finally {
        await handle.close();
      }
    } else {
      rmSync(database.dataDir, { recursive: true, force: true });
    }

    const restored = await npm('restore', file, env);
    expect(restored.code, restored.output).toBe(0);
    handle = await database.open();
    try {
      expect(await contents(handle.db)).toEqual(before);
    } finally {
      await handle.close();
      rmSync(file, { force: true });
    }
  });
});

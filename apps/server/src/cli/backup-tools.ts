/**
 * Backup and restore of either database mode. PostgreSQL: pg_dump's custom format and pg_restore
 * (PostgreSQL's client tools, e.g. Debian's postgresql-client, on the PATH). Embedded PGlite: its
 * whole data directory as a gzipped tarball (PGlite's dumpDataDir / loadDataDir).
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DamagedDataDirError, openEmbeddedDatabase } from '../db/client';
import { lockDataDir, type DataDirLock } from '../db/data-dir-lock';
import type { Config } from '../config/config';

export type BackupMode = 'postgres' | 'pglite';

export const modeOf = (config: Config): BackupMode => (config.databaseUrl ? 'postgres' : 'pglite');

/** backups/parking-<mode>-<UTC time>.<dump|tar.gz> under the repository, unless a file is given. */
export function defaultBackupFile(config: Config, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  const mode = modeOf(config);
  return join(
    config.repoRoot,
    'backups',
    `parking-${mode}-${stamp}.${mode === 'postgres' ? 'dump' : 'tar.gz'}`,
  );
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} was not found: install PostgreSQL's client tools (Debian: postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

export async function backup(config: Config, file: string): Promise<void> {
  const target = resolve(file);
  mkdirSync(dirname(target), { recursive: true });
  if (config.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${target}`,
      `--dbname=${config.databaseUrl}`,
    ]);
    return;
  }
  if (!existsSync(join(config.dataDir, 'PG_VERSION')))
    throw new Error(`No embedded database in ${config.dataDir}.`);
  // Locked like the server's (refused while a server runs on it: its pages in memory are not on disk yet).
  const embedded = await openEmbeddedDatabase(config.dataDir);
  try {
    const dump = await embedded.pglite.dumpDataDir('gzip');
    writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await embedded.close();
  }
}

/**
 * Every schema of ours (public, drizzle's, pg-boss's) is dropped and the backup's script run, all in one
 * transaction. Not `pg_restore --clean`: it drops a partition's inherited constraints one by one, which
 * PostgreSQL refuses (pg-boss keeps each queue's jobs in a partition).
 */
const DROP_OUR_SCHEMAS = `
DO $$
DECLARE s text;
BEGIN
  FOR s IN SELECT nspname FROM pg_namespace
    WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
  LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', s);
  END LOOP;
END $$;
CREATE SCHEMA public;
`;

async function restorePostgres(databaseUrl: string, source: string): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'parking-restore-'));
  try {
    const prelude = join(folder, 'drop.sql');
    const script = join(folder, 'restore.sql');
    writeFileSync(prelude, DROP_OUR_SCHEMAS);
    await run('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, source]);
    await run('psql', [
      '--no-psqlrc',
      '--quiet',
      '--single-transaction',
      '--set=ON_ERROR_STOP=1',
      `--file=${prelude}`,
      `--file=${script}`,
      `--dbname=${databaseUrl}`,
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Replaces the database's contents with the backup's. PostgreSQL: objects are dropped and recreated
 * in one transaction. PGlite: the current data directory is kept beside it
 * (`<DATA_DIR>.before-restore-<time>`) and a new one is made from the backup.
 */
export async function restore(config: Config, file: string, now = new Date()): Promise<{ keptAs?: string }> {
  const source = resolve(file);
  if (!existsSync(source)) throw new Error(`No backup file ${source}.`);
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, source);
    return {};
  }
  const data = readFileSync(source);
  let keptAs: string | undefined;
  // The current folder is locked before it is moved aside (refused while a server runs on it); its lock
  // moves with it and is held until the restored folder is open and locked in turn.
  let previous: DataDirLock | undefined;
  if (existsSync(config.dataDir)) {
    if (statSync(config.dataDir).isDirectory()) previous = await lockDataDir(config.dataDir);
    keptAs = `${config.dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(config.dataDir, keptAs);
      previous?.moved(keptAs);
    } catch (error) {
      previous?.release();
      throw error;
    }
  }
  try {
    mkdirSync(config.dataDir, { recursive: true });
    const embedded = await openEmbeddedDatabase(config.dataDir, { loadDataDir: new Blob([data]) }).catch(
      (error: unknown) => {
        if (!(error instanceof DamagedDataDirError)) throw error;
        throw new Error(
          `The backup ${source} could not be restored (${error.reason}).${keptAs ? ` The previous data directory is kept in ${keptAs}.` : ''}`,
        );
      },
    );
    try {
      await embedded.pglite.query('SELECT 1');
    } finally {
      await embedded.close();
    }
  } finally {
    previous?.release();
  }
  return keptAs ? { keptAs } : {};
}

/**
 * Runs a backup or restore command: an error is printed and exits 1, and a run that stops without
 * finishing (an engine promise that never settles, so the event loop empties) must not look like success.
 */
export function runToCompletion(main: () => Promise<void>): void {
  let finished = false;
  process.on('exit', (code) => {
    if (!finished && code === 0) {
      console.error('Stopped before finishing: nothing was completed.');
      process.exitCode = 1;
    }
  });
  main()
    .then(() => {
      finished = true;
    })
    .catch((error: unknown) => {
      finished = true;
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}

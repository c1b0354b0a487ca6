/**
 * One process per embedded data folder (issue 20: two servers on one DATA_DIR both started, both handed
 * out booking id 5481, and a confirmed booking was lost). The real server, as a child process: a second
 * server, a backup and a restore on the folder of a running server are refused with one line and a
 * non-zero exit, touching nothing, while the first keeps serving; the lock a SIGKILLed server leaves
 * does not block the next start, and SIGTERM removes it; a damaged folder gives one line, not a stack.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDoc } from '../test/booking-fixtures';
import {
  adminToken,
  call,
  createDatabase,
  SERVER_DIR,
  serverProcessEnv,
  startServer,
  stopServer,
  type ServerProcess,
  type TestDatabase,
} from '../test/process-server';

const V1 = '/backend/api/v1';
const PORT = 8953;
const SECOND_PORT = 8954;

const lockFiles = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('.parking-lock-'));
const dataFiles = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => !name.startsWith('.parking-lock-'))
    .sort();

/** Runs a server or CLI entry point on `dataDir` until it exits (all of these are expected to refuse). */
function runToExit(
  entry: string[],
  dataDir: string,
  port = SECOND_PORT,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...entry], {
      cwd: SERVER_DIR,
      env: { ...serverProcessEnv(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      // Without the lock a second server simply starts: stop it rather than wait for the timeout.
      if (/running at/.test(stdout)) child.kill('SIGKILL');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Exactly one line on stderr, no stack trace. */
function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0] ?? '';
}

function stay(offsetDays: number) {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return {
    startDatetime: `${day(offsetDays)}T06:00:00+11:00`,
    endDatetime: `${day(offsetDays + 2)}T18:00:00+11:00`,
  };
}

describe('one process per embedded data folder', () => {
  let db: TestDatabase;
  let server: ServerProcess | undefined;
  const bookingIds: string[] = [];

  const book = async (running: ServerProcess, email: string) => {
    const answer = await call(running.base, 'POST', `${V1}/bookings/`, {
      body: bookingDoc(db.fixtures, { attributes: { email, ...stay(10) } }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = (answer.body.data as { id: string }).id;
    bookingIds.push(id);
    return id;
  };

  beforeAll(async () => {
    db = await createDatabase('pglite');
  }, 120_000);

  afterAll(async () => {
    await stopServer(server);
    await db?.drop();
  });

  it('a second server, a backup and a restore on a running server’s folder are refused in one line; the first keeps serving', async () => {
    server = await startServer(db, PORT);
    const first = server;
    await book(first, 'before@example.com');
    const pid = first.child.pid ?? 0;
    const message = `The embedded database in ${db.dataDir} is in use by another process (pid ${pid}). Stop it first, or set DATABASE_URL.`;
    const before = dataFiles(db.dataDir);

    const second = await runToExit(['src/main.ts'], db.dataDir);
    expect(second.code).toBe(1);
    expect(oneLine(second.stderr)).toBe(message);
    expect(second.stdout).not.toMatch(/running at/);

    const backupFile = join(db.dataDir, '..', `parking-lock-test-${process.pid}.tar.gz`);
    const backup = await runToExit(['src/cli/backup.ts', '--file', backupFile], db.dataDir);
    expect(backup.code).toBe(1);
    expect(oneLine(backup.stderr)).toBe(message);
    expect(existsSync(backupFile)).toBe(false);

    // A restore would have moved the live folder aside: it is refused before anything moves.
    writeFileSync(backupFile, 'not read');
    const restore = await runToExit(['src/cli/restore.ts', '--file', backupFile], db.dataDir);
    rmSync(backupFile, { force: true });
    expect(restore.code).toBe(1);
    expect(oneLine(restore.stderr)).toBe(message);
    expect(
      readdirSync(join(db.dataDir, '..')).filter((name) =>
        name.startsWith(`${db.dataDir.split('/').pop()}.before-restore`),
      ),
    ).toEqual([]);
    console.info(`refused in ${second.ms} ms (server), ${backup.ms} ms (backup), ${restore.ms} ms (restore)`);

    expect(dataFiles(db.dataDir)).toEqual(before);
    expect(lockFiles(db.dataDir)).toEqual([expect.stringMatching(new RegExp(`^\\.parking-lock-${pid}-`))]);
    expect((await call(first.base, 'GET', '/backend/health/')).status).toBe(200);
    const next = await book(first, 'after@example.com');
    expect(Number(next)).toBe(Number(bookingIds[0]) + 1);
  });

  it('the lock a SIGKILLed server leaves does not block the next start; SIGTERM removes it', async () => {
    if (!server) throw new Error('no server');
    server.kill('SIGKILL');
    await server.exited;
    expect(lockFiles(db.dataDir)).toHaveLength(1);

    const restarted = Date.now();
    server = await startServer(db, PORT);
    console.info(`restarted over a dead server's lock in ${Date.now() - restarted} ms`);
    const token = await adminToken(server.base);
    for (const id of bookingIds)
      expect((await call(server.base, 'GET', `${V1}/bookings/${id}/`, { token })).status).toBe(200);
    expect(lockFiles(db.dataDir)).toEqual([
      expect.stringMatching(new RegExp(`^\\.parking-lock-${server.child.pid ?? 0}-`)),
    ]);

    server.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(lockFiles(db.dataDir)).toEqual([]);
  });

  it('a damaged folder, or a DATA_DIR that is a file, stops the start with one line and no stack trace', async () => {
    // PGlite's two ways of failing: a FATAL start-up error, or a PANIC that aborts the engine.
    const cases: Array<[string, (dir: string) => void, string]> = [
      [
        'pg_control overwritten',
        (dir) => writeFileSync(join(dir, 'global', 'pg_control'), Buffer.alloc(8192, 0x5a)),
        'database files are incompatible with server',
      ],
      [
        'pg_control truncated',
        (dir) => truncateSync(join(dir, 'global', 'pg_control'), 100),
        'could not read file "global/pg_control": read 100 of 296',
      ],
    ];
    const file = `${db.dataDir}-a-file`;
    writeFileSync(file, 'not a folder');
    const runs = await Promise.all([
      ...cases.map(async ([name, damage, reason], index) => {
        const dir = `${db.dataDir}-${name.replace(/\W+/g, '-')}`;
        cpSync(db.dataDir, dir, { recursive: true });
        damage(dir);
        return { name, dir, reason, run: await runToExit(['src/main.ts'], dir, SECOND_PORT + 1 + index) };
      }),
      runToExit(['src/main.ts'], file).then((run) => ({
        name: 'DATA_DIR a file',
        dir: file,
        reason: 'it is a file, not a folder',
        run,
      })),
    ]);
    for (const { name, dir, reason, run } of runs) {
      rmSync(dir, { recursive: true, force: true });
      expect(run.code, name).toBe(1);
      expect(oneLine(run.stderr), name).toBe(
        `The embedded database in ${dir} could not be opened: it looks damaged (${reason}). Restore a backup with npm run restore, or move the folder away to start afresh.`,
      );
      console.info(`${name}: refused in ${run.ms} ms`);
    }
  });
});

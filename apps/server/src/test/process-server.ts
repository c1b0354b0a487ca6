/**
 * The real server as a child process (tsx on src/main.ts), for the fault tests: killed, stopped and
 * restarted on a database of its own (a PostgreSQL database created for the run, or a PGlite data
 * directory), exactly as production starts it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { bookingFixtures, type Fixtures } from './booking-fixtures';
import { createUser, PASSWORD } from './factories';
import { withName } from './global-setup';
import { withDatabase } from './postgres';

export const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const WEBHOOK_SECRET = 'whsec_fault_tests';
export const ADMIN_EMAIL = 'admin@example.com';
export type Mode = 'postgres' | 'pglite';

/** The PostgreSQL server the fault tests create their databases on (CI: 127.0.0.1:5432, trust auth). */
export const postgresUrl = () =>
  process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  mode: Mode;
  /** DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) for the server process. */
  env: Record<string, string>;
  /** The database's URL when it is PostgreSQL. */
  url: string | undefined;
  name: string;
  dataDir: string;
  fixtures: Fixtures;
  /** Opens it from the test; for PGlite only while no server runs on it. */
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

/** A migrated database with the booking reference data and an Admin, for one test file. */
export async function createDatabase(mode: Mode): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parking-faults-'));
  const name = `parking_faults_${process.pid}_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  let url: string | undefined;
  if (mode === 'postgres') {
    await withDatabase(postgresUrl(), (client) => client.query(`CREATE DATABASE ${name}`));
    url = withName(postgresUrl(), name);
  }
  // The embedded database lives in DATA_DIR itself, as `npm start` keeps it.
  const open = () => openDatabase(url ? { url, poolSize: 2 } : { dataDir });
  const handle = await open();
  let fixtures: Fixtures;
  try {
    await handle.migrate();
    fixtures = await bookingFixtures(handle.db);
    await createUser(handle.db, { email: ADMIN_EMAIL, roles: ['Admins'] });
  } finally {
    await handle.close();
  }
  return {
    mode,
    env: url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATA_DIR: dataDir },
    url,
    name,
    dataDir,
    fixtures,
    open,
    async drop() {
      if (mode === 'postgres')
        await withDatabase(postgresUrl(), (client) =>
          client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        );
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  port: number;
  base: string;
  child: ChildProcess;
  /** Every line written to stdout so far. */
  output: string[];
  /** What it wrote to stderr. */
  stderr: string[];
  /** Resolves when a stdout line matches. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * What a server or CLI a test starts as a process runs with, whatever else it is given: only PATH and HOME of the
 * test's own environment, UTC, the test mode on localhost's `port`, no demo data, quiet logs.
 */
export function serverProcessEnv(port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    TZ: 'UTC',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO: 'never',
    LOG_LEVEL: 'warn',
  };
}

export async function startServer(
  database: Pick<TestDatabase, 'env'>,
  port: number,
  env: Record<string, string> = {},
  /**
   * Node's options before the server (`--import ./src/observability/tracing.ts`, as production gives
   * dist/tracing.js).
   */
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...serverProcessEnv(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOCAL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RATE_LIMIT_LOGIN_FAILURES: '1000',
      RATE_LIMIT_IP_REQUESTS: '100000',
      RATE_LIMIT_EMAIL_REQUESTS: '100000',
      RATE_LIMIT_REGISTRATIONS: '100000',
      RATE_LIMIT_REGISTRATIONS_PER_EMAIL: '100000',
      RATE_LIMIT_ACCOUNT_REQUESTS: '100000',
      // The load under an outage is one IP making hundreds of unpaid online bookings.
      RATE_LIMIT_UNPAID_HOLDS: '100000',
      RATE_LIMIT_PARTNER_REQUESTS_PER_MINUTE: '100000',
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  let buffer = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      output.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  const errors: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => errors.push(chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const waitForLine = (pattern: RegExp, timeoutMs = 60_000) => {
    const seen = output.find((line) => pattern.test(line));
    if (seen) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `No line ${pattern} within ${timeoutMs} ms.\nstdout:\n${output.join('\n')}\nstderr:\n${errors.join('')}`,
            ),
          ),
        timeoutMs,
      );
      waiters.push({
        pattern,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(
          new Error(
            `Server exited (${code ?? signal}) before ${pattern}.\nstdout:\n${output.join('\n')}\nstderr:\n${errors.join('')}`,
          ),
        );
      });
    });
  };
  const server: ServerProcess = {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    output,
    stderr: errors,
    waitForLine,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
  await waitForLine(/Airport parking is running at/, 90_000);
  return server;
}

/** Stops a server for good: SIGKILL if it is still running, then waits for the exit. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  server.kill('SIGKILL');
  await server.exited;
}

const JSONAPI = 'application/vnd.api+json';

export interface Answer {
  status: number;
  contentType: string;
  body: Record<string, unknown>;
}

/** One HTTP request to a server process, on a connection of its own. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: JSONAPI, connection: 'close', ...options.headers };
  if (options.token) headers.authorization = `Token ${options.token}`;
  if (options.body !== undefined && !headers['content-type']) headers['content-type'] = JSONAPI;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  let body: Record<string, unknown> = {};
  if (contentType.includes('json') && text) body = JSON.parse(text) as Record<string, unknown>;
  return { status: response.status, contentType, body };
}

export async function adminToken(base: string): Promise<string> {
  const answer = await call(base, 'POST', '/backend/api/v1/sessions/', {
    body: { data: { type: 'sessions', attributes: { email: ADMIN_EMAIL, password: PASSWORD } } },
  });
  const token = (answer.body.data as { attributes?: { token?: unknown } } | undefined)?.attributes?.token;
  if (answer.status !== 201 || typeof token !== 'string')
    throw new Error(`admin login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return token;
}

/**
 * The production server as the benchmarks run it: `apps/server/dist/main.js` (built first when missing) in
 * a child process of its own, so that the load generator never shares its event loop; plus the admin
 * login the back-office calls need.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../apps/server/src/accounts/crypto';
import type { Database } from '../apps/server/src/db/client';
import { customers, users } from '../apps/server/src/db/schema/index';
import { startStandIns, type StandIns } from './stand-ins';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_EMAIL = 'bench-admin@example.com';
export const ADMIN_PASSWORD = 'bench-pass-1';
export const JSONAPI = 'application/vnd.api+json';

/** `npm run build` (web app and server bundle) unless both are there and BENCH_BUILD is not 1. */
export function ensureBuilt(): void {
  const built = [
    'apps/web/dist/index.html',
    'apps/web/dist-ssr/entry-server.js',
    'apps/server/dist/main.js',
  ].every((file) => existsSync(join(REPO_ROOT, file)));
  if (built && process.env.BENCH_BUILD !== '1') return;
  console.info('Building the web app and the server (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Stripe and SMTP stood in once for every server this process starts (bench/stand-ins.ts), closed after the last. */
let standIns: Promise<StandIns> | null = null;
let serversRunning = 0;

/** Starts one production server on 127.0.0.1:`port` over `databaseUrl`, resolved once /backend/live/ answers. */
export async function startServer(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${port}`;
  standIns ??= startStandIns();
  serversRunning += 1;
  const outside = (await standIns).env;
  // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/profiles': a profile of the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(REPO_ROOT, 'apps/server/dist/main.js')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      // Production refuses to start without these (tax invoices, signed manage-booking links, real
      // payments and email: stood in here).
      ...outside,
      BUSINESS_ABN: '51 824 753 556',
      SESSION_SECRET: 'benchmark-only-session-secret-0123456789abcdef',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'never',
      // The benchmark's staff sign in with a password alone: the second factor is part of signing in, which no call
      // measured here does (production's default requires it of staff; issue 38).
      STAFF_TWO_FACTOR_DEFAULT: 'false',
      LOG_LEVEL: 'warn',
      BUSINESS_TIMEZONE: 'Australia/Hobart',
      // A load test is one IP sending thousands of requests: the abuse limits would answer 429.
      RATE_LIMIT_IP_REQUESTS: '100000000',
      RATE_LIMIT_EMAIL_REQUESTS: '100000000',
      RATE_LIMIT_REGISTRATIONS: '100000000',
      RATE_LIMIT_REGISTRATIONS_PER_EMAIL: '100000000',
      RATE_LIMIT_ACCOUNT_REQUESTS: '100000000',
      RATE_LIMIT_LOGIN_FAILURES: '100000000',
      RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000000',
      RATE_LIMIT_UNPAID_HOLDS: '100000000',
      RATE_LIMIT_PARTNER_REQUESTS_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(`[server :${port}] ${chunk.toString()}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server on port ${port} exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${base}/backend/live/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server on port ${port} did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      serversRunning -= 1;
      if (serversRunning === 0 && standIns) {
        const closing = standIns;
        standIns = null;
        await (await closing).close();
      }
    },
  };
}

/** The staff user the back-office calls log in as (Admins). */
export async function createAdmin(db: Database): Promise<void> {
  const [user] = await db
    .insert(users)
    .values({
      email: ADMIN_EMAIL,
      passwordHash: await hashPassword(ADMIN_PASSWORD),
      roles: ['Admins'],
      emailConfirmed: true,
    })
    .returning();
  if (!user) throw new Error('no admin');
  await db
    .insert(customers)
    .values({ email: ADMIN_EMAIL, firstName: 'Bench', lastName: 'Admin', userId: user.id, staff: true });
}

/** POST sessions/: the token. */
export async function login(base: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`${base}/backend/api/v1/sessions/`, {
    method: 'POST',
    headers: { 'content-type': JSONAPI },
    body: JSON.stringify({ data: { type: 'sessions', attributes: { email, password } } }),
  });
  const body = (await response.json()) as { data?: { attributes?: { token?: unknown } } };
  const token = body.data?.attributes?.token;
  if (response.status !== 201 || typeof token !== 'string')
    throw new Error(`login answered ${response.status}: ${JSON.stringify(body)}`);
  return token;
}

/** A guest's online booking document (wizard step 7), for `email`, in lot `lotId`. */
export function onlineBookingDoc(
  ids: { lotId: number; vehicleTypeId: number; airlineId: number },
  start: Date,
  end: Date,
  n: number,
) {
  return {
    data: {
      type: 'bookings',
      attributes: {
        title: 'Ms',
        firstName: 'Grace',
        lastName: `Racer ${n}`,
        phoneNumber: '0400 123 456',
        email: `guest${n}-${process.pid}@example.com`,
        business: '',
        rego: `G${n.toString(36).toUpperCase().padStart(5, '0')}`.slice(-6),
        make: 'Toyota',
        model: 'Corolla',
        colour: 'White',
        startDatetime: start.toISOString(),
        endDatetime: end.toISOString(),
        flightNumberOut: 'QF1502',
        flightNumberIn: 'QF1511',
        busDepartureTime: '05:00:00',
        passengersOut: 2,
        passengersIn: 2,
      },
      relationships: {
        lot: { data: { type: 'lots', id: String(ids.lotId) } },
        vehicleType: { data: { type: 'vehicle-types', id: String(ids.vehicleTypeId) } },
        airlineOut: { data: { type: 'airlines', id: String(ids.airlineId) } },
        airlineIn: { data: { type: 'airlines', id: String(ids.airlineId) } },
      },
    },
  };
}

/**
 * PostgreSQL goes away under load, twice: its connections cut by a TCP proxy that then refuses new
 * ones for three seconds (a restart as the server sees it), and its backends terminated with
 * pg_terminate_backend. Every answer meanwhile is a success or a clean 503 (JSON:API, or the health
 * check's JSON), never a 500; the same server process recovers by itself; every saved booking is whole.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { bookingDoc } from '../test/booking-fixtures';
import { withDatabase } from '../test/postgres';
import {
  call,
  createDatabase,
  postgresUrl,
  startServer,
  stopServer,
  type Answer,
  type ServerProcess,
  type TestDatabase,
} from '../test/process-server';

const V1 = '/backend/api/v1';
const SERVER_PORT = 8952;
const PROXY_PORT = 8960;

/** A TCP proxy to PostgreSQL that the test can cut (every connection dropped, new ones refused). */
class CuttableProxy {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  constructor(
    private readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

interface Outcome {
  path: string;
  answer: Answer | { status: 0; error: string };
  email?: string;
}

/** Concurrent clients reading lots, asking for health and saving bookings until `stop` says so. */
function load(base: string, db: TestDatabase, tag: string, stop: () => boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let n = 0;
  const day = (k: number) => new Date(Date.now() + k * 86_400_000).toISOString().slice(0, 10);
  const client = async (kind: 'lots' | 'health' | 'booking') => {
    while (!stop()) {
      let path = `${V1}/lots/`;
      let body: unknown;
      let email: string | undefined;
      if (kind === 'health') path = '/backend/health/';
      if (kind === 'booking') {
        n += 1;
        path = `${V1}/bookings/`;
        email = `load-${tag}-${n}@example.com`;
        // Spread over two months: on one day a fast run filled the car park, and its refusal (400 lot_full) is
        // not what this test is about.
        const first = 20 + (n % 60);
        body = bookingDoc(db.fixtures, {
          attributes: {
            email,
            startDatetime: `${day(first)}T06:00:00+11:00`,
            endDatetime: `${day(first + 1)}T18:00:00+11:00`,
          },
          relationships: { extras: { data: [{ type: 'extras', id: String(db.fixtures.wash.id) }] } },
        });
      }
      const answer = await call(base, body ? 'POST' : 'GET', path, body ? { body } : {}).catch(
        (error: unknown) => ({ status: 0 as const, error: String(error) }),
      );
      outcomes.push({ path, answer, ...(email ? { email } : {}) });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return Promise.all([
    client('lots'),
    client('lots'),
    client('health'),
    client('booking'),
    client('booking'),
  ]).then(() => outcomes);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectClean(outcomes: Outcome[]) {
  for (const { path, answer } of outcomes) {
    const label = `${path} ${JSON.stringify(answer)}`;
    expect([200, 201, 503], label).toContain(answer.status);
    if (answer.status !== 503 || !('contentType' in answer)) continue;
    if (path === '/backend/health/') {
      expect(answer.body, label).toMatchObject({ status: 'unavailable', database: false });
    } else {
      expect(answer.contentType, label).toContain('application/vnd.api+json');
      expect(answer.body, label).toMatchObject({ errors: [{ status: '503', code: 'service_unavailable' }] });
    }
  }
}

describe('the database restarting under load (PostgreSQL)', () => {
  let db: TestDatabase;
  let server: ServerProcess | undefined;
  let proxy: CuttableProxy;
  const created: string[] = [];

  beforeAll(async () => {
    db = await createDatabase('postgres');
    const target = new URL(postgresUrl());
    proxy = new CuttableProxy(PROXY_PORT, { host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    const viaProxy = new URL(db.url ?? '');
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(PROXY_PORT);
    server = await startServer(db, SERVER_PORT, { DATABASE_URL: viaProxy.toString() });
  }, 180_000);

  afterAll(async () => {
    if (server?.child.exitCode !== null) console.error(server?.stderr.join(''));
    await stopServer(server);
    await proxy?.cut();
    await db?.drop();
  });

  it('connections cut and refused for 3 s: clean 503s, then the same process answers again', async () => {
    if (!server) throw new Error('no server');
    const pid = server.child.pid;
    let stopped = false;
    const running = load(server.base, db, 'cut', () => stopped);
    await sleep(2_000);
    await proxy.cut();
    await sleep(3_000);
    const during = await call(server.base, 'GET', '/backend/health/');
    await proxy.open();
    await sleep(4_000);
    stopped = true;
    const outcomes = await running;

    console.info(
      `connections cut: ${outcomes.length} requests, ${outcomes.filter((o) => o.answer.status === 503).length} answered 503, ${outcomes.filter((o) => o.answer.status >= 500 && o.answer.status !== 503).length} other 5xx`,
    );
    expect(during).toMatchObject({ status: 503, body: { status: 'unavailable', database: false } });
    expectClean(outcomes);
    expect(outcomes.filter((outcome) => outcome.answer.status === 503).length).toBeGreaterThan(0);
    expect(outcomes.filter((outcome) => outcome.answer.status === 201).length).toBeGreaterThan(0);
    for (const outcome of outcomes)
      if (outcome.answer.status === 201 && outcome.email) created.push(outcome.email);
    // Recovered without a restart: same process, database reachable, reads answer.
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
    expect(await call(server.base, 'GET', '/backend/health/')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: true },
    });
    expect((await call(server.base, 'GET', `${V1}/lots/`)).status).toBe(200);
  });

  it('every backend terminated (pg_terminate_backend) repeatedly: clean 503s, recovery without a restart', async () => {
    if (!server) throw new Error('no server');
    let stopped = false;
    const running = load(server.base, db, 'terminate', () => stopped);
    let terminated = 0;
    for (let round = 0; round < 6; round += 1) {
      await sleep(500);
      terminated += await withDatabase(postgresUrl(), async (client) => {
        const result = await client.query<{ done: boolean }>(
          'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [db.name],
        );
        return result.rows.filter((row) => row.done).length;
      });
    }
    await sleep(2_000);
    stopped = true;
    const outcomes = await running;

    console.info(
      `backends terminated: ${terminated}; ${outcomes.length} requests, ${outcomes.filter((o) => o.answer.status === 503).length} answered 503`,
    );
    expect(terminated).toBeGreaterThan(0);
    expectClean(outcomes);
    for (const outcome of outcomes)
      if (outcome.answer.status === 201 && outcome.email) created.push(outcome.email);
    expect(server.child.exitCode).toBeNull();
    expect(await call(server.base, 'GET', '/backend/health/')).toMatchObject({
      status: 200,
      body: { database: true },
    });
  });

  it('every booking answered 201 is stored, and every stored booking is whole', async () => {
    const handle = await db.open();
    try {
      const rows = rowsOf<{ email: string; extras: number; logs: number }>(
        await handle.db.execute(sql`
          SELECT b.email,
                 (SELECT count(*)::int FROM booking_extras e WHERE e.booking_id = b.id) AS extras,
                 (SELECT count(*)::int FROM booking_logs l WHERE l.booking_id = b.id AND l.action = 'created') AS logs
          FROM bookings b`),
      );
      const stored = new Set(rows.map((row) => row.email));
      for (const email of created) expect(stored.has(email), email).toBe(true);
      for (const row of rows) expect(row, row.email).toMatchObject({ extras: 1, logs: 1 });
    } finally {
      await handle.close();
    }
  });
});

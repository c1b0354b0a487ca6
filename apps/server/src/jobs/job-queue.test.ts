/**
 * The side-effect queue (db/job-queue.ts, jobs/job-runner.ts): an email is a job written with its change, sent
 * after the commit, retried while the mail server refuses it, given up after five failures in a row and then
 * listed on Delivery problems, where Retry sends it and Discard drops it; a job run twice sends once, and a change
 * rolled back sends nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, JOB_SCHEMA, jobQueueStats } from '../db/job-queue';
import { createUser, login } from '../test/factories';
import { mailTo } from '../test/mail';
import { api, createTestServer, doc, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer();
  const { user } = await createUser(server.handle.db, { roles: ['Admins'] });
  admin = await login(server.app, user.email);
});
afterAll(() => server.close());

const requestReset = (email: string) =>
  api(server.app, 'POST', `${V1}/password-resets/`, { body: doc('password-resets', { email }) });

/** Retries are due at once, as if their backoff had passed. */
async function retriesDue(): Promise<void> {
  await server.handle.db.execute(
    sql`UPDATE ${sql.raw(JOB_SCHEMA)}.job SET start_after = now() WHERE state = 'retry'`,
  );
}

async function problems() {
  const response = await api(server.app, 'GET', `${V1}/delivery-problems/`, { token: admin });
  expect(response.status).toBe(200);
  return response.body.data as Array<{ id: string; attributes: Record<string, unknown> }>;
}

describe('the side-effect job queue', () => {
  it('answers while the mail server refuses, retries, and lists the email on Delivery problems after five failures', async () => {
    const { user } = await createUser(server.handle.db);
    server.failMail(new Error('connect ECONNREFUSED 127.0.0.1:25'));
    // The request answers; its email stays queued.
    expect((await requestReset(user.email)).status).toBe(201);
    expect(mailTo(server, user.email)).toHaveLength(0);
    expect(await jobQueueStats(server.handle.db)).toMatchObject({ waiting: 1, failed: 0 });
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await retriesDue();
      await server.app.services.jobs.drain();
    }
    expect(await jobQueueStats(server.handle.db)).toMatchObject({ waiting: 0, failed: 1 });
    const [problem] = await problems();
    expect(problem?.attributes).toMatchObject({
      what: 'Email: Reset your password',
      to: user.email,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      attempts: 5,
    });

    // The mail server is back: Retry sends it, once, and it leaves the list.
    server.failMail(null);
    const retried = await api(server.app, 'POST', `${V1}/delivery-problems/${problem?.id}/retry/`, {
      token: admin,
      body: {},
    });
    expect(retried.status).toBe(204);
    expect(mailTo(server, user.email).map((message) => message.subject)).toEqual(['Reset your password']);
    expect(await problems()).toEqual([]);
    const again = await api(server.app, 'POST', `${V1}/delivery-problems/${problem?.id}/retry/`, {
      token: admin,
      body: {},
    });
    expect(again.status).toBe(404);
  });

  it('discards a problem for good, and refuses anyone but Admins', async () => {
    const { user } = await createUser(server.handle.db);
    server.failMail(new Error('550 mailbox unavailable'));
    await requestReset(user.email);
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await retriesDue();
      await server.app.services.jobs.drain();
    }
    server.failMail(null);
    const [problem] = await problems();
    const { user: sales } = await createUser(server.handle.db, { roles: ['Sales'] });
    const salesToken = await login(server.app, sales.email);
    expect((await api(server.app, 'GET', `${V1}/delivery-problems/`, { token: salesToken })).status).toBe(
      403,
    );
    expect((await api(server.app, 'GET', `${V1}/delivery-problems/`)).status).toBe(401);
    const discarded = await api(server.app, 'DELETE', `${V1}/delivery-problems/${problem?.id}/`, {
      token: admin,
    });
    expect(discarded.status).toBe(204);
    expect(await problems()).toEqual([]);
    await server.app.services.jobs.drain();
    expect(mailTo(server, user.email)).toHaveLength(0);
  });

  it('sends once when a job runs again after its email left (a worker that died before completing it)', async () => {
    const { user } = await createUser(server.handle.db);
    await requestReset(user.email);
    expect(mailTo(server, user.email)).toHaveLength(1);
    // As if the worker had died between the send and the completion: the job is handed out again.
    await server.handle.db.execute(
      sql`UPDATE ${sql.raw(JOB_SCHEMA)}.job SET state = 'created', completed_on = NULL
          WHERE data->'mail'->>'to' = ${user.email}`,
    );
    expect(await server.app.services.jobs.drain()).toBe(1);
    expect(mailTo(server, user.email)).toHaveLength(1);
  });

  it('sends nothing for a change rolled back', async () => {
    const to = 'rolled-back@example.com';
    await expect(
      server.handle.db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'mail', mail: { to, subject: 'Never', text: 'x', html: '<p>x</p>' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await server.app.services.jobs.drain();
    expect(mailTo(server, to)).toHaveLength(0);
    expect(await jobQueueStats(server.handle.db)).toMatchObject({ waiting: 0 });
  });
});

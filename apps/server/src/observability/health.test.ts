/**
 * GET /backend/health/ beyond the database: the side-effect job backlog (waiting, failed, the oldest waiting job's
 * age) and the last round of this instance's timers; 503 `stuck` once the oldest waiting job has waited longer than
 * HEALTH_JOB_BACKLOG_MAX_MINUTES, back to 200 when the jobs have run. The same figures are metrics series.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, JOB_SCHEMA } from '../db/job-queue';
import { every } from '../jobs/every';
import { createTestServer, type TestServer } from '../test/server';
import type { Health } from './health';

const TOKEN = 'health-test-metrics-token-0123456789';
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ env: { HEALTH_JOB_BACKLOG_MAX_MINUTES: '15', METRICS_TOKEN: TOKEN } });
});
afterAll(() => server.close());

async function health(): Promise<{ status: number; body: Health }> {
  const response = await server.app.inject({ method: 'GET', url: '/backend/health/' });
  return { status: response.statusCode, body: response.json<Health>() };
}

/** A queued email whose job has waited `minutes` (nothing has taken it: no worker is running). */
async function waitingJob(minutes: number): Promise<void> {
  const mail = { to: 'stuck@example.com', subject: 'Stuck', text: 'Stuck', html: '<p>Stuck</p>' };
  await enqueue(server.handle.db, { kind: 'mail', mail });
  await server.handle.db.execute(sql`
    UPDATE ${sql.raw(JOB_SCHEMA)}.job
    SET created_on = now() - make_interval(mins => ${minutes}), start_after = now() - make_interval(mins => ${minutes})
    WHERE state = 'created' AND data->'mail'->>'to' = 'stuck@example.com'`);
}

describe('GET /backend/health/', () => {
  it('keeps its fields and adds the job backlog and the timers', async () => {
    const timer = every(20, 'health test timer', async () => undefined);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { status, body } = await health();
      expect(status).toBe(200);
      expect(body).toMatchObject({
        status: 'ok',
        database: true,
        jobs: { waiting: 0, active: 0, failed: 0, oldestWaitingSeconds: null, stuck: false },
      });
      expect(body.sweeps['health test timer']).toMatchObject({ intervalSeconds: 0.02, lastRunOk: true });
      expect(Date.parse(body.sweeps['health test timer']?.lastRunAt ?? '')).toBeGreaterThan(
        Date.now() - 10_000,
      );
    } finally {
      await timer.stop();
    }
    expect((await health()).body.sweeps['health test timer']).toBeUndefined();
  });

  it('answers 503 when the oldest waiting job has waited longer than HEALTH_JOB_BACKLOG_MAX_MINUTES', async () => {
    await waitingJob(5);
    const young = await health();
    expect(young.status).toBe(200);
    expect(young.body.jobs).toMatchObject({ waiting: 1, stuck: false });

    await waitingJob(20);
    const stuck = await health();
    expect(stuck.status).toBe(503);
    expect(stuck.body).toMatchObject({ status: 'stuck', database: true, jobs: { waiting: 2, stuck: true } });
    expect(stuck.body.jobs?.oldestWaitingSeconds).toBeGreaterThan(20 * 60 - 5);
    // A load balancer's readiness asks of this instance only: the shared backlog does not take it out.
    const ready = await server.app.inject({ method: 'GET', url: '/backend/ready/' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: true });

    const metrics = await server.app.inject({
      method: 'GET',
      url: '/backend/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(metrics.body).toMatch(/^parking_jobs_waiting 2$/m);
    const oldest = /^parking_jobs_oldest_waiting_seconds (\S+)$/m.exec(metrics.body)?.[1];
    expect(Number(oldest)).toBeGreaterThan(20 * 60 - 5);

    // The workers catch up: the backlog is gone and the instance is healthy again.
    await server.app.services.jobs.drain();
    const caughtUp = await health();
    expect(caughtUp.status).toBe(200);
    expect(caughtUp.body.jobs).toMatchObject({ waiting: 0, oldestWaitingSeconds: null, stuck: false });
  });
});

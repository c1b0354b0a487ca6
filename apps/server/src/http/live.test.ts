/**
 * Liveness and readiness for a load balancer: /backend/live/ answers from the process alone (it is also the
 * benchmark's ceiling route), /backend/health/ asks the database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { createTestDatabase } from '../test/server';

describe('liveness and health', () => {
  it('live answers without the database; health reports the database unreachable', async () => {
    const handle = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'parking-data-')) });
    const app = await buildApp({ config, database: handle.db, logger: false });
    try {
      const up = await Promise.all([
        app.inject({ url: '/backend/live/' }),
        app.inject({ url: '/backend/health/' }),
      ]);
      // Health's other fields (the job backlog, the timers) are observability/health.test.ts's.
      expect(up.map((response) => [response.statusCode, response.json<unknown>()])).toMatchObject([
        [200, { status: 'ok' }],
        [200, { status: 'ok', database: true }],
      ]);

      await handle.drop();
      const live = await app.inject({ url: '/backend/live/' });
      expect([live.statusCode, live.json<unknown>()]).toEqual([200, { status: 'ok' }]);
      const health = await app.inject({ url: '/backend/health/' });
      expect([health.statusCode, health.json<unknown>()]).toMatchObject([
        503,
        { status: 'unavailable', database: false },
      ]);
    } finally {
      await app.close();
    }
  });
});

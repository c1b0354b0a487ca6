/**
 * App instances on one test database for the tests of what an instance holds in memory (pricing/held-snapshot.ts:
 * the quotes' data, the extras calendar): each as main.ts starts it, with a change feed of its own (PGlite
 * in-process, LISTEN/NOTIFY on PostgreSQL), or without one (then it holds nothing and every answer is read from
 * the database: the answer a held one must equal). One shared clock.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { openChangeFeed, type ChangeFeed } from '../db/change-feed';
import { Clock, createTestDatabase } from './server';

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

export interface HeldInstances {
  database: TestDatabase;
  clock: Clock;
  /** A new instance: with a change feed of its own (holding data), or `{ feed: false }` (holding nothing). */
  instance(options?: { feed?: boolean }): Promise<FastifyInstance>;
  /** Closes every instance and feed, then drops the database. */
  close(): Promise<void>;
}

export async function heldInstances(): Promise<HeldInstances> {
  const database = await createTestDatabase();
  const clock = new Clock();
  const apps: FastifyInstance[] = [];
  const feeds: ChangeFeed[] = [];
  return {
    database,
    clock,
    async instance({ feed = true } = {}) {
      const changes = feed ? await openChangeFeed(database, database.url) : undefined;
      if (changes) feeds.push(changes);
      const base = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'parking-data-')),
        PUBLIC_URL: 'https://parking.test',
      });
      const app = await buildApp({
        config: {
          ...base,
          rateLimits: {
            ...base.rateLimits,
            requestsPerIp: 10_000,
            requestsPerEmail: 1000,
            requestsPerAccount: 10_000,
            registrationsPerIp: 1000,
            registrationsPerEmail: 1000,
            loginFailures: 1000,
          },
        },
        database: database.db,
        clock: clock.now,
        logger: false,
        ...(changes ? { changes } : {}),
        mailer: { send: async () => undefined },
      });
      await app.ready();
      apps.push(app);
      return app;
    },
    async close() {
      for (const app of apps) await app.close();
      for (const changes of feeds) await changes.close();
      await database.drop();
    },
  };
}

/** A test server on its own fresh database (a PGlite clone, or a PostgreSQL database from the template). */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config, type RateLimits } from '../config/config';
import { openChangeFeed } from '../db/change-feed';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../db/client';
import type { MailMessage, Mailer } from '../mail/mailer';
import { withName } from './global-setup';
import { withDatabase } from './postgres';

export const JSONAPI = 'application/vnd.api+json';

export async function createTestDatabase(): Promise<
  DatabaseHandle & { url: string | undefined; drop(): Promise<void> }
> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `parking_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await withDatabase(url, (client) =>
      client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`),
    );
    const handle = await openDatabase({ url: withName(url, name), poolSize: 20 });
    return {
      ...handle,
      url: withName(url, name),
      async drop() {
        await handle.close();
        await withDatabase(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const dump = readFileSync(inject('pgliteDump'));
  const pglite = new PGlite({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  await pglite.waitReady;
  const handle = await openDatabase({ pglite });
  return { ...handle, url: undefined, drop: () => handle.close() };
}

export class Clock {
  constructor(public current = new Date('2026-11-21T09:00:00+11:00')) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestServer {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  clock: Clock;
  mail: MailMessage[];
  /** From now on the mail server refuses every message with `error` (null: it accepts them again). */
  failMail(error: Error | null): void;
  close(): Promise<void>;
}

/** What production refuses to start without, besides a database: tests that start in production give these. */
export const PRODUCTION_ESSENTIALS = {
  BUSINESS_ABN: '51 824 753 556',
  SESSION_SECRET: 'test-only-session-secret-0123456789abcdef',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  STRIPE_SECRET_KEY: 'sk_test_production_config_only',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_production_config_only',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_config_only',
  PHOTO_STORAGE: 'filesystem',
  FLIGHT_STATUS_PROVIDER: 'none',
} as const;

export async function createTestServer(
  options: {
    rateLimits?: Partial<RateLimits>;
    env?: Record<string, string>;
    logStream?: { write(line: string): void };
    onRoute?: (route: { method: string | string[]; url: string }) => void;
  } = {},
): Promise<TestServer> {
  const handle = await createTestDatabase();
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'parking-data-')),
    PUBLIC_URL: 'https://parking.test',
    // An event stream (the bring-up board's) ends soon, so that a request to one (the authorisation matrix, the
    // fuzzers) is answered; the tests of the streams themselves say how long they need.
    LIVE_STREAM_SECONDS: '0.05',
    ...options.env,
  });
  const config: Config = {
    ...base,
    rateLimits: {
      ...base.rateLimits,
      loginFailures: 1000,
      requestsPerIp: 1000,
      requestsPerEmail: 1000,
      requestsPerAccount: 1000,
      registrationsPerIp: 1000,
      registrationsPerEmail: 1000,
      loginFailuresPerIp: 1000,
      unpaidHolds: 1000,
      ...options.rateLimits,
    },
  };
  const mail: MailMessage[] = [];
  const mailFailure: { error: Error | null } = { error: null };
  const mailer: Mailer = {
    async send(message) {
      if (mailFailure.error) throw mailFailure.error;
      mail.push(message);
    },
  };
  const clock = new Clock();
  const changes = await openChangeFeed(handle, handle.url);
  const app = await buildApp({
    config,
    database: handle.db,
    mailer,
    clock: clock.now,
    changes,
    rawSql: handle.rawSql,
    onRoute: options.onRoute,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  // Tests write to the database directly, then ask: each request first waits until the change
  // notifications of what was committed before it have arrived (instant with PGlite; with PostgreSQL a
  // real app's next request trails them by a network round trip).
  app.addHook('onRequest', async () => changes.sync());
  // Side effects run on the job queue after the commit; a test reads them (the captured mail) as soon as the
  // answer is back: every write's answer waits here until the jobs due have run.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await app.services.jobs.drain();
  });
  await app.ready();
  return {
    app,
    handle,
    config,
    clock,
    mail,
    failMail(error) {
      mailFailure.error = error;
    },
    async close() {
      await app.close();
      await changes.close();
      await handle.drop();
    },
  };
}

export interface ApiResponse {
  status: number;
  body: JsonDocument;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

export interface JsonResource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<
    string,
    { data: { type: string; id: string } | null | Array<{ type: string; id: string }> }
  >;
}

export interface JsonDocument {
  data?: JsonResource | JsonResource[] | null;
  included?: JsonResource[];
  meta?: { pagination?: { count: number; page: number; pages: number } };
  errors?: Array<{
    status: string;
    code: string;
    detail: string;
    source?: { pointer?: string; parameter?: string };
  }>;
}

/** A small JSON:API client over app.inject. */
export async function api(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    cookies?: Record<string, string>;
  } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { accept: JSONAPI, ...options.headers };
  if (options.token) headers.authorization = `Token ${options.token}`;
  const payload =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = JSONAPI;
  const response = await app.inject({ method, url, headers, cookies: options.cookies, payload });
  let body: JsonDocument = {};
  if (response.body && (response.headers['content-type'] ?? '').toString().includes('json'))
    body = response.json<JsonDocument>();
  return { status: response.statusCode, body, headers: response.headers, raw: response };
}

export const doc = (
  type: string,
  attributes: Record<string, unknown>,
  extra: { id?: string; relationships?: Record<string, unknown> } = {},
) => ({
  data: {
    type,
    ...(extra.id ? { id: extra.id } : {}),
    attributes,
    ...(extra.relationships ? { relationships: extra.relationships } : {}),
  },
});

export const one = (body: JsonDocument): JsonResource => {
  if (!body.data || Array.isArray(body.data))
    throw new Error(`Expected one resource, got ${JSON.stringify(body)}`);
  return body.data;
};

export const many = (body: JsonDocument): JsonResource[] => {
  if (!Array.isArray(body.data)) throw new Error(`Expected a list, got ${JSON.stringify(body)}`);
  return body.data;
};

export const firstError = (body: JsonDocument) => body.errors?.[0];

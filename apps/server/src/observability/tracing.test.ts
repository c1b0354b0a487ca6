/**
 * Traces: the real server started as production starts it (tracing.ts given to Node first) with
 * OTEL_EXPORTER_OTLP_ENDPOINT naming a tiny OTLP/HTTP receiver on 127.0.0.1: a request arrives there as spans of
 * one trace (the HTTP server's, Fastify's request and handler), under its route template.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEmbeddedDatabase } from '../db/client';
import { call, startServer, stopServer, type ServerProcess } from '../test/process-server';
import { createTestDatabase } from '../test/server';

interface ReceivedSpan {
  scope: string;
  name: string;
  traceId: string;
}

/** OTLP/HTTP's JSON encoding, as @opentelemetry/exporter-trace-otlp-http posts it to /v1/traces. */
interface TracesRequest {
  resourceSpans?: Array<{
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: Array<{ name?: string; traceId?: string }> }>;
  }>;
}

const received: ReceivedSpan[] = [];
const paths: string[] = [];
let receiver: Server;
let database: { env: Record<string, string>; drop(): Promise<void> };
let server: ServerProcess | undefined;

const listening = (http: Server) =>
  new Promise<number>((resolve) =>
    http.listen(0, '127.0.0.1', () => resolve((http.address() as AddressInfo).port)),
  );

/**
 * The suite's migrated database for the server process: a PostgreSQL database from the template (TEST_DATABASE_URL,
 * whose statements are traced too), else an embedded data folder filled from the migrated PGlite dump (migrating
 * one afresh takes half a minute on a busy machine).
 */
async function serverDatabase(): Promise<typeof database> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parking-tracing-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL) {
    const handle = await createTestDatabase();
    return {
      env: { DATABASE_URL: handle.url ?? '', DATA_DIR: dataDir },
      drop: async () => {
        await handle.drop();
        removeDir();
      },
    };
  }
  const embedded = await openEmbeddedDatabase(dataDir, {
    loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]),
  });
  await embedded.close();
  return { env: { DATA_DIR: dataDir }, drop: async () => removeDir() };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listening(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(`${request.method ?? ''} ${request.url ?? ''}`);
      const document = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as TracesRequest;
      for (const resource of document.resourceSpans ?? [])
        for (const scoped of resource.scopeSpans ?? [])
          for (const span of scoped.spans ?? [])
            received.push({
              scope: scoped.scope?.name ?? '',
              name: span.name ?? '',
              traceId: span.traceId ?? '',
            });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const receiverPort = await listening(receiver);
  database = await serverDatabase();
  server = await startServer(
    database,
    await freePort(),
    {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
      // Spans go out every 100 ms instead of every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    ['--import', './src/observability/tracing.ts'],
  );
});

afterAll(async () => {
  await stopServer(server);
  await database.drop();
  await new Promise((resolve) => receiver.close(resolve));
});

async function spansOfRequest(route: string, timeoutMs = 20_000): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const server = received.find(
      (span) => span.scope === '@opentelemetry/instrumentation-http' && span.name === `GET ${route}`,
    );
    const trace = server ? received.filter((span) => span.traceId === server.traceId) : [];
    if (trace.some((span) => span.scope === '@fastify/otel')) return trace;
    if (Date.now() > deadline) throw new Error(`No trace of GET ${route}: ${JSON.stringify(received)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('traces over OTLP', () => {
  it('sends the spans of a request to the collector named by OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const base = server?.base ?? '';
    expect((await call(base, 'GET', '/backend/api/v1/lots/?page[number]=1')).status).toBe(200);
    const trace = await spansOfRequest('/backend/api/v1/:type/');
    expect(paths.every((path) => path === 'POST /v1/traces')).toBe(true);
    expect(trace.map((span) => span.scope)).toEqual(
      expect.arrayContaining(['@opentelemetry/instrumentation-http', '@fastify/otel']),
    );
    // On PostgreSQL the request's statements are spans of the same trace.
    if (process.env.TEST_DATABASE_URL)
      expect(trace.map((span) => span.scope)).toContain('@opentelemetry/instrumentation-pg');
    // The raw URL (its query string, the type asked for) is not a span's name: the route template is.
    expect(trace.filter((span) => span.name.includes('?') || span.name.includes('/lots/'))).toEqual([]);
  });
});

/**
 * Malformed requests, the harness: one test server with an Admin, a customer (ann), a vehicle type and
 * the two lots; the Case a table row describes and the builders its bodies use (SEDAN and LOT in a URL
 * or body stand for the rows' ids); `send`, and `answersEach`, the test every case gets: a 4xx JSON:API
 * error document (errors with status, code and detail; the JSON:API media type; no stack trace), never
 * a 500 or an HTML page. The tests are jsonapi/jsonapi-malformed-writes.test.ts and -reads.test.ts.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLots, createUser, createVehicleType, login } from './factories';
import { api, createTestServer, type ApiResponse, type TestServer } from './server';

export const V1 = '/backend/api/v1';
let server: TestServer;
const tokens = { admin: '', ann: '' };
/** Placeholders in the table's URLs and bodies, filled once the rows exist. */
const ids = { SEDAN: 0, LOT: 0 };

/** Starts the server and makes the rows before the file's first test (and closes it after its last). */
export function useMalformedServer() {
  beforeAll(async () => {
    server = await createTestServer();
    await createUser(server.handle.db, { email: 'admin@example.com', roles: ['Admins'] });
    await createUser(server.handle.db, { email: 'ann@example.com' });
    ids.SEDAN = (await createVehicleType(server.handle.db, 'Sedan')).id;
    const [lot] = await createLots(server.handle.db);
    ids.LOT = lot?.id ?? 0;
    tokens.admin = await login(server.app, 'admin@example.com');
    tokens.ann = await login(server.app, 'ann@example.com');
  });
  afterAll(() => server.close());
}

const fill = (text: string) => text.replace(/SEDAN|LOT/g, (key) => String(ids[key as keyof typeof ids]));

/** The shape every error answer shares, whatever went wrong. */
function expectErrorDocument(response: ApiResponse, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
  const errors = response.body.errors ?? [];
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(error).toMatchObject({
      status: String(status),
      code: expect.stringMatching(/^\w+$/),
      detail: expect.any(String),
    });
    expect(error.detail.length).toBeGreaterThan(0);
  }
  const text = response.raw.body;
  expect(text).not.toMatch(/\n\s*at |\bat \S+ \(|\.(?:ts|js|mjs):\d+:\d+/);
  expect(text).not.toContain('node_modules');
  expect(text).not.toMatch(/Failed query|select .+ from|insert into|delete from/i);
}

export interface Case {
  name: string;
  method: InjectOptions['method'];
  url: string;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  contentType?: string;
  /** Whose token, if any; `authorization` sends a raw header instead. */
  as?: keyof typeof tokens;
  authorization?: string;
  status: number;
  code?: string;
  detail?: string;
  pointer?: string;
  parameter?: string;
}

export const TYPES = `${V1}/vehicle-types/`;
export const LOTS = `${V1}/lots/`;
export const VEHICLES = `${V1}/vehicles/`;
export const vt = (data: unknown) => ({ data });
export const vehicle = (relationships: unknown) => ({
  data: {
    type: 'vehicles',
    attributes: { rego: 'ABC1', make: 'Kia', model: 'Rio', colour: 'Red' },
    relationships,
  },
});
export const lot = (attributes: Record<string, unknown>) => ({
  data: {
    type: 'lots',
    attributes: {
      name: 'Valet',
      slug: 'valet',
      productCodename: 'valet',
      lotType: 'indoor',
      spaces: 10,
      ...attributes,
    },
  },
});
export const patchLot = (attributes: Record<string, unknown>) => ({
  data: { type: 'lots', id: 'LOT', attributes },
});

async function send(test: Case): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (test.contentType) headers['content-type'] = test.contentType;
  if (test.authorization) headers.authorization = test.authorization;
  const body =
    test.body === undefined
      ? undefined
      : fill(typeof test.body === 'string' ? test.body : JSON.stringify(test.body));
  return api(server.app, test.method, fill(test.url), { token: test.as && tokens[test.as], body, headers });
}

/** Each case, as a test of its own: the error document, and its code, detail, pointer or parameter. */
export function answersEach(cases: Case[]) {
  it.each(cases)('$name → $status', async (test) => {
    const response = await send(test);
    expectErrorDocument(response, test.status);
    const error = response.body.errors?.[0];
    if (test.code) expect(error?.code).toBe(test.code);
    if (test.detail) expect(error?.detail).toBe(test.detail);
    if (test.pointer) expect(error?.source?.pointer).toBe(test.pointer);
    if (test.parameter) expect(error?.source?.parameter).toBe(test.parameter);
  });
}

/** A GET as nobody in particular (to count a table's rows after the cases). */
export const get = (url: string) => api(server.app, 'GET', url);

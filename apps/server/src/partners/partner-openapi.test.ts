/**
 * The partner API's contract (issue 42): its OpenAPI document validates as OpenAPI 3.1 (@readme/openapi-parser),
 * and the API's real answers, successes and refusals alike, match the schemas the document gives for them (Ajv,
 * JSON Schema 2020-12); every documented success is exercised. The reference page lists every operation.
 */
import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFixtures } from '../test/booking-fixtures';
import { createPartner, partnerBookingBody } from '../test/partner-fixtures';
import { api, createTestServer, type ApiResponse, type TestServer } from '../test/server';

interface Operation {
  operationId: string;
  summary: string;
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation | unknown>>;
  components: { schemas: Record<string, unknown> };
}

let server: TestServer;
let document: Document;
let key: string;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const checked = new Set<string>();

beforeAll(async () => {
  server = await createTestServer({ rateLimits: { partnerRequestsPerMinute: 1000 } });
  await bookingFixtures(server.handle.db);
  ({ key } = await createPartner(server.handle.db));
  const answer = await api(server.app, 'GET', '/partner/v1/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body as unknown as Document;
  for (const [name, schema] of Object.entries(document.components.schemas))
    ajv.addSchema(schema as object, `#/components/schemas/${name}`);
});
afterAll(() => server.close());

const METHODS = ['get', 'post', 'patch', 'delete'];

/** The answer matches the document's schema for its path, method and status. */
function expectDocumented(path: string, method: string, answer: ApiResponse) {
  const operation = document.paths[path]?.[method] as Operation | undefined;
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  const response = operation?.responses[String(answer.status)];
  expect(response, `${method} ${path} documents ${answer.status}`).toBeDefined();
  const ref = response?.content?.['application/json']?.schema.$ref ?? '';
  const check = ajv.getSchema(ref);
  expect(check, ref).toBeDefined();
  const valid = check?.(answer.body);
  expect(valid, `${method} ${path} ${answer.status}: ${JSON.stringify(check?.errors)}`).toBe(true);
  checked.add(`${method} ${path} ${answer.status}`);
}

const headers = (extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${key}`,
  'content-type': 'application/json',
  ...extra,
});

describe('the partner API contract', () => {
  it('serves an OpenAPI 3.1 document that validates', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
  });

  it("answers as its document says, for every documented success and the refusals' shape", async () => {
    const availability = await api(
      server.app,
      'GET',
      '/partner/v1/availability?lot=outdoor&start=2026-12-01T08:00:00%2B11:00&end=2026-12-03T18:00:00%2B11:00',
      { headers: { authorization: `Bearer ${key}` } },
    );
    expectDocumented('/partner/v1/availability', 'get', availability);

    const body = partnerBookingBody({ email: 'contract@example.com' });
    const created = await api(server.app, 'POST', '/partner/v1/bookings', {
      body,
      headers: headers({ 'idempotency-key': 'contract-1' }),
    });
    expectDocumented('/partner/v1/bookings', 'post', created);
    const code = String((created.body.data as { id: string }).id);
    const path = '/partner/v1/bookings/{code}';
    const url = `/partner/v1/bookings/${code}`;

    expectDocumented(
      path,
      'get',
      await api(server.app, 'GET', url, { headers: { authorization: `Bearer ${key}` } }),
    );
    expectDocumented(
      path,
      'patch',
      await api(server.app, 'PATCH', url, {
        headers: headers(),
        body: { data: { type: 'bookings', attributes: { colour: 'Green' } } },
      }),
    );
    expectDocumented(
      path,
      'delete',
      await api(server.app, 'DELETE', url, { headers: { authorization: `Bearer ${key}` } }),
    );

    // Refusals: JSON:API errors as documented.
    expectDocumented(
      '/partner/v1/bookings',
      'post',
      await api(server.app, 'POST', '/partner/v1/bookings', { body, headers: headers() }),
    );
    expectDocumented(
      '/partner/v1/bookings',
      'post',
      await api(server.app, 'POST', '/partner/v1/bookings', {
        body: partnerBookingBody({ email: 'another@example.com' }),
        headers: headers({ 'idempotency-key': 'contract-1' }),
      }),
    );
    expectDocumented(
      path,
      'get',
      await api(server.app, 'GET', '/partner/v1/bookings/NOSUCH00', { headers: headers() }),
    );
    expectDocumented(path, 'get', await api(server.app, 'GET', url));

    // Every success the document promises was seen and matched.
    const successes = Object.entries(document.paths).flatMap(([documented, item]) =>
      METHODS.filter((method) => method in item).flatMap((method) =>
        Object.keys((item[method] as Operation).responses)
          .filter((status) => status.startsWith('2'))
          .map((status) => `${method} ${documented} ${status}`),
      ),
    );
    expect(successes.filter((success) => !checked.has(success))).toEqual([]);
    expect(checked.has('post /partner/v1/bookings 422')).toBe(true);
  });

  it('serves a readable reference page listing every operation, with nothing fetched from elsewhere', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/partner/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const item of Object.values(document.paths))
      for (const method of METHODS.filter((name) => name in item))
        expect(page.body).toContain(`id="${(item[method] as Operation).operationId}"`);
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!parking)/);
  });
});

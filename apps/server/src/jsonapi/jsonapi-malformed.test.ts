/**
 * Malformed requests: every one answers a 4xx JSON:API error document (errors with status, code and
 * detail; the JSON:API media type; no stack trace), never a 500 or an HTML page.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLots, createUser, createVehicleType, login } from '../test/factories';
import { api, createTestServer, type ApiResponse, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
const tokens = { admin: '', ann: '' };
/** Placeholders in the table's URLs and bodies, filled once the rows exist. */
const ids = { SEDAN: 0, LOT: 0 };

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

interface Case {
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

const TYPES = `${V1}/vehicle-types/`;
const LOTS = `${V1}/lots/`;
const VEHICLES = `${V1}/vehicles/`;
const vt = (data: unknown) => ({ data });
const vehicle = (relationships: unknown) => ({
  data: {
    type: 'vehicles',
    attributes: { rego: 'ABC1', make: 'Kia', model: 'Rio', colour: 'Red' },
    relationships,
  },
});
const lot = (attributes: Record<string, unknown>) => ({
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
const patchLot = (attributes: Record<string, unknown>) => ({ data: { type: 'lots', id: 'LOT', attributes } });

const bodyCases: Case[] = [
  {
    name: 'invalid JSON',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: '{"data": {',
    status: 400,
    code: 'parse_error',
  },
  {
    name: 'invalid JSON as application/json',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: '{data}',
    contentType: 'application/json',
    status: 400,
    code: 'parse_error',
  },
  {
    name: 'prototype poisoning',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: '{"__proto__": {"admin": true}}',
    status: 400,
  },
  {
    name: 'empty body with a JSON:API content type',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: '',
    status: 400,
  },
  { name: 'no body at all', method: 'POST', url: TYPES, as: 'admin', status: 400, pointer: '/data' },
  {
    name: 'body is a JSON array',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: '[]',
    status: 400,
    pointer: '/data',
  },
  {
    name: 'body is a JSON string',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: '"vehicle-types"',
    status: 400,
    pointer: '/data',
  },
  {
    name: 'body is a JSON number',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: '42',
    status: 400,
    pointer: '/data',
  },
  {
    name: 'body is JSON null',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: 'null',
    status: 400,
    pointer: '/data',
  },
  {
    name: 'data missing',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: { type: 'vehicle-types' },
    status: 400,
    pointer: '/data',
  },
  {
    name: 'data is a string',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: vt('vehicle-types'),
    status: 400,
    pointer: '/data',
  },
  {
    name: 'data is an array',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: vt([{ type: 'vehicle-types' }]),
    status: 400,
    pointer: '/data',
  },
  {
    name: 'data.type missing',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: vt({ attributes: { name: 'Ute' } }),
    status: 400,
    code: 'required',
    pointer: '/data/type',
  },
  {
    name: 'data.type not a string',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: vt({ type: 7, attributes: { name: 'Ute' } }),
    status: 400,
    pointer: '/data/type',
  },
  {
    name: 'data.id of the wrong type',
    method: 'PATCH',
    url: `${LOTS}LOT/`,
    as: 'admin',
    body: { data: { type: 'lots', id: true, attributes: {} } },
    status: 400,
    pointer: '/data/id',
  },
  {
    name: 'attributes an array',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: vt({ type: 'vehicle-types', attributes: ['Ute'] }),
    status: 400,
    pointer: '/data/attributes',
  },
  {
    name: 'attributes a string',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: vt({ type: 'vehicle-types', attributes: 'Ute' }),
    status: 400,
    pointer: '/data/attributes',
  },
  {
    name: 'relationships not an object',
    method: 'POST',
    url: VEHICLES,
    as: 'ann',
    body: vehicle('vehicle-types'),
    status: 400,
    pointer: '/data/relationships',
  },
  {
    name: 'relationship without data',
    method: 'POST',
    url: VEHICLES,
    as: 'ann',
    body: vehicle({ vehicleType: { id: 'SEDAN' } }),
    status: 400,
    pointer: '/data/relationships/vehicleType',
  },
  {
    name: 'relationship data without a type',
    method: 'POST',
    url: VEHICLES,
    as: 'ann',
    body: vehicle({ vehicleType: { data: { id: 'SEDAN' } } }),
    status: 400,
    pointer: '/data/relationships/vehicleType/data',
  },
  {
    name: 'relationship data with an object id',
    method: 'POST',
    url: VEHICLES,
    as: 'ann',
    body: vehicle({ vehicleType: { data: { type: 'vehicle-types', id: { n: 1 } } } }),
    status: 400,
    detail: 'Incorrect type. Expected pk value.',
    pointer: '/data/relationships/vehicleType/data',
  },
  {
    name: 'relationship data with a non-numeric id',
    method: 'POST',
    url: VEHICLES,
    as: 'ann',
    body: vehicle({ vehicleType: { data: { type: 'vehicle-types', id: 'abc' } } }),
    status: 400,
    detail: 'Invalid pk "abc" - object does not exist.',
    pointer: '/data/relationships/vehicleType',
  },
  {
    name: 'relationship to a nonexistent id',
    method: 'POST',
    url: VEHICLES,
    as: 'ann',
    body: vehicle({ vehicleType: { data: { type: 'vehicle-types', id: '999999' } } }),
    status: 400,
    code: 'does_not_exist',
    detail: 'Invalid pk "999999" - object does not exist.',
    pointer: '/data/relationships/vehicleType',
  },
  {
    name: 'to-one relationship given a list',
    method: 'POST',
    url: VEHICLES,
    as: 'ann',
    body: vehicle({ vehicleType: { data: [{ type: 'vehicle-types', id: 'SEDAN' }] } }),
    status: 400,
    detail: 'Expected a single resource identifier.',
    pointer: '/data/relationships/vehicleType',
  },
  {
    name: 'unknown relationship',
    method: 'POST',
    url: VEHICLES,
    as: 'ann',
    body: vehicle({ vehicleType: { data: { type: 'vehicle-types', id: 'SEDAN' } }, driver: { data: null } }),
    status: 400,
    pointer: '/data/relationships/driver',
  },
  {
    name: 'required relationship set to null',
    method: 'POST',
    url: VEHICLES,
    as: 'ann',
    body: vehicle({ vehicleType: { data: null } }),
    status: 400,
    detail: 'This field may not be null.',
    pointer: '/data/relationships/vehicleType',
  },
];

const attributeCases: Case[] = [
  {
    name: 'lot spaces "many"',
    method: 'POST',
    url: LOTS,
    as: 'admin',
    body: lot({ spaces: 'many' }),
    status: 400,
    detail: 'Must be a number greater than 0',
    pointer: '/data/attributes/spaces',
  },
  {
    name: 'lot spaces "x"',
    method: 'POST',
    url: LOTS,
    as: 'admin',
    body: lot({ spaces: 'x' }),
    status: 400,
    detail: 'Must be a number greater than 0',
    pointer: '/data/attributes/spaces',
  },
  {
    name: 'lot spaces 0',
    method: 'POST',
    url: LOTS,
    as: 'admin',
    body: lot({ spaces: 0 }),
    status: 400,
    detail: 'Must be a number greater than 0',
    pointer: '/data/attributes/spaces',
  },
  {
    name: 'lot spaces 1.5 (PATCH)',
    method: 'PATCH',
    url: `${LOTS}LOT/`,
    as: 'admin',
    body: patchLot({ spaces: 1.5 }),
    status: 400,
    detail: 'Must be a number greater than 0',
    pointer: '/data/attributes/spaces',
  },
  {
    name: 'lot name 42',
    method: 'POST',
    url: LOTS,
    as: 'admin',
    body: lot({ name: 42 }),
    status: 400,
    pointer: '/data/attributes/name',
  },
  {
    name: 'lot name null',
    method: 'POST',
    url: LOTS,
    as: 'admin',
    body: lot({ name: null }),
    status: 400,
    detail: 'This field is required.',
    pointer: '/data/attributes/name',
  },
  {
    name: 'lot name blank (PATCH)',
    method: 'PATCH',
    url: `${LOTS}LOT/`,
    as: 'admin',
    body: patchLot({ name: '   ' }),
    status: 400,
    detail: 'This field is required.',
    pointer: '/data/attributes/name',
  },
  {
    name: 'lot name missing',
    method: 'POST',
    url: LOTS,
    as: 'admin',
    body: lot({ name: undefined }),
    status: 400,
    detail: 'This field is required.',
    pointer: '/data/attributes/name',
  },
  {
    name: 'lot fillRateThreshold 1.5',
    method: 'POST',
    url: LOTS,
    as: 'admin',
    body: lot({ fillRateThreshold: 1.5 }),
    status: 400,
    detail: 'Must be a number between 0 and 1',
    pointer: '/data/attributes/fillRateThreshold',
  },
  {
    name: 'lot fillRateThreshold "-0.1" (PATCH)',
    method: 'PATCH',
    url: `${LOTS}LOT/`,
    as: 'admin',
    body: patchLot({ fillRateThreshold: '-0.1' }),
    status: 400,
    detail: 'Must be a number between 0 and 1',
    pointer: '/data/attributes/fillRateThreshold',
  },
  {
    name: 'lot lotType not a choice',
    method: 'POST',
    url: LOTS,
    as: 'admin',
    body: lot({ lotType: 'garage' }),
    status: 400,
    detail: 'Select a valid choice.',
    pointer: '/data/attributes/lotType',
  },
  {
    name: 'lot rate "abc"',
    method: 'POST',
    url: LOTS,
    as: 'admin',
    body: lot({ rate: 'abc' }),
    status: 400,
    detail: 'Enter a valid amount.',
    pointer: '/data/attributes/rate',
  },
  {
    name: 'vehicle type name too long',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: vt({ type: 'vehicle-types', attributes: { name: 'x'.repeat(101) } }),
    status: 400,
    detail: 'Ensure this field has no more than 100 characters.',
    pointer: '/data/attributes/name',
  },
  {
    name: 'vehicle deleted "yes"',
    method: 'POST',
    url: VEHICLES,
    as: 'ann',
    body: {
      data: {
        ...vehicle(undefined).data,
        attributes: { ...vehicle(undefined).data.attributes, deleted: 'yes' },
      },
    },
    status: 400,
    detail: 'Must be a valid boolean.',
    pointer: '/data/attributes/deleted',
  },
];

const transportCases: Case[] = [
  {
    name: 'text/plain body',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: JSON.stringify(vt({ type: 'vehicle-types', attributes: { name: 'Ute' } })),
    contentType: 'text/plain',
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'multipart body',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
    status: 415,
  },
  {
    name: 'form-encoded body',
    method: 'PATCH',
    url: `${LOTS}LOT/`,
    as: 'admin',
    body: 'spaces=1',
    contentType: 'application/x-www-form-urlencoded',
    status: 415,
  },
  {
    name: 'body over 1 MiB',
    method: 'POST',
    url: TYPES,
    as: 'admin',
    body: vt({ type: 'vehicle-types', attributes: { name: 'x'.repeat(1_100_000) } }),
    status: 413,
    code: 'too_large',
  },
  { name: 'unknown resource type', method: 'GET', url: `${V1}/nope/`, status: 404, code: 'not_found' },
  {
    name: 'POST to an unknown resource type',
    method: 'POST',
    url: `${V1}/nope/`,
    as: 'admin',
    body: vt({ type: 'nope' }),
    status: 404,
  },
  { name: 'unknown nested path', method: 'GET', url: `${TYPES}SEDAN/owners/`, status: 404 },
  {
    name: 'unknown deeper path',
    method: 'GET',
    url: `${V1}/vehicles/1/owner/user/`,
    as: 'admin',
    status: 404,
  },
  { name: 'id "abc"', method: 'GET', url: `${TYPES}abc/`, status: 404, detail: 'Vehicle type not found' },
  { name: 'id "-1"', method: 'GET', url: `${TYPES}-1/`, status: 404 },
  { name: 'id "1.5"', method: 'GET', url: `${TYPES}1.5/`, status: 404 },
  { name: 'id "99999999999"', method: 'GET', url: `${TYPES}99999999999/`, status: 404 },
  {
    name: 'id "2147483648" (past int4)',
    method: 'PATCH',
    url: `${TYPES}2147483648/`,
    as: 'admin',
    body: vt({ type: 'vehicle-types', id: '2147483648' }),
    status: 404,
  },
  { name: 'id "%00"', method: 'GET', url: `${TYPES}%00/`, status: 404 },
  { name: 'id "1%20OR%201=1"', method: 'DELETE', url: `${TYPES}1%20OR%201=1/`, as: 'admin', status: 404 },
  {
    name: 'PUT on a member',
    method: 'PUT',
    url: `${TYPES}SEDAN/`,
    as: 'admin',
    body: vt({ type: 'vehicle-types', id: 'SEDAN' }),
    status: 405,
    code: 'method_not_allowed',
  },
  {
    name: 'PUT on a collection',
    method: 'PUT',
    url: TYPES,
    as: 'admin',
    body: vt({ type: 'vehicle-types' }),
    status: 405,
  },
  {
    name: 'DELETE on a collection',
    method: 'DELETE',
    url: TYPES,
    as: 'admin',
    status: 405,
    detail: 'Method "DELETE" not allowed.',
  },
  {
    name: 'PATCH on a collection',
    method: 'PATCH',
    url: LOTS,
    as: 'admin',
    body: patchLot({ spaces: 1 }),
    status: 405,
  },
  { name: 'POST on a member', method: 'POST', url: `${LOTS}LOT/`, as: 'admin', body: lot({}), status: 405 },
  { name: 'DELETE on an unknown type', method: 'DELETE', url: `${V1}/nope/`, as: 'admin', status: 404 },
  {
    name: 'a GET for /backend/anything',
    method: 'GET',
    url: '/backend/anything',
    status: 404,
    code: 'not_found',
  },
  {
    name: 'a POST for /backend/anything/deeper/',
    method: 'POST',
    url: '/backend/anything/deeper/',
    body: {},
    status: 404,
  },
  { name: 'the API root', method: 'GET', url: `${V1}/`, status: 404 },
];

const queryCases: Case[] = [
  {
    name: 'sort given twice',
    method: 'GET',
    url: `${TYPES}?sort=name&sort=id`,
    status: 400,
    parameter: 'sort',
  },
  {
    name: 'a filter given twice',
    method: 'GET',
    url: `${TYPES}?filter[name]=a&filter[name]=b`,
    status: 400,
    parameter: 'filter[name]',
  },
  {
    name: 'include given twice on a member',
    method: 'GET',
    url: `${V1}/vehicles/1/?include=owner&include=vehicleType`,
    as: 'admin',
    status: 400,
    parameter: 'include',
  },
  {
    name: 'unknown query parameter',
    method: 'GET',
    url: `${TYPES}?limit=5`,
    status: 400,
    code: 'invalid_parameter',
    parameter: 'limit',
  },
  {
    name: 'unknown query parameter on a member',
    method: 'GET',
    url: `${TYPES}SEDAN/?sort=name`,
    status: 400,
    parameter: 'sort',
  },
  {
    name: 'nested filter brackets',
    method: 'GET',
    url: `${TYPES}?filter[name][x]=1`,
    status: 400,
    parameter: 'filter[name][x]',
  },
  {
    name: 'filter with no name',
    method: 'GET',
    url: `${TYPES}?filter[]=1`,
    status: 400,
    parameter: 'filter[]',
  },
  {
    name: 'include with bad characters',
    method: 'GET',
    url: `${V1}/vehicles/?include=owner%2F..%2Fusers`,
    as: 'admin',
    status: 400,
    parameter: 'include',
  },
  {
    name: 'include with SQL',
    method: 'GET',
    url: `${V1}/vehicles/?include=owner'--`,
    as: 'admin',
    status: 400,
    parameter: 'include',
  },
  {
    name: 'page[number]=0',
    method: 'GET',
    url: `${TYPES}?page[number]=0`,
    status: 400,
    parameter: 'page[number]',
  },
  {
    name: 'page[size] twice',
    method: 'GET',
    url: `${TYPES}?page[size]=1&page[size]=2`,
    status: 400,
    parameter: 'page[size]',
  },
  {
    name: 'filter value with a NUL byte on an int',
    method: 'GET',
    url: `${V1}/vehicles/?filter[owner]=1%00`,
    as: 'admin',
    status: 400,
    parameter: 'filter[owner]',
  },
];

const authCases: Case[] = [
  {
    name: 'Authorization "Bearer x"',
    method: 'GET',
    url: TYPES,
    authorization: 'Bearer x',
    status: 401,
    code: 'not_authenticated',
  },
  { name: 'Authorization "Token"', method: 'GET', url: TYPES, authorization: 'Token', status: 401 },
  { name: 'Authorization "Token a b"', method: 'GET', url: TYPES, authorization: 'Token a b', status: 401 },
  {
    name: 'Authorization "Basic" credentials',
    method: 'GET',
    url: TYPES,
    authorization: 'Basic YWRtaW46YWRtaW4=',
    status: 401,
  },
  {
    name: 'Authorization with an unknown token',
    method: 'POST',
    url: TYPES,
    authorization: 'Token forged-token',
    body: vt({ type: 'vehicle-types' }),
    status: 401,
    detail: 'Invalid token.',
  },
];

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

describe('malformed requests answer a 4xx JSON:API error document', () => {
  const all = [...bodyCases, ...attributeCases, ...transportCases, ...queryCases, ...authCases];

  it('covers at least 30 distinct cases', () => {
    expect(new Set(all.map((test) => test.name)).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(30);
  });

  it.each(all)('$name → $status', async (test) => {
    const response = await send(test);
    expectErrorDocument(response, test.status);
    const error = response.body.errors?.[0];
    if (test.code) expect(error?.code).toBe(test.code);
    if (test.detail) expect(error?.detail).toBe(test.detail);
    if (test.pointer) expect(error?.source?.pointer).toBe(test.pointer);
    if (test.parameter) expect(error?.source?.parameter).toBe(test.parameter);
  });

  it('leaves the data untouched after all of them', async () => {
    const types = await api(server.app, 'GET', TYPES);
    expect(types.body.meta?.pagination?.count).toBe(1);
    const lots = await api(server.app, 'GET', LOTS);
    expect(lots.body.meta?.pagination?.count).toBe(2);
  });
});

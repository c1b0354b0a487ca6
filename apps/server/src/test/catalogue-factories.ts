/** Helpers for the catalogue (settings) resource tests: signed-in roles and terse JSON:API writes. */
import { expect } from 'vitest';
import { createUser, login } from './factories';
import { api, doc, one, type JsonResource, type TestServer } from './server';

export const V1 = '/backend/api/v1';

export type Tokens = { admin: string; sales: string; customer: string };

/** An Admin, a Sales user and a customer, signed in. */
export async function signInRoles(server: TestServer): Promise<Tokens> {
  const db = server.handle.db;
  await createUser(db, { email: 'admin@example.com', roles: ['Admins'] });
  await createUser(db, { email: 'sales@example.com', roles: ['Sales'] });
  await createUser(db, { email: 'customer@example.com' });
  return {
    admin: await login(server.app, 'admin@example.com'),
    sales: await login(server.app, 'sales@example.com'),
    customer: await login(server.app, 'customer@example.com'),
  };
}

/** `{ name: { data: { type, id } } }`, or a list of identifiers for a to-many relationship. */
export const rel = (type: string, id: string | number | Array<string | number> | null) => ({
  data:
    id === null
      ? null
      : Array.isArray(id)
        ? id.map((each) => ({ type, id: String(each) }))
        : { type, id: String(id) },
});

/** Creates through the API as the given user and answers the created resource (expects 201). */
export async function create(
  server: TestServer,
  token: string,
  type: string,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
): Promise<JsonResource> {
  const response = await api(server.app, 'POST', `${V1}/${type}/`, {
    token,
    body: doc(type, attributes, relationships ? { relationships } : {}),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return one(response.body);
}

export async function patch(
  server: TestServer,
  token: string,
  type: string,
  id: string,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
) {
  return api(server.app, 'PATCH', `${V1}/${type}/${id}/`, {
    token,
    body: doc(type, attributes, { id, ...(relationships ? { relationships } : {}) }),
  });
}

/** The ids of a to-many or to-one linkage, in order. */
export function linked(resource: JsonResource, name: string): string[] {
  const data = resource.relationships?.[name]?.data;
  if (data === undefined || data === null) return [];
  return (Array.isArray(data) ? data : [data]).map((item) => item.id);
}

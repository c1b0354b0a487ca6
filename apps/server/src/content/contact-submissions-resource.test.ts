import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { contactMessages } from '@parking/domain/contact';
import { messages } from '@parking/domain/messages';
import { createUser, login } from '../test/factories';
import { api, createTestServer, doc, firstError, many, one, type TestServer } from '../test/server';

const URL = '/backend/api/v1/contact-submissions/';
let server: TestServer;
let adminToken: string;
let salesToken: string;
let customerToken: string;

beforeAll(async () => {
  server = await createTestServer();
  await createUser(server.handle.db, { email: 'admin@example.com', roles: ['Admins'] });
  await createUser(server.handle.db, { email: 'sales@example.com', roles: ['Sales'] });
  await createUser(server.handle.db, { email: 'cus@example.com' });
  adminToken = await login(server.app, 'admin@example.com');
  salesToken = await login(server.app, 'sales@example.com');
  customerToken = await login(server.app, 'cus@example.com');
});
afterAll(() => server.close());

const message = (attributes: Record<string, unknown> = {}) =>
  doc('contact-submissions', {
    name: 'Ruth Park',
    email: 'Ruth@Example.com ',
    phoneNumber: '',
    message: 'Do you have EV charging?',
    ...attributes,
  });

describe('contact-submissions', () => {
  it('lets anyone send a message (phone optional) and answers it back', async () => {
    const response = await api(server.app, 'POST', URL, { body: message() });
    expect(response.status).toBe(201);
    expect(one(response.body).attributes).toEqual({
      name: 'Ruth Park',
      email: 'ruth@example.com',
      phoneNumber: '',
      message: 'Do you have EV charging?',
      created: server.clock.now().toISOString(),
    });
  });

  it('answers the spec messages beside the fields', async () => {
    const response = await api(server.app, 'POST', URL, {
      body: message({ name: ' ', email: 'not-an-email', message: '' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/name', messages.required],
      ['/data/attributes/email', messages.contactEmailInvalid],
      ['/data/attributes/message', messages.required],
    ]);
    const missing = await api(server.app, 'POST', URL, { body: message({ email: '' }) });
    expect(firstError(missing.body)).toMatchObject({
      detail: messages.emailRequired,
      source: { pointer: '/data/attributes/email' },
    });
  });

  it('lets staff list and read messages, newest first; visitors get 401 and customers 403', async () => {
    await api(server.app, 'POST', URL, { body: message({ name: 'Second sender' }) });
    const list = await api(server.app, 'GET', URL, { token: salesToken });
    expect(list.status).toBe(200);
    const names = many(list.body).map((row) => row.attributes.name);
    expect(names).toContain('Second sender');
    const first = many(list.body)[0];
    expect((await api(server.app, 'GET', `${URL}${first?.id}/`, { token: adminToken })).status).toBe(200);
    expect((await api(server.app, 'GET', URL)).status).toBe(401);
    expect((await api(server.app, 'GET', URL, { token: customerToken })).status).toBe(403);
    expect((await api(server.app, 'GET', `${URL}${first?.id}/`, { token: customerToken })).status).toBe(403);
  });

  it('lets only Admins delete, and answers Message not found afterwards', async () => {
    const created = one((await api(server.app, 'POST', URL, { body: message() })).body);
    expect((await api(server.app, 'DELETE', `${URL}${created.id}/`, { token: salesToken })).status).toBe(403);
    expect((await api(server.app, 'DELETE', `${URL}${created.id}/`, { token: adminToken })).status).toBe(204);
    const gone = await api(server.app, 'GET', `${URL}${created.id}/`, { token: adminToken });
    expect(gone.status).toBe(404);
    expect(firstError(gone.body)?.detail).toBe('Message not found');
  });

  it('never edits a message', async () => {
    const created = one((await api(server.app, 'POST', URL, { body: message() })).body);
    const response = await api(server.app, 'PATCH', `${URL}${created.id}/`, {
      token: adminToken,
      body: doc('contact-submissions', { message: 'changed' }, { id: created.id }),
    });
    expect(response.status).toBe(405);
  });

  it('rate-limits senders per IP with 429, but not staff', async () => {
    const limited = await createTestServer({ rateLimits: { requestsPerIp: 2 } });
    onTestFinished(() => limited.close());
    for (let i = 0; i < 2; i += 1)
      expect((await api(limited.app, 'POST', URL, { body: message() })).status).toBe(201);
    const third = await api(limited.app, 'POST', URL, { body: message() });
    expect(third.status).toBe(429);
    expect(firstError(third.body)?.detail).toBe(contactMessages.tooMany);
    await createUser(limited.handle.db, { email: 'staff@example.com', roles: ['Sales'] });
    const staff = await login(limited.app, 'staff@example.com');
    expect((await api(limited.app, 'POST', URL, { body: message(), token: staff })).status).toBe(201);
  });
});

/**
 * A partner's webhook in the back office (issue 42): an Admin sees the address it registered (never its secret)
 * and its last pushes, delivered or failed with the HTTP status answered, and pushes its whole horizon now.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerWebhookMessages } from '@parking/domain/partners';
import { partnerPushAttempts, partners } from '../db/schema/index';
import { bookingFixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { createPartner } from '../test/partner-fixtures';
import { api, createTestServer, firstError, one, type TestServer } from '../test/server';
import { sweepPartnerPushes } from './partner-push';
import { SIGNATURE_HEADER, verifySignature } from './webhook-signature';

const API = '/backend/api/v1';
let server: TestServer;
let hook: Server;
let hookUrl: string;
let received: Array<{ body: string; signature: string }> = [];
/** The statuses the webhook answers next, in turn; 200 once they are used up. */
let answers: number[] = [];
let admin: string;
let sales: string;

const webhook = (partnerId: number, token = admin) =>
  api(server.app, 'GET', `${API}/partners/${partnerId}/webhook/`, { token });
const pushNow = (partnerId: number, token = admin) =>
  api(server.app, 'POST', `${API}/partners/${partnerId}/webhook/push/`, { token });

async function partnerWithWebhook() {
  const made = await createPartner(server.handle.db);
  const registered = await api(server.app, 'PUT', '/partner/v1/webhook', {
    headers: { authorization: `Bearer ${made.key}` },
    body: { data: { type: 'webhooks', attributes: { url: hookUrl } } },
  });
  expect(registered.status).toBe(200);
  return { id: made.partner.id, secret: String(one(registered.body).attributes.secret) };
}

beforeAll(async () => {
  hook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ body, signature: String(request.headers[SIGNATURE_HEADER.toLowerCase()] ?? '') });
      response.statusCode = answers.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks`;
  server = await createTestServer({ rateLimits: { partnerRequestsPerMinute: 1000 } });
  await bookingFixtures(server.handle.db);
  admin = await login(server.app, (await createUser(server.handle.db, { roles: ['Admins'] })).user.email);
  sales = await login(server.app, (await createUser(server.handle.db, { roles: ['Sales'] })).user.email);
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => hook.close(resolve));
});
beforeEach(() => {
  received = [];
  answers = [];
});

describe('a partner’s webhook in the back office', () => {
  it('shows none, and pushes nothing, before the partner registers one', async () => {
    const { partner } = await createPartner(server.handle.db);
    const read = await webhook(partner.id);
    expect(read.status).toBe(200);
    expect(one(read.body)).toMatchObject({
      type: 'partner-webhooks',
      id: String(partner.id),
      attributes: { url: null, registered: null, pushes: [] },
    });
    const push = await pushNow(partner.id);
    expect(push.status).toBe(409);
    expect(firstError(push.body)?.detail).toBe(partnerWebhookMessages.noWebhook);
    expect(received).toEqual([]);
  });

  it('shows the registered address, never its secret, and pushes the whole horizon signed, then lists it', async () => {
    const partner = await partnerWithWebhook();
    const before = await webhook(partner.id);
    expect(one(before.body).attributes).toMatchObject({ url: hookUrl, pushes: [] });
    expect(JSON.stringify(before.body)).not.toContain(partner.secret);

    const push = await pushNow(partner.id);
    expect(push.status, JSON.stringify(push.body)).toBe(202);
    const { from, to, lots } = one(push.body).attributes;
    expect(lots).toBe(2);
    // The queue ran it before the answer (the test server drains the jobs a write queued).
    expect(received).toHaveLength(1);
    const got = received[0];
    if (!got) throw new Error('no push');
    expect(verifySignature(partner.secret, got.body, got.signature, server.clock.now())).toBe(true);
    const message = JSON.parse(got.body) as { lots: Array<{ days: Array<{ date: string }> }> };
    const days = message.lots.flatMap((lot) => lot.days.map((day) => day.date));
    expect(message.lots).toHaveLength(2);
    expect(days[0]).toBe(from);
    expect(days.at(-1)).toBe(to);

    const after = await webhook(partner.id);
    expect(one(after.body).attributes.pushes).toEqual([
      {
        at: server.clock.now().toISOString(),
        delivered: true,
        httpStatus: 200,
        error: '',
        days: days.length,
        resync: true,
      },
    ]);
  });

  it('lists a refused push as failed, with the status the webhook answered', async () => {
    const partner = await partnerWithWebhook();
    answers = [500];
    expect((await pushNow(partner.id)).status).toBe(202);
    expect(received).toHaveLength(1);
    const pushes = one((await webhook(partner.id)).body).attributes.pushes as Array<Record<string, unknown>>;
    expect(pushes[0]).toMatchObject({
      delivered: false,
      httpStatus: 500,
      error: "The partner's webhook answered 500.",
      resync: true,
    });
  });

  it('pushes nothing to a paused partner', async () => {
    const partner = await partnerWithWebhook();
    await server.handle.db.update(partners).set({ status: 'paused' }).where(eq(partners.id, partner.id));
    const push = await pushNow(partner.id);
    expect(push.status).toBe(409);
    expect(firstError(push.body)?.detail).toBe(partnerWebhookMessages.paused);
    expect(received).toEqual([]);
  });

  it('keeps a month of pushes: the sweep deletes older ones', async () => {
    const partner = await partnerWithWebhook();
    const now = server.clock.now().getTime();
    await server.handle.db.insert(partnerPushAttempts).values(
      [31, 29].map((days) => ({
        partnerId: partner.id,
        at: new Date(now - days * 86_400_000),
        delivered: true,
        httpStatus: 204,
      })),
    );
    await sweepPartnerPushes(server.app.services);
    const pushes = one((await webhook(partner.id)).body).attributes.pushes as Array<{ at: string }>;
    expect(pushes.map((push) => push.at)).toEqual([new Date(now - 29 * 86_400_000).toISOString()]);
  });

  it('is for Admins only, and answers 404 for a partner that is not there', async () => {
    const partner = await partnerWithWebhook();
    expect((await webhook(partner.id, sales)).status).toBe(403);
    expect((await pushNow(partner.id, sales)).status).toBe(403);
    expect(received).toEqual([]);
    const missing = await webhook(999_999);
    expect(missing.status).toBe(404);
    expect(firstError(missing.body)?.detail).toBe('Partner not found');
  });
});

/**
 * The privacy centre (issue 38) through the API on a real database: a customer's data as a zip (theirs only,
 * photos read through the storage, limited per hour), and closing an account (password, refusals in words,
 * de-identification, sessions ended, photos deleted, the money and invoices kept, the email queued with it,
 * audited, listed for Admins). The retention job is privacy/retention-sweep.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  DE_IDENTIFIED_NAME,
  DE_IDENTIFIED_REGO,
  EXPORTS_PER_HOUR,
  privacyMessages,
} from '@parking/domain/privacy';
import {
  accountClosures,
  auditLogs,
  bookingLogs,
  bookingMovements,
  bookings,
  custodyEntries,
  custodyPhotos,
  customers,
  prices,
  products,
  sessions,
  subscriptions,
  users,
  vehicles,
} from '../db/schema/index';
import { insertBooking } from '../test/booking-rows';
import { createUser, login, PASSWORD } from '../test/factories';
import { pdfText } from '../test/pdf-text';
import { DAY, photoBytes, usePrivacyServer, V1 } from '../test/privacy-fixtures';
import { api, doc, firstError, many, one } from '../test/server';

const { server, state, customerWithHistory } = usePrivacyServer();

const download = (token?: string) =>
  server.app.inject({
    method: 'GET',
    url: `${V1}/personal-data/`,
    headers: token ? { authorization: `Token ${token}` } : {},
  });

const close = (token: string, password: unknown) =>
  api(server.app, 'POST', `${V1}/account-closures/`, {
    token,
    body: doc('account-closures', { password }),
  });

describe('downloading my data', () => {
  it('is a zip of the caller’s own data and photos, and nobody else’s', async () => {
    const alice = await customerWithHistory('alice');
    const bob = await customerWithHistory('bob');
    const token = await login(server.app, alice.user.email);
    expect((await download()).statusCode).toBe(401);

    const answer = await download(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="my-skypark-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'profile.json',
        'bookings.json',
        'vehicles.json',
        'payments.json',
        'custody-records.json',
        'subscriptions.json',
        `photos/${alice.booking.bookingCode}/${alice.photo.id}.jpg`,
      ]),
    );
    const read = (name: string) => JSON.parse(strFromU8(files[name] ?? new Uint8Array())) as unknown;
    expect(read('profile.json')).toMatchObject({
      user: { email: 'alice@example.com' },
      customer: { firstName: 'alice', lastName: 'aliceson' },
    });
    expect(read('bookings.json')).toEqual([
      expect.objectContaining({ bookingCode: alice.booking.bookingCode, totalCost: '60.00', rego: 'ALI123' }),
    ]);
    expect(read('vehicles.json')).toEqual([expect.objectContaining({ rego: 'ALI123' })]);
    expect(read('payments.json')).toEqual([
      expect.objectContaining({ booking: alice.booking.bookingCode, kind: 'payment', amount: '60.00' }),
    ]);
    expect(read('custody-records.json')).toEqual([
      expect.objectContaining({
        booking: alice.booking.bookingCode,
        entries: [
          expect.objectContaining({ kind: 'checked_in' }),
          expect.objectContaining({ kind: 'handed_back' }),
        ],
      }),
    ]);
    expect(Buffer.from(files[`photos/${alice.booking.bookingCode}/${alice.photo.id}.jpg`] ?? [])).toEqual(
      photoBytes('alice'),
    );
    // Nothing of Bob's: not his booking, address, rego, name or photo.
    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    for (const his of [bob.booking.bookingCode, 'bob@example.com', 'BOB123', 'bobson', bob.photo.id, 'bob'])
      expect(everything).not.toContain(his);
    // Staff notes on the custody record are not the customer's to read here.
    expect(everything).not.toContain('keys from alice');
  });

  it(`is limited to ${EXPORTS_PER_HOUR} an hour per account`, async () => {
    const { user } = await createUser(server.handle.db, {});
    const token = await login(server.app, user.email);
    for (let n = 0; n < EXPORTS_PER_HOUR; n += 1) expect((await download(token)).statusCode).toBe(200);
    const refused = await download(token);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ errors: [{ detail: privacyMessages.tooManyExports }] });
  });
});

describe('closing my account', () => {
  it('asks for the password, and refuses staff, an active subscription and a booking still going ahead', async () => {
    const db = server.handle.db;
    const carol = await customerWithHistory('carol');
    const token = await login(server.app, carol.user.email);
    const mailsBefore = server.mail.length;

    const missing = await close(token, '');
    expect(missing.status).toBe(400);
    expect(firstError(missing.body)).toMatchObject({
      detail: privacyMessages.passwordRequired,
      source: { pointer: '/data/attributes/password' },
    });
    const wrong = await close(token, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(firstError(wrong.body)).toMatchObject({
      detail: privacyMessages.passwordWrong,
      source: { pointer: '/data/attributes/password' },
    });

    const ahead = await insertBooking(db, {
      lotId: state.lotId,
      customerId: carol.customer.id,
      startDatetime: new Date(server.clock.now().getTime() + 5 * DAY),
    });
    const refused = await close(token, PASSWORD);
    expect(refused.status).toBe(400);
    expect(firstError(refused.body)?.detail).toBe(privacyMessages.bookingsAhead([ahead.bookingCode]));
    expect(firstError(refused.body)?.detail).toContain(
      `Your booking ${ahead.bookingCode} is still going ahead`,
    );
    await db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, ahead.id));

    const [product] = await db
      .insert(products)
      .values({ name: 'Unlimited indoor', codename: 'unlimited_indoor_parking' })
      .returning();
    const [price] = await db
      .insert(prices)
      .values({ productId: product?.id ?? 0, amount: '300.00' })
      .returning();
    const [subscription] = await db
      .insert(subscriptions)
      .values({
        userId: carol.user.id,
        priceId: price?.id ?? 0,
        endDatetime: new Date(server.clock.now().getTime() + 30 * DAY),
      })
      .returning();
    const subscribed = await close(token, PASSWORD);
    expect(firstError(subscribed.body)?.detail).toBe(privacyMessages.subscriptionActive);
    await db
      .update(subscriptions)
      .set({ canceledAt: server.clock.now() })
      .where(eq(subscriptions.id, subscription?.id ?? 0));

    const staff = await createUser(db, { roles: ['Sales'] });
    const staffAnswer = await close(await login(server.app, staff.user.email), PASSWORD);
    expect(firstError(staffAnswer.body)?.detail).toBe(privacyMessages.staffAccount);

    // Nothing was changed nor sent by the refusals.
    expect(server.mail.length).toBe(mailsBefore);
    const [still] = await db.select().from(users).where(eq(users.id, carol.user.id));
    expect(still).toMatchObject({ email: 'carol@example.com', isActive: true });
    expect(await db.select().from(accountClosures)).toEqual([]);
  });

  it('de-identifies the person, ends their sessions, deletes their photos, keeps the money and invoices, and emails them', async () => {
    const db = server.handle.db;
    const dave = await customerWithHistory('dave');
    const erin = await customerWithHistory('erin');
    const token = await login(server.app, dave.user.email);
    const otherSession = await login(server.app, dave.user.email);
    const movementsBefore = await db
      .select()
      .from(bookingMovements)
      .where(eq(bookingMovements.bookingId, dave.booking.id));

    // History written before: an Edit History entry and a staff audit row naming Dave.
    await db.insert(bookingLogs).values({
      bookingId: dave.booking.id,
      action: 'updated',
      info: { lastName: ['Davis', 'daveson'], totalCost: ['50.00', '60.00'] },
    });
    await db.insert(auditLogs).values({
      resourceType: 'customers',
      resourceId: String(dave.customer.id),
      action: 'update',
      changes: {
        phoneNumber: { from: '0400 000 000', to: '0499 999 999' },
        staff: { from: true, to: false },
      },
    });

    const closed = await close(token, PASSWORD);
    expect(closed.status).toBe(201);
    expect(one(closed.body).attributes).toMatchObject({
      bookingsDeIdentified: 1,
      vehiclesDeIdentified: 1,
      photosDeleted: 1,
      sessionsEnded: 2,
    });

    // The user, customer, vehicle and booking hold nothing that identifies Dave.
    const [user] = await db.select().from(users).where(eq(users.id, dave.user.id));
    expect(user).toMatchObject({ isActive: false, passwordHash: null, emailConfirmed: false });
    expect(user?.email).toBe(`de-identified-user-${dave.user.id}@parking.test`);
    const [customer] = await db.select().from(customers).where(eq(customers.id, dave.customer.id));
    expect(customer).toMatchObject({ firstName: 'De-identified', lastName: 'customer', phoneNumber: '' });
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, dave.vehicle.id));
    expect(vehicle).toMatchObject({ rego: DE_IDENTIFIED_REGO, make: '', deleted: true });
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, dave.booking.id));
    expect(booking).toMatchObject({
      firstName: 'De-identified',
      lastName: 'customer',
      phoneNumber: '',
      rego: DE_IDENTIFIED_REGO,
      // The tax invoice's figures and the ledger stay.
      bookingCode: dave.booking.bookingCode,
      totalCost: '60.00',
      amountPaid: '60.00',
      paymentStatus: 'paid',
    });
    expect(
      await db.select().from(bookingMovements).where(eq(bookingMovements.bookingId, dave.booking.id)),
    ).toEqual(movementsBefore);
    const [history] = await db.select().from(bookingLogs).where(eq(bookingLogs.bookingId, dave.booking.id));
    expect(history?.info).toEqual({ totalCost: ['50.00', '60.00'] });
    const [customerAudit] = await db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.resourceType, 'customers'), eq(auditLogs.resourceId, String(dave.customer.id))),
      );
    expect(customerAudit?.changes).toEqual({ staff: { from: true, to: false } });
    const [entry] = await db
      .select()
      .from(custodyEntries)
      .where(eq(custodyEntries.bookingId, dave.booking.id));
    expect(entry?.notes).toBe('');

    // Sessions ended (both), photos gone from the table and the storage, the old login refused.
    expect(await db.select().from(sessions).where(eq(sessions.userId, dave.user.id))).toEqual([]);
    expect((await api(server.app, 'GET', `${V1}/sessions/current/`, { token: otherSession })).status).toBe(
      401,
    );
    expect(await db.select().from(custodyPhotos).where(eq(custodyPhotos.bookingId, dave.booking.id))).toEqual(
      [],
    );
    expect(await server.app.services.photos.get(dave.photo.storageKey)).toBeNull();
    const relogin = await api(server.app, 'POST', `${V1}/sessions/`, {
      body: doc('sessions', { email: 'dave@example.com', password: PASSWORD }),
    });
    expect(relogin.status).toBe(400);

    // Queued with the closing, sent once committed, to the address Dave had.
    const mail = server.mail.filter((message) => message.to === 'dave@example.com').at(-1);
    expect(mail?.subject).toBe('Your account is closed');
    expect(mail?.text).toContain('seven years');

    // Recorded and audited with counts only.
    const [closure] = await db.select().from(accountClosures).where(eq(accountClosures.userId, dave.user.id));
    expect(closure).toMatchObject({ customerId: dave.customer.id, photosDeleted: 1 });
    const [audit] = await db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.resourceType, 'account-closures'), eq(auditLogs.resourceId, String(closure?.id))),
      );
    expect(audit).toMatchObject({ action: 'close', userId: dave.user.id });
    expect(JSON.stringify(audit?.changes)).not.toContain('dave');

    // Staff search no longer finds Dave; his invoice still prints, under the de-identified name.
    const customerSearch = await api(server.app, 'GET', `${V1}/customers/?filter[search]=daveson`, {
      token: state.adminToken,
    });
    expect(many(customerSearch.body)).toEqual([]);
    const bookingSearch = await api(server.app, 'GET', `${V1}/bookings/search/?q=daveson`, {
      token: state.adminToken,
    });
    expect(bookingSearch.status).toBe(200);
    expect(JSON.stringify(bookingSearch.body)).not.toContain(dave.booking.bookingCode);
    const invoice = await server.app.inject({
      method: 'GET',
      url: `${V1}/bookings/${dave.booking.id}/invoice/`,
      headers: { authorization: `Token ${state.adminToken}` },
    });
    expect(invoice.statusCode).toBe(200);
    const text = pdfText(invoice.rawPayload);
    expect(text).toContain(DE_IDENTIFIED_NAME);
    expect(text).toContain(dave.booking.bookingCode);
    expect(text).not.toContain('dave');

    // Erin is untouched, photo and all.
    const [erinNow] = await db.select().from(customers).where(eq(customers.id, erin.customer.id));
    expect(erinNow).toMatchObject({ firstName: 'erin', email: 'erin@example.com' });
    expect(await server.app.services.photos.get(erin.photo.storageKey)).toEqual(photoBytes('erin'));

    // Admins see the closing; nobody else does.
    const list = await api(server.app, 'GET', `${V1}/account-closures/`, { token: state.adminToken });
    expect(many(list.body)).toContainEqual(
      expect.objectContaining({
        type: 'account-closures',
        attributes: expect.objectContaining({
          customerId: String(dave.customer.id),
          bookingsDeIdentified: 1,
        }) as unknown,
      }),
    );
    const erinToken = await login(server.app, erin.user.email);
    expect((await api(server.app, 'GET', `${V1}/account-closures/`, { token: erinToken })).status).toBe(403);
  });
});

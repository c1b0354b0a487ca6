/**
 * Manage my booking through the API, who may open a booking: a guest with its code and email (and the
 * token that answers), wrong guesses limited; a customer their own bookings only.
 */
import { describe, expect, it } from 'vitest';
import { manageMessages } from '@parking/domain/manage-booking';
import { bookingDoc } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, createTestServer, doc, firstError, one } from '../test/server';

const { server, f, row, paidGuestBooking, guestToken, change, cancel } = useManageBookingServer();

describe('a guest needs the booking code and email', () => {
  it('finds the booking only with both, and opens it only with the token', async () => {
    const booking = await paidGuestBooking();
    const wrong = await api(server.app, 'POST', `${V1}/manage-booking-sessions/`, {
      body: doc('manage-booking-sessions', { bookingCode: booking.code, email: 'someone@example.com' }),
    });
    expect(wrong.status).toBe(400);
    expect(firstError(wrong.body)?.detail).toBe(manageMessages.notFound);
    const missing = await api(server.app, 'POST', `${V1}/manage-booking-sessions/`, {
      body: doc('manage-booking-sessions', { bookingCode: '', email: '' }),
    });
    expect(missing.body.errors?.map((error) => error.source?.pointer)).toEqual([
      '/data/attributes/bookingCode',
      '/data/attributes/email',
    ]);

    const anonymous = await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`);
    expect(anonymous.status).toBe(403);
    expect((await cancel(booking.id, {})).status).toBe(403);
    const forged = await api(
      server.app,
      'GET',
      `${V1}/manage-bookings/${booking.id}/`,
      asGuest(`${booking.id}.9999999999.${'A'.repeat(43)}`),
    );
    expect(forged.status).toBe(403);
    expect(firstError(forged.body)?.detail).toBe(manageMessages.linkExpired);

    const token = await guestToken(booking.code.toLowerCase(), booking.email.toUpperCase());
    const opened = await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, asGuest(token));
    expect(opened.status).toBe(200);
    expect(one(opened.body).attributes).toMatchObject({
      bookingCode: booking.code,
      totalCost: '52.00',
      amountPaid: '52.00',
      amountDue: '0.00',
      canManage: true,
      cancellationRefund: '52.00',
    });

    // A token opens its own booking only, and not after it expires.
    const other = await paidGuestBooking();
    expect((await api(server.app, 'GET', `${V1}/manage-bookings/${other.id}/`, asGuest(token))).status).toBe(
      403,
    );
    server.clock.advance(61 * 60_000);
    expect(
      (await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, asGuest(token))).status,
    ).toBe(403);
  });

  it('wrong guesses at one booking code are limited', async () => {
    const limited = await createTestServer({ rateLimits: { requestsPerEmail: 3 } });
    try {
      const lookup = (email: string) =>
        api(limited.app, 'POST', `${V1}/manage-booking-sessions/`, {
          body: doc('manage-booking-sessions', { bookingCode: 'ABCDEFGH', email }),
        });
      for (let i = 0; i < 3; i += 1) expect((await lookup(`guess${i}@example.com`)).status).toBe(400);
      const refused = await lookup('guess4@example.com');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('a customer manages only their own bookings', () => {
  it("opens and changes their own; another customer's is not found", async () => {
    const owner = await createUser(server.handle.db);
    const stranger = await createUser(server.handle.db);
    const ownerToken = await login(server.app, owner.user.email);
    const strangerToken = await login(server.app, stranger.user.email);
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      token: ownerToken,
      body: bookingDoc(f, {
        attributes: { email: owner.user.email },
        relationships: { customer: { data: { type: 'customers', id: String(owner.customer.id) } } },
      }),
    });
    expect(created.status).toBe(201);
    const id = Number(one(created.body).id);

    expect((await api(server.app, 'GET', `${V1}/manage-bookings/${id}/`, { token: ownerToken })).status).toBe(
      200,
    );
    expect(
      (await api(server.app, 'GET', `${V1}/manage-bookings/${id}/`, { token: strangerToken })).status,
    ).toBe(404);
    expect((await change(id, { flightNumberOut: 'QF9' }, { token: strangerToken })).status).toBe(404);
    expect((await cancel(id, { token: strangerToken })).status).toBe(404);
    expect(
      (
        await api(server.app, 'POST', `${V1}/manage-bookings/${id}/payments/`, {
          token: strangerToken,
          body: doc('payments', {}),
        })
      ).status,
    ).toBe(404);
    expect((await row(id))?.status).toBe('pending');

    const changed = await change(id, { flightNumberOut: 'QF9' }, { token: ownerToken });
    expect(changed.status).toBe(200);
    expect((await row(id))?.flightNumberOut).toBe('QF9');
  });
});

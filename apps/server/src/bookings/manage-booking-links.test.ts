/**
 * The emailed "Manage my booking" link (issue 22): its signed token opens its booking directly, through
 * POST manage-booking-links/, until 30 days after the stay; a tampered, expired or another booking's
 * token opens nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manageMessages } from '@parking/domain/manage-booking';
import { issueManageToken } from './manage-tokens';
import { bookings } from '../db/schema/index';
import { issueManageLinkToken } from './manage-link';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, doc, firstError, one } from '../test/server';

const { server, row, paidGuestBooking, guestToken, cancel } = useManageBookingServer();

/** The link's token and booking as the confirmation email carries them. */
async function emailedLink(bookingId: number): Promise<{ booking: string; token: string }> {
  const mail = server.mail.filter((message) => message.subject.startsWith('Booking confirmed'));
  const html = mail.map((message) => message.html).find((body) => body.includes(`booking=${bookingId}&`));
  const href = /href="([^"]*\/manage-booking\?[^"]*)"/.exec(html ?? '')?.[1] ?? '';
  const url = new URL(href.replace(/&amp;/g, '&'));
  return { booking: url.searchParams.get('booking') ?? '', token: url.searchParams.get('token') ?? '' };
}

const exchange = (bookingId: string, token: string) =>
  api(server.app, 'POST', `${V1}/manage-booking-links/`, {
    body: doc('manage-booking-links', { bookingId, token }),
  });

describe('the emailed manage link', () => {
  it('carries the code and a signed token that opens the booking directly', async () => {
    const booking = await paidGuestBooking();
    const link = await emailedLink(booking.id);
    expect(link.booking).toBe(String(booking.id));
    const mail = server.mail.find((message) => message.html.includes(`booking=${booking.id}&`));
    expect(mail?.text).toContain(`/manage-booking?code=${booking.code}&booking=${booking.id}&token=`);

    const answer = await exchange(link.booking, link.token);
    expect(answer.status).toBe(201);
    const session = one(answer.body).attributes;
    expect(session.bookingId).toBe(String(booking.id));
    const opened = await api(
      server.app,
      'GET',
      `${V1}/manage-bookings/${booking.id}/`,
      asGuest(String(session.token)),
    );
    expect(opened.status).toBe(200);
    expect(one(opened.body).attributes.bookingCode).toBe(booking.code);
  });

  it('refuses a tampered token, and a session token in its place', async () => {
    const booking = await paidGuestBooking();
    const { token } = await emailedLink(booking.id);
    const [id, expires, signature = ''] = token.split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [
      `${id}.${expires}.${flipped}`,
      `${id}.${Number(expires) + 86_400}.${signature}`,
      issueManageToken(server.config.sessionSecret, booking.id, new Date()).token,
      issueManageLinkToken('another-secret-of-at-least-thirty-two-chars', {
        id: booking.id,
        email: booking.email,
        startDatetime: new Date(),
        endDatetime: null,
      }),
      'not-a-token',
    ]) {
      const answer = await exchange(String(booking.id), forged);
      expect(answer.status).toBe(403);
      expect(firstError(answer.body)?.detail).toBe(manageMessages.linkExpired);
    }
  });

  it('opens its own booking only', async () => {
    const first = await paidGuestBooking();
    const second = await paidGuestBooking();
    const { token } = await emailedLink(first.id);
    const answer = await exchange(String(second.id), token);
    expect(answer.status).toBe(403);
    expect(firstError(answer.body)?.detail).toBe(manageMessages.linkExpired);
  });

  it('opens nothing once the booking has another email address (issue 38, finding 4)', async () => {
    const booking = await paidGuestBooking();
    const { token } = await emailedLink(booking.id);
    // Staff hand the booking to someone else: the old address's link must not show the new owner's booking.
    await server.handle.db
      .update(bookings)
      .set({ email: 'new.owner@example.com', firstName: 'New' })
      .where(eq(bookings.id, booking.id));
    const answer = await exchange(String(booking.id), token);
    expect(answer.status).toBe(403);
    expect(firstError(answer.body)?.detail).toBe(manageMessages.linkExpired);
    // The same address written differently is the same address.
    await server.handle.db
      .update(bookings)
      .set({ email: ` ${booking.email.toUpperCase()}` })
      .where(eq(bookings.id, booking.id));
    expect((await exchange(String(booking.id), token)).status).toBe(201);
  });

  it('opens nothing once the booking is cancelled', async () => {
    const booking = await paidGuestBooking();
    const { token } = await emailedLink(booking.id);
    expect((await cancel(booking.id, asGuest(await guestToken(booking.code, booking.email)))).status).toBe(
      200,
    );
    const answer = await exchange(String(booking.id), token);
    expect(answer.status).toBe(403);
    expect(firstError(answer.body)?.detail).toBe(manageMessages.linkExpired);
  });

  it('expires 30 days after the pick-up', async () => {
    const booking = await paidGuestBooking();
    const { token } = await emailedLink(booking.id);
    const stay = await row(booking.id);
    if (!stay) throw new Error('booking missing');
    const end = stay.endDatetime ?? stay.startDatetime;
    server.clock.advance(end.getTime() - server.clock.now().getTime() + 29 * 86_400_000);
    expect((await exchange(String(booking.id), token)).status).toBe(201);
    server.clock.advance(2 * 86_400_000);
    const expired = await exchange(String(booking.id), token);
    expect(expired.status).toBe(403);
    expect(firstError(expired.body)?.detail).toBe(manageMessages.linkExpired);
  });

  it('answers a missing token with the field', async () => {
    const answer = await exchange('', '');
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.source?.pointer)).toEqual([
      '/data/attributes/bookingId',
      '/data/attributes/token',
    ]);
  });
});

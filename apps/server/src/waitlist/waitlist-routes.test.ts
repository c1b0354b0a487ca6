/**
 * The waitlist of a full day through the API (issue 24): a traveller joins for a full stay (twice is once)
 * and confirms from the emailed link (issue 38), a cancellation frees the place and the first on the list is
 * emailed a link holding it, the held place is not sold to anyone else, the hold lapses to the next (the
 * sweep), who books it from their link; leaving from the link; staff list the waitlist by day. Unconfirmed
 * entries and the join's answer: waitlist-confirmation.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@parking/domain/messages';
import { waitlistMessages } from '@parking/domain/waitlist';
import { waitlistEntries } from '../db/schema/index';
import { WAITLIST_SWEEP_LOCK } from './waitlist-sweep';
import { bookingDoc } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, doc, firstError, many, one } from '../test/server';
import { fullIndoorLotEachTest, STAY, waitlistApi } from '../test/waitlist-api';

const { server, f, paidGuestBooking, guestToken, cancel } = useManageBookingServer();

const {
  indoor,
  join,
  linkTokenSentTo,
  confirmTokenSentTo,
  confirm,
  joinConfirmed,
  place,
  entryOf,
  sweep,
  bookIndoor,
} = waitlistApi(server, f);

let n = 0;
const email = (name: string) => `${name}${++n}@example.com`;

describe('the waitlist of a full day', () => {
  fullIndoorLotEachTest(server, f);

  it('a freed place goes to the first on the list, is not sold to anyone else, then lapses to the next who books it', async () => {
    const booked = await paidGuestBooking({ relationships: indoor() });
    const first = email('first');
    const second = email('second');
    const sentBefore = server.mail.length;

    const joined = await join(first);
    expect(joined.status).toBe(201);
    expect(one(joined.body).attributes).toEqual({ email: first, ...STAY });
    expect((await entryOf(first))?.status).toBe('pending');
    const confirmed = await confirm(confirmTokenSentTo(first));
    expect(confirmed.status).toBe(200);
    expect(one(confirmed.body).attributes).toMatchObject({ email: first, ...STAY, status: 'waiting' });
    // Joining again for the same dates and lot is the same entry.
    expect((await join(first.toUpperCase())).status).toBe(201);
    const rows = await server.handle.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, first));
    expect(rows.map((row) => row.status)).toEqual(['waiting']);
    await joinConfirmed(second);
    expect(server.mail.slice(sentBefore).map((m) => [m.to, m.subject.split(' for ')[0]])).toEqual([
      [first, 'Confirm your place on the waitlist'],
      [first, 'You are on the waitlist'],
      [first, 'You are on the waitlist'],
      [second, 'Confirm your place on the waitlist'],
      [second, 'You are on the waitlist'],
    ]);

    // The booking is cancelled: its place is held for the first on the list, who is emailed a link.
    const token = await guestToken(booked.code, booked.email);
    expect((await cancel(booked.id, asGuest(token))).status).toBe(200);
    expect((await entryOf(first))?.status).toBe('offered');
    expect((await entryOf(second))?.status).toBe('waiting');
    const offerMail = [...server.mail].reverse().find((m) => m.to === first);
    expect(offerMail?.subject).toContain('A place is free for you');
    const firstLink = linkTokenSentTo(first);
    const shown = await place(firstLink);
    expect(shown.status).toBe(200);
    expect(one(shown.body).attributes).toMatchObject({
      status: 'offered',
      ...STAY,
      email: first,
      lotName: f.indoor.name,
    });
    expect(one(shown.body).attributes.holdExpiresAt).toBe(
      new Date(server.clock.now().getTime() + 30 * 60_000).toISOString(),
    );

    // The held place is not sold to someone else, nor offered to the second in line.
    const stranger = await bookIndoor(email('stranger'));
    expect(stranger.status).toBe(400);
    expect(firstError(stranger.body)).toMatchObject({ detail: messages.lotFull, code: 'lot_full' });
    expect((await sweep())?.offered).toBe(0);
    // The quotes say so too.
    const quote = await api(
      server.app,
      'GET',
      `${V1}/quotes/?start_date=${STAY.startDate}&end_date=${STAY.endDate}&filter[lot.slug__in]=indoor`,
    );
    expect(many(quote.body)[0]?.attributes.fillThresholdExceeded).toBe(true);

    // The hold lapses: the sweep passes the place on to the next, whose link holds it now.
    server.clock.advance(30 * 60_000);
    expect(await sweep()).toEqual({ lapsed: 1, offered: 1, dropped: 0 });
    expect((await entryOf(first))?.status).toBe('lapsed');
    expect((await entryOf(second))?.status).toBe('offered');
    expect(one((await place(firstLink)).body).attributes.status).toBe('lapsed');
    // The first's link no longer books anything.
    const late = await bookIndoor(first, firstLink);
    expect(late.status).toBe(400);
    expect(firstError(late.body)).toMatchObject({
      detail: waitlistMessages.holdLapsed,
      code: 'waitlist_hold_lapsed',
    });

    // The second books the held place from their link; the hold is consumed by the booking.
    const secondLink = linkTokenSentTo(second);
    const mine = await bookIndoor(second, secondLink);
    expect(mine.status).toBe(201);
    const entry = await entryOf(second);
    expect(entry?.status).toBe('booked');
    expect(entry?.bookingId).toBe(Number(one(mine.body).id));
    // Their place is theirs once: the same link cannot book a second car.
    expect((await bookIndoor(second, secondLink)).status).toBe(400);
  });

  it('the sweep runs on one instance at a time: while its lock is held elsewhere a lapsed hold waits', async () => {
    const booked = await paidGuestBooking({ relationships: indoor() });
    const first = email('locked');
    const next = email('after');
    await joinConfirmed(first);
    await joinConfirmed(next);
    await cancel(booked.id, asGuest(await guestToken(booked.code, booked.email)));
    server.clock.advance(31 * 60_000);
    expect(await server.handle.withTryLock(WAITLIST_SWEEP_LOCK, sweep)).toBeNull();
    expect((await entryOf(first))?.status).toBe('offered');
    expect((await entryOf(next))?.status).toBe('waiting');
    // Released: the next round passes the place on, once.
    expect(await sweep()).toEqual({ lapsed: 1, offered: 1, dropped: 0 });
    expect(await sweep()).toEqual({ lapsed: 0, offered: 0, dropped: 0 });
    expect((await entryOf(next))?.status).toBe('offered');
  });

  it('a link for other dates or another lot does not take the held place', async () => {
    const booked = await paidGuestBooking({ relationships: indoor() });
    const traveller = email('mover');
    await joinConfirmed(traveller);
    expect((await cancel(booked.id, asGuest(await guestToken(booked.code, booked.email)))).status).toBe(200);
    const link = linkTokenSentTo(traveller);
    const otherDates = await api(server.app, 'POST', `${V1}/bookings/`, {
      body: bookingDoc(f, {
        attributes: { email: traveller, waitlistToken: link, endDatetime: '2026-12-04T18:00:00+11:00' },
        relationships: indoor(),
      }),
    });
    expect(firstError(otherDates.body)).toMatchObject({ code: 'waitlist_hold_mismatch' });
    const forged = await bookIndoor(traveller, `${link.slice(0, -2)}xx`);
    expect(firstError(forged.body)).toMatchObject({ code: 'waitlist_link_invalid' });
  });

  it('is only for a full stay, on or after today, with an email and a lot', async () => {
    const open = await join(email('early'), f.outdoor.id);
    expect(open.status).toBe(400);
    expect(firstError(open.body)).toMatchObject({ detail: waitlistMessages.notFull, code: 'not_full' });
    const past = await join(email('past'), f.indoor.id, { startDate: '2026-11-01', endDate: '2026-11-02' });
    expect(firstError(past.body)).toMatchObject({ detail: waitlistMessages.pastDate });
    const noEmail = await join('', f.indoor.id);
    expect(firstError(noEmail.body)).toMatchObject({
      detail: 'Email address required',
      source: { pointer: '/data/attributes/email' },
    });
    const noLot = await api(server.app, 'POST', `${V1}/waitlist-entries/`, {
      body: doc('waitlist-entries', { email: 'x@example.com', ...STAY }),
    });
    expect(firstError(noLot.body)).toMatchObject({ source: { pointer: '/data/relationships/lot' } });
  });

  it('a traveller leaves from the link; a place held for them goes to the next at once', async () => {
    const booked = await paidGuestBooking({ relationships: indoor() });
    const leaving = email('leaving');
    const next = email('next');
    await joinConfirmed(leaving);
    await joinConfirmed(next);
    await cancel(booked.id, asGuest(await guestToken(booked.code, booked.email)));
    const link = linkTokenSentTo(leaving);
    const left = await api(server.app, 'DELETE', `${V1}/waitlist-places/${encodeURIComponent(link)}/`);
    expect(left.status).toBe(200);
    expect(one(left.body).attributes.status).toBe('left');
    expect((await entryOf(next))?.status).toBe('offered');
    // Again: nothing more happens.
    expect(
      (await api(server.app, 'DELETE', `${V1}/waitlist-places/${encodeURIComponent(link)}/`)).status,
    ).toBe(200);
    expect((await place('1.not-a-token')).status).toBe(404);
  });

  it('staff see the waitlist of a day; travellers and strangers do not', async () => {
    await paidGuestBooking({ relationships: indoor() });
    const traveller = email('listed');
    await joinConfirmed(traveller);
    const { user: admin } = await createUser(server.handle.db, { roles: ['Admins'] });
    const { user: customer } = await createUser(server.handle.db);
    const list = (token?: string, date = '2026-12-02') =>
      api(server.app, 'GET', `${V1}/waitlist-entries/?filter[date]=${date}`, token ? { token } : {});
    const staff = await list(await login(server.app, admin.email));
    expect(staff.status).toBe(200);
    expect(many(staff.body).map((e) => e.attributes.email)).toEqual([traveller]);
    expect(many((await list(await login(server.app, admin.email), '2026-12-04')).body)).toEqual([]);
    expect((await list()).status).toBe(401);
    expect((await list(await login(server.app, customer.email))).status).toBe(403);
  });
});

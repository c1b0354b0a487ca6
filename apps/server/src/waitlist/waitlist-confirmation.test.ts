/**
 * Joining the waitlist is confirmed by the address's owner (issue 38): an unconfirmed entry is emailed one
 * confirmation and holds nothing (a freed place goes to a confirmed entry, or to anyone booking), confirming
 * puts it on the list, an unconfirmed entry lapses after a day; the join answers the same whether or not the
 * address is on the list already; joins are limited per address.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PENDING_CONFIRMATION_HOURS, waitlistMessages } from '@parking/domain/waitlist';
import { lots, waitlistEntries } from '../db/schema/index';
import { bookingFixtures } from '../test/booking-fixtures';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, createTestServer, firstError, many, one, type ApiResponse } from '../test/server';
import { fullIndoorLotEachTest, STAY, waitlistApi } from '../test/waitlist-api';

const { server, f, paidGuestBooking, guestToken, cancel } = useManageBookingServer();
const { indoor, join, linkTokenSentTo, confirmTokenSentTo, confirm, joinConfirmed, place, entryOf, sweep } =
  waitlistApi(server, f);

let n = 0;
const email = (name: string) => `${name}${++n}@example.com`;
const mailTo = (to: string) => server.mail.filter((message) => message.to === to);
const cancelBooking = async (booked: { id: number; code: string; email: string }) =>
  expect((await cancel(booked.id, asGuest(await guestToken(booked.code, booked.email)))).status).toBe(200);
const quoteFull = async () => {
  const quote = await api(
    server.app,
    'GET',
    `${V1}/quotes/?start_date=${STAY.startDate}&end_date=${STAY.endDate}&filter[lot.slug__in]=indoor`,
  );
  return many(quote.body)[0]?.attributes.fillThresholdExceeded;
};

describe('waitlist joins confirmed by the address', () => {
  fullIndoorLotEachTest(server, f);

  it('an unconfirmed join is emailed one confirmation and holds nothing: a freed place goes to a confirmed traveller after it', async () => {
    const booked = await paidGuestBooking({ relationships: indoor() });
    const typed = email('typed');
    const owner = email('owner');
    expect((await join(typed)).status).toBe(201);
    expect(mailTo(typed).map((message) => message.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Confirm your place on the waitlist for ${f.indoor.name}, `)),
    ]);
    // The confirmation carries no link to the entry's page: only the owner's click puts it on the list.
    expect(() => linkTokenSentTo(typed)).toThrow();
    await joinConfirmed(owner);

    // The place freed goes to the confirmed traveller, though the unconfirmed one joined first.
    await cancelBooking(booked);
    expect((await entryOf(typed))?.status).toBe('pending');
    expect((await entryOf(owner))?.status).toBe('offered');
    expect(mailTo(typed)).toHaveLength(1);
    expect(await sweep()).toEqual({ lapsed: 0, offered: 0, dropped: 0 });
    expect(mailTo(typed)).toHaveLength(1);
  });

  it('a place freed while the only entry is unconfirmed is anyone’s to book; confirming puts the entry on the list', async () => {
    const booked = await paidGuestBooking({ relationships: indoor() });
    const traveller = email('later');
    expect((await join(traveller)).status).toBe(201);
    await cancelBooking(booked);
    expect((await entryOf(traveller))?.status).toBe('pending');
    expect(await quoteFull()).toBe(false);
    const walkUp = await paidGuestBooking({ relationships: indoor() });

    // Confirmed: on the list, welcomed with its waitlist link, and the next place freed is held for it.
    const confirmed = await confirm(confirmTokenSentTo(traveller));
    expect(confirmed.status).toBe(200);
    expect(one(confirmed.body).attributes).toMatchObject({ status: 'waiting', email: traveller, ...STAY });
    const placeToken = String(one(confirmed.body).attributes.placeToken);
    expect(placeToken).toBe(linkTokenSentTo(traveller));
    expect(mailTo(traveller).at(-1)?.subject).toContain('You are on the waitlist');
    // Opening the link again changes nothing and sends nothing.
    const sent = server.mail.length;
    expect(one((await confirm(confirmTokenSentTo(traveller))).body).attributes.status).toBe('waiting');
    expect(server.mail.length).toBe(sent);
    await cancelBooking(walkUp);
    expect((await entryOf(traveller))?.status).toBe('offered');
    expect(mailTo(traveller).at(-1)?.subject).toContain('A place is free for you');
    expect(await quoteFull()).toBe(true);
    // The confirmation link is not the waitlist link, nor the other way round.
    expect((await place(confirmTokenSentTo(traveller))).status).toBe(404);
    expect((await confirm(placeToken)).status).toBe(404);
  });

  it('confirming an entry while a place is free offers it at once', async () => {
    const booked = await paidGuestBooking({ relationships: indoor() });
    const traveller = email('prompt');
    await join(traveller);
    await cancelBooking(booked);
    const confirmed = await confirm(confirmTokenSentTo(traveller));
    expect(one(confirmed.body).attributes.status).toBe('offered');
    expect(mailTo(traveller).map((message) => message.subject.split(':')[0])).toEqual([
      expect.stringContaining('Confirm your place on the waitlist'),
      'A place is free for you',
    ]);
  });

  it('an entry not confirmed within a day lapses: the sweep drops it and its link confirms nothing', async () => {
    await paidGuestBooking({ relationships: indoor() });
    const traveller = email('slow');
    await join(traveller);
    const token = confirmTokenSentTo(traveller);
    server.clock.advance(PENDING_CONFIRMATION_HOURS * 3_600_000);
    const late = await confirm(token);
    expect(late.status).toBe(404);
    expect(firstError(late.body)?.detail).toBe(waitlistMessages.confirmationInvalid);
    expect(await sweep()).toEqual({ lapsed: 0, offered: 0, dropped: 1 });
    expect(await entryOf(traveller)).toBeUndefined();
    expect((await confirm(token)).status).toBe(404);
    expect((await confirm(`${token.slice(0, -2)}xx`)).status).toBe(404);
  });

  it('answers a join alike for a new address and for one unconfirmed, waiting or holding a place', async () => {
    const booked = await paidGuestBooking({ relationships: indoor() });
    const holding = email('holding');
    const waiting = email('waiting');
    await joinConfirmed(holding);
    await joinConfirmed(waiting);
    await cancelBooking(booked);
    const held = await entryOf(holding);
    expect(held?.status).toBe('offered');
    const fresh = email('fresh');

    const answers: Array<[string, ApiResponse]> = [];
    for (const address of [fresh, fresh, waiting, holding]) answers.push([address, await join(address)]);
    for (const [address, answer] of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        data: { type: 'waitlist-entries', id: expect.any(String), attributes: { email: address, ...STAY } },
      });
      // The id names nothing stored: a new one each time.
      expect(Number.isInteger(Number(one(answer.body).id))).toBe(false);
    }
    expect(new Set(answers.map(([, answer]) => one(answer.body).id)).size).toBe(answers.length);

    // Only the address hears of it: the confirmation again, or the email the entry's state calls for.
    expect(mailTo(fresh).map((message) => message.subject.split(' for ')[0])).toEqual([
      'Confirm your place on the waitlist',
      'Confirm your place on the waitlist',
    ]);
    expect(mailTo(waiting).at(-1)?.subject).toContain('You are on the waitlist');
    expect(mailTo(holding).at(-1)?.subject).toContain('A place is free for you');
    // Nothing changed: the hold is as it was.
    expect(await entryOf(holding)).toEqual(held);
    expect((await server.handle.db.select().from(waitlistEntries)).map((row) => row.status).sort()).toEqual([
      'offered',
      'pending',
      'waiting',
    ]);
  });
});

describe('waitlist joins per address', () => {
  it('a sixth join for one address within the window is refused 429, and sends nothing', async () => {
    const limited = await createTestServer({ rateLimits: { requestsPerEmail: 5 } });
    try {
      const fixtures = await bookingFixtures(limited.handle.db);
      // Full with nobody in it: one space, counted full before the first car.
      await limited.handle.db
        .update(lots)
        .set({ spaces: 1, fillRateThreshold: '0.5' })
        .where(eq(lots.id, fixtures.indoor.id));
      const { join: joinLimited } = waitlistApi(limited, fixtures);
      const target = 'target@example.com';
      // Other dates each time: the limit is the address's, whatever it joins.
      const dates = (day: number) => ({ startDate: `2026-12-0${day}`, endDate: `2026-12-0${day}` });
      for (let day = 1; day <= 5; day += 1)
        expect((await joinLimited(target, fixtures.indoor.id, dates(day))).status).toBe(201);
      const sixth = await joinLimited(target, fixtures.indoor.id, dates(6));
      expect(sixth.status).toBe(429);
      expect(firstError(sixth.body)?.detail).toBe(waitlistMessages.tooManyForAddress);
      expect(limited.mail.filter((message) => message.to === target)).toHaveLength(5);
      // Another address from the same network is not held back by it.
      expect((await joinLimited('other@example.com', fixtures.indoor.id, dates(6))).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

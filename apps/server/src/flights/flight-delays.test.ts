/**
 * Flight-aware returns through the API (issue 24): the local flight-status provider's late flight moves
 * the pick-up and the shuttle that meets it, free (no ledger row, price unchanged), up to
 * FLIGHT_DELAY_FREE_HOURS; a move into a full day does not oversell; staff set a delay or a cancellation by
 * hand; the traveller is emailed and texted; the poller is one instance at a time and tells nobody twice.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingMovements, bookings, lots } from '../db/schema/index';
import { FLIGHT_POLL_LOCK, pollFlightsOnce } from './flight-status-poll';
import { presentByDay } from '../pricing/presence';
import { listCapturedSms } from '../sms/sms';
import { bookingDoc, type Fixtures } from '../test/booking-fixtures';
import { insertBooking } from '../test/booking-rows';
import { useFlightDelayServer, V1 } from '../test/flight-delays-api';
import { mailTo } from '../test/mail';
import { api, doc, firstError, one } from '../test/server';

const { server, f: fixtures, tokens, returning, setFlight, row } = useFlightDelayServer();
let f: Fixtures;
beforeAll(() => {
  f = fixtures();
});

const movementsOf = async (id: number) =>
  (
    await server.handle.db
      .select({ n: count() })
      .from(bookingMovements)
      .where(eq(bookingMovements.bookingId, id))
  )[0]?.n;

describe('a late flight moves the pick-up and the bus, free', () => {
  it('2 h 10 min late: pick-up and bus time follow, no ledger row, price unchanged, email and text sent', async () => {
    const booking = await returning('QF 1234', '2026-11-22T16:00:00+11:00');
    const other = await returning('VA 800', '2026-11-22T16:00:00+11:00');
    const before = await movementsOf(booking.id);
    const set = await setFlight({
      flightNumber: 'qf1234',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T16:00:00+11:00',
      state: 'delayed',
      estimatedArrival: '2026-11-22T18:10:00+11:00',
    });
    expect(set.status).toBe(201);
    expect(set.body.meta).toMatchObject({ bookingsTold: 1 });

    const moved = await row(booking.id);
    expect(moved.endDatetime?.toISOString()).toBe('2026-11-22T07:10:00.000Z');
    expect(moved.bookedEndDatetime?.toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(moved).toMatchObject({
      flightStatus: 'delayed',
      flightDelayMinutes: 130,
      flightMoveProblem: null,
    });
    expect(moved.totalCost).toBe(booking.totalCost);
    expect(moved.amountPaid).toBe(booking.amountPaid);
    expect(await movementsOf(booking.id)).toBe(before);
    // Another flight's booking is left alone.
    expect((await row(other.id)).endDatetime?.toISOString()).toBe('2026-11-22T05:00:00.000Z');

    const read = await api(server.app, 'GET', `${V1}/bookings/${booking.id}/`, { token: tokens.sales });
    expect(one(read.body).attributes).toMatchObject({
      endDatetime: '2026-11-22T07:10:00.000Z',
      returnBusTime: '18:10:00',
      bookedEndDatetime: '2026-11-22T05:00:00.000Z',
      flightStatus: 'delayed',
      flightDelayMinutes: 130,
      totalCost: '40.00',
    });

    // Manage my booking reads the same: the new pick-up, the one booked, the flight's delay.
    const managed = await api(server.app, 'GET', `${V1}/manage-bookings/${booking.id}/`, {
      token: tokens.sales,
    });
    expect(one(managed.body).attributes).toMatchObject({
      endDatetime: '2026-11-22T07:10:00.000Z',
      bookedEndDatetime: '2026-11-22T05:00:00.000Z',
      flightStatus: 'delayed',
      flightDelayMinutes: 130,
      totalCost: '40.00',
    });

    const [mail] = mailTo(server, booking.email);
    expect(mail?.subject).toContain('your car will be ready when you land');
    expect(mail?.text).toContain('+2 h 10 min');
    expect(mail?.text).toContain('22/11/2026 6:10 pm');
    expect(mail?.text).toContain('Extra charge: None');
    expect(mailTo(server, other.email)).toEqual([]);
    const sms = listCapturedSms(server.config.sms.provider === 'captured' ? server.config.sms.dir : '');
    expect(sms.filter((text) => text.body.includes(booking.bookingCode))).toHaveLength(1);

    // The same news again changes nothing and tells nobody twice.
    const again = await setFlight({
      flightNumber: 'QF1234',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T16:00:00+11:00',
      state: 'delayed',
      estimatedArrival: '2026-11-22T18:10:00+11:00',
    });
    expect(again.body.meta).toMatchObject({ bookingsTold: 0 });
    expect(mailTo(server, booking.email)).toHaveLength(1);
  });

  it('stops at FLIGHT_DELAY_FREE_HOURS (24): 30 h late moves 24 h and says it was capped', async () => {
    const booking = await returning('QF 55', '2026-11-22T10:00:00+11:00');
    await setFlight({
      flightNumber: 'QF55',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T10:00:00+11:00',
      state: 'delayed',
      estimatedArrival: '2026-11-23T16:00:00+11:00',
    });
    const moved = await row(booking.id);
    expect(moved.endDatetime?.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(moved).toMatchObject({ flightDelayMinutes: 1800, flightMoveProblem: 'capped' });
    expect(moved.totalCost).toBe('40.00');
    expect(mailTo(server, booking.email).at(-1)?.text).toContain(
      'later than the time we move a pick-up for free',
    );
  });

  it('never moves earlier than booked: an early flight, or one back on time, leaves the booked pick-up', async () => {
    const booking = await returning('QF 77', '2026-11-22T12:00:00+11:00');
    await setFlight({
      flightNumber: 'QF77',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T12:00:00+11:00',
      state: 'delayed',
      estimatedArrival: '2026-11-22T13:00:00+11:00',
    });
    expect((await row(booking.id)).endDatetime?.toISOString()).toBe('2026-11-22T02:00:00.000Z');
    await setFlight({
      flightNumber: 'QF77',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T12:00:00+11:00',
      state: 'scheduled',
      estimatedArrival: '2026-11-22T11:30:00+11:00',
    });
    const back = await row(booking.id);
    expect(back.endDatetime?.toISOString()).toBe('2026-11-22T01:00:00.000Z');
    expect(back).toMatchObject({ flightStatus: null, flightDelayMinutes: 0, bookedEndDatetime: null });
    expect(mailTo(server, booking.email).at(-1)?.subject).toContain('is on time');
  });

  it('a delay into a full day does not oversell: the pick-up stays, staff see why; with room it moves', async () => {
    const [small] = await server.handle.db
      .insert(lots)
      .values({
        name: 'Small',
        slug: 'small',
        productCodename: 'unlimited_small_parking',
        lotType: 'outdoor',
        spaces: 2,
        fillRateThreshold: '1',
        rate: '12.00',
      })
      .returning();
    if (!small) throw new Error('lot');
    const booking = await returning('JQ 9', '2026-11-22T22:30:00+11:00', small.id);
    // Two cars already booked on the 23rd: the lot is full that day.
    const blockers = await Promise.all(
      [0, 1].map(() =>
        insertBooking(server.handle.db, {
          lotId: small.id,
          startDatetime: new Date('2026-11-23T06:00:00+11:00'),
          endDatetime: new Date('2026-11-24T06:00:00+11:00'),
        }),
      ),
    );
    await setFlight({
      flightNumber: 'JQ9',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T22:30:00+11:00',
      state: 'delayed',
      estimatedArrival: '2026-11-23T01:30:00+11:00',
    });
    const kept = await row(booking.id);
    expect(kept.endDatetime?.toISOString()).toBe('2026-11-22T11:30:00.000Z');
    expect(kept).toMatchObject({
      flightStatus: 'delayed',
      flightDelayMinutes: 180,
      flightMoveProblem: 'lot_full',
    });
    const present = await presentByDay(
      server.handle.db,
      [small.id],
      '2026-11-23',
      '2026-11-23',
      server.config.timeZone,
      server.clock.now(),
    );
    expect(Math.max(...(present.get(small.id) ?? [0]))).toBeLessThanOrEqual(2);
    expect(mailTo(server, booking.email).at(-1)?.text).toContain('could not move your pick-up');

    // A place frees up: the next news of the flight moves it.
    await server.handle.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, blockers[0]?.id ?? 0));
    await setFlight({
      flightNumber: 'JQ9',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T22:30:00+11:00',
      state: 'delayed',
      estimatedArrival: '2026-11-23T01:40:00+11:00',
    });
    const moved = await row(booking.id);
    expect(moved.endDatetime?.toISOString()).toBe('2026-11-22T14:40:00.000Z');
    expect(moved.flightMoveProblem).toBeNull();
  });
  it('a delay and an online booking racing for the last place: one gets it (the lot lock; truly racing on PostgreSQL)', async () => {
    const db = server.handle.db;
    const booking = await returning('TT 1', '2026-11-22T22:30:00+11:00');
    const presentOn23 = async () =>
      (
        await presentByDay(
          db,
          [f.outdoor.id],
          '2026-11-23',
          '2026-11-23',
          server.config.timeZone,
          server.clock.now(),
        )
      ).get(f.outdoor.id) ?? [];
    const spaces = Math.max(0, ...(await presentOn23())) + 1;
    await db.update(lots).set({ spaces, fillRateThreshold: '1' }).where(eq(lots.id, f.outdoor.id));
    try {
      const [delayed, booked] = await Promise.all([
        api(server.app, 'POST', `${V1}/bookings/${booking.id}/flight-delays/`, {
          token: tokens.sales,
          body: doc('flight-delays', { state: 'delayed', delayMinutes: 180 }),
        }),
        api(server.app, 'POST', `${V1}/bookings/`, {
          body: bookingDoc(f, {
            attributes: {
              startDatetime: '2026-11-23T06:00:00+11:00',
              endDatetime: '2026-11-23T18:00:00+11:00',
              email: 'racer@example.com',
            },
          }),
        }),
      ]);
      expect(delayed.status).toBe(200);
      const moved = (await row(booking.id)).flightMoveProblem === null;
      expect(booked.status, JSON.stringify(booked.body)).toBe(moved ? 400 : 201);
      expect(Math.max(...(await presentOn23()))).toBeLessThanOrEqual(spaces);
    } finally {
      await db
        .update(lots)
        .set({ spaces: f.outdoor.spaces, fillRateThreshold: f.outdoor.fillRateThreshold })
        .where(eq(lots.id, f.outdoor.id));
    }
  });
});

describe('cancelled flights', () => {
  it('tell staff and the traveller; nothing is charged or moved', async () => {
    const booking = await returning('NZ 4', '2026-11-22T15:00:00+11:00');
    await setFlight({
      flightNumber: 'NZ4',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T15:00:00+11:00',
      state: 'cancelled',
      estimatedArrival: null,
    });
    const cancelled = await row(booking.id);
    expect(cancelled).toMatchObject({ flightStatus: 'cancelled', totalCost: '40.00', status: 'complete' });
    expect(cancelled.endDatetime?.toISOString()).toBe('2026-11-22T04:00:00.000Z');
    expect(mailTo(server, booking.email).at(-1)?.subject).toContain('has been cancelled');
  });
});

describe('staff set a delay by hand (POST bookings/{id}/flight-delays/)', () => {
  const delay = (id: number, attributes: Record<string, unknown>, token?: string) =>
    api(server.app, 'POST', `${V1}/bookings/${id}/flight-delays/`, {
      ...(token ? { token } : {}),
      body: doc('flight-delays', attributes),
    });

  it('moves the pick-up from the booked time; refuses strangers and bad input', async () => {
    const booking = await returning('EK 1', '2026-11-22T09:00:00+11:00');
    expect((await delay(booking.id, { state: 'delayed', delayMinutes: 45 })).status).toBe(401);
    expect((await delay(booking.id, { state: 'delayed', delayMinutes: 45 }, tokens.customer)).status).toBe(
      403,
    );
    const bad = await delay(booking.id, { state: 'delayed', delayMinutes: -5 }, tokens.sales);
    expect(bad.status).toBe(400);
    expect(firstError(bad.body)?.source?.pointer).toBe('/data/attributes/delayMinutes');
    expect((await delay(999_999, { state: 'delayed', delayMinutes: 45 }, tokens.sales)).status).toBe(404);

    const set = await delay(booking.id, { state: 'delayed', delayMinutes: 45 }, tokens.sales);
    expect(set.status).toBe(200);
    expect(one(set.body).attributes).toMatchObject({
      endDatetime: '2026-11-21T22:45:00.000Z',
      returnBusTime: '09:45:00',
      flightDelayMinutes: 45,
      totalCost: '40.00',
    });
    // A later estimate is measured from the booked pick-up, not from the moved one.
    await delay(booking.id, { state: 'delayed', delayMinutes: 90 }, tokens.admin);
    expect((await row(booking.id)).endDatetime?.toISOString()).toBe('2026-11-21T23:30:00.000Z');
    expect(mailTo(server, booking.email)).toHaveLength(2);
  });
});

describe('a pick-up changed by hand', () => {
  it('starts afresh: staff moving the pick-up in the booking form clears what the old flight did', async () => {
    const booking = await returning('QF 3000', '2026-11-22T12:00:00+11:00');
    await api(server.app, 'POST', `${V1}/bookings/${booking.id}/flight-delays/`, {
      token: tokens.sales,
      body: doc('flight-delays', { state: 'delayed', delayMinutes: 60 }),
    });
    expect(await row(booking.id)).toMatchObject({ flightStatus: 'delayed', flightDelayMinutes: 60 });
    const patched = await api(server.app, 'PATCH', `${V1}/bookings/${booking.id}/`, {
      token: tokens.admin,
      body: doc('bookings', { endDatetime: '2026-11-23T09:00:00+11:00' }, { id: String(booking.id) }),
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const after = await row(booking.id);
    expect(after.endDatetime?.toISOString()).toBe('2026-11-22T22:00:00.000Z');
    expect(after).toMatchObject({
      flightStatus: null,
      flightDelayMinutes: 0,
      bookedEndDatetime: null,
      flightMoveProblem: null,
    });
  });
});

describe('the poller', () => {
  it('asks about the next 48 hours, one instance at a time, and a replay tells nobody twice', async () => {
    const booking = await returning('QF 2000', '2026-11-22T20:00:00+11:00');
    const far = await returning('QF 2000', '2026-11-25T20:00:00+11:00');
    // Set straight in the provider's table: nothing applied until the poller runs.
    await server.handle.db.execute(
      `INSERT INTO local_flight_statuses (flight_number, arrival_date, state, scheduled_arrival, estimated_arrival) VALUES ('QF2000', '2026-11-22', 'delayed', '2026-11-22T20:00:00+11:00', '2026-11-22T21:00:00+11:00'), ('QF2000', '2026-11-25', 'delayed', '2026-11-25T20:00:00+11:00', '2026-11-25T21:00:00+11:00')`,
    );
    const provider = server.app.services.flightStatus;
    if (!provider) throw new Error('no provider');
    // Another instance holds the lock: this one skips its round.
    const skipped = await server.handle.withTryLock(FLIGHT_POLL_LOCK, () =>
      pollFlightsOnce(server.handle, server.app.services, provider, server.clock.now()),
    );
    expect(skipped).toBeNull();
    const first = await pollFlightsOnce(server.handle, server.app.services, provider, server.clock.now());
    expect(first?.notices).toBe(1);
    expect((await row(booking.id)).endDatetime?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    // Beyond 48 hours: not asked yet.
    expect((await row(far.id)).endDatetime?.toISOString()).toBe('2026-11-25T09:00:00.000Z');
    const replay = await pollFlightsOnce(server.handle, server.app.services, provider, server.clock.now());
    expect(replay?.notices).toBe(0);
    // The notice was queued with the move: the job queue sends it.
    await server.app.services.jobs.drain();
    expect(mailTo(server, booking.email)).toHaveLength(1);
  });
});

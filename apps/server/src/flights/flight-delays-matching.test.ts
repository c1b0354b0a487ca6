/**
 * A flight moves a booking's pick-up only when it is the booking's flight (issue 38): the flight-status
 * provider has it timetabled on the return day near the booked pick-up. Before, the local provider had no
 * timetable and the booked pick-up stood for it, so any later flight of that number (named by a traveller
 * on a change) moved the pick-up hours later, free.
 */
import { describe, expect, it } from 'vitest';
import { localFlightStatuses } from '../db/schema/index';
import { pollFlightsOnce } from './flight-status-poll';
import { useFlightDelayServer } from '../test/flight-delays-api';
import { mailTo } from '../test/mail';
import { firstError } from '../test/server';

const { server, returning, setFlight, row } = useFlightDelayServer();

describe("a flight moves a pick-up only when it is the booking's: timetabled on the return day near it (issue 38)", () => {
  it('another flight of the same number, nine hours later, moves nothing and tells nobody', async () => {
    const booking = await returning('QF 900', '2026-11-22T10:00:00+11:00');
    const set = await setFlight({
      flightNumber: 'QF900',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T19:00:00+11:00',
      state: 'delayed',
      estimatedArrival: '2026-11-22T21:00:00+11:00',
    });
    expect(set.status).toBe(201);
    expect(set.body.meta).toMatchObject({ bookingsTold: 0 });
    const kept = await row(booking.id);
    expect(kept.endDatetime?.toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(kept).toMatchObject({ flightStatus: null, flightDelayMinutes: 0, bookedEndDatetime: null });
    expect(mailTo(server, booking.email)).toEqual([]);
    // Nor does its cancellation mark the booking.
    await setFlight({
      flightNumber: 'QF900',
      date: '2026-11-22',
      scheduledArrival: '2026-11-22T19:00:00+11:00',
      state: 'cancelled',
      estimatedArrival: null,
    });
    expect((await row(booking.id)).flightStatus).toBeNull();
  });

  it('a flight whose timetable is unknown moves nothing, however late its estimate', async () => {
    const booking = await returning('QF 901', '2026-11-22T10:00:00+11:00');
    // As a flight set before schedules were recorded: no scheduled arrival.
    await server.handle.db.insert(localFlightStatuses).values({
      flightNumber: 'QF901',
      arrivalDate: '2026-11-22',
      state: 'delayed',
      estimatedArrival: new Date('2026-11-22T20:00:00+11:00'),
    });
    const provider = server.app.services.flightStatus;
    if (!provider) throw new Error('no provider');
    expect(
      await pollFlightsOnce(server.handle, server.app.services, provider, server.clock.now()),
    ).toMatchObject({ notices: 0 });
    expect((await row(booking.id)).endDatetime?.toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(mailTo(server, booking.email)).toEqual([]);
  });

  it('the local provider records the timetable: required, and on the flight date', async () => {
    const missing = await setFlight({
      flightNumber: 'QF902',
      date: '2026-11-22',
      state: 'delayed',
      estimatedArrival: '2026-11-22T12:00:00+11:00',
    });
    expect(missing.status).toBe(400);
    expect(firstError(missing.body)).toMatchObject({
      detail: 'Enter the scheduled arrival time.',
      source: { pointer: '/data/attributes/scheduledArrival' },
    });
    const elsewhere = await setFlight({
      flightNumber: 'QF902',
      date: '2026-11-22',
      scheduledArrival: '2026-11-23T10:00:00+11:00',
      state: 'delayed',
      estimatedArrival: '2026-11-23T12:00:00+11:00',
    });
    expect(elsewhere.status).toBe(400);
    expect(firstError(elsewhere.body)).toMatchObject({
      detail: "Enter a scheduled arrival on the flight's date.",
      source: { pointer: '/data/attributes/scheduledArrival' },
    });
  });
});

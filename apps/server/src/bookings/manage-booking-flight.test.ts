/**
 * A traveller's change naming a return flight (issue 38): accepted only when the flight-status provider
 * has it landing on the return day near the pick-up, refused beside the flight field when it knows the
 * flight lands at another time, and accepted when it does not know the flight (which then moves nothing).
 * Before, any flight was taken, and a later one moved the pick-up hours later, free.
 */
import { describe, expect, it } from 'vitest';
import { flightDelayMessages } from '@parking/domain/flight-delay';
import { localFlightStatuses } from '../db/schema/index';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, doc, firstError, one } from '../test/server';

const { server, row, paidGuestBooking, guestToken, change } = useManageBookingServer();

/** The local provider's flight landing on 3/12 (the booking's return day) at `scheduled`, on time. */
const flightLanding = (flightNumber: string, scheduled: string) =>
  server.handle.db.insert(localFlightStatuses).values({
    flightNumber,
    arrivalDate: '2026-12-03',
    state: 'scheduled',
    scheduledArrival: new Date(scheduled),
    estimatedArrival: new Date(scheduled),
  });

const quote = (id: number, attributes: Record<string, unknown>, token: string) =>
  api(server.app, 'POST', `${V1}/manage-bookings/${id}/change-quotes/`, {
    ...asGuest(token),
    body: doc('change-quotes', attributes),
  });

describe('a return flight named on a change', () => {
  it('landing nine hours before the 6 pm pick-up is refused beside the flight field, in quote and change alike', async () => {
    await flightLanding('QF9001', '2026-12-03T09:00:00+11:00');
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    for (const answer of [
      await quote(booking.id, { flightNumberIn: 'QF 9001' }, token),
      await change(booking.id, { flightNumberIn: 'QF 9001' }, asGuest(token)),
    ]) {
      expect(answer.status).toBe(400);
      expect(firstError(answer.body)).toMatchObject({
        code: 'flight_not_on_return',
        detail: flightDelayMessages.flightNotOnReturn,
        source: { pointer: '/data/attributes/flightNumberIn' },
      });
    }
    expect((await row(booking.id))?.flightNumberIn).toBe('QF1511');
  });

  it('moving the pick-up away from the booked flight is refused beside the pick-up; without the flight it is taken', async () => {
    await flightLanding('QF1511', '2026-12-03T17:30:00+11:00');
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const early = await change(booking.id, { endDatetime: '2026-12-03T08:00:00+11:00' }, asGuest(token));
    expect(early.status).toBe(400);
    expect(firstError(early.body)?.source?.pointer).toBe('/data/attributes/endDatetime');
    const moved = await change(
      booking.id,
      { endDatetime: '2026-12-03T08:00:00+11:00', flightNumberIn: '' },
      asGuest(token),
    );
    expect(moved.status).toBe(200);
    expect(one(moved.body).attributes).toMatchObject({ endDatetime: '2026-12-02T21:00:00.000Z' });
  });

  it('landing near the pick-up is taken; a flight the provider does not know is taken as well', async () => {
    await flightLanding('VA820', '2026-12-03T19:15:00+11:00');
    const booking = await paidGuestBooking();
    const token = await guestToken(booking.code, booking.email);
    const near = await change(booking.id, { flightNumberIn: 'va820' }, asGuest(token));
    expect(near.status).toBe(200);
    expect((await row(booking.id))?.flightNumberIn).toBe('va820');
    const unknown = await change(booking.id, { flightNumberIn: 'JQ 777' }, asGuest(token));
    expect(unknown.status).toBe(200);
    expect((await row(booking.id))?.flightNumberIn).toBe('JQ 777');
  });
});

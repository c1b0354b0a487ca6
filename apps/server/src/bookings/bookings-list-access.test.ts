/**
 * Who lists, reads, changes and deletes bookings (public-site §7 My bookings; back office): a customer
 * only their own, Sales every booking, an anonymous caller none; Admins alone delete. On the bookings
 * of test/booking-list.ts.
 */
import { describe, expect, it } from 'vitest';
import { ALL, at, BOOKINGS, sorted, useBookingList } from '../test/booking-list';
import { insertBooking } from '../test/booking-rows';
import { api, firstError } from '../test/server';

const { server, f, tokens, customerIds, id, list, listCodes } = useBookingList();

describe('booking list access', () => {
  it('a customer lists only their own bookings, whatever the filter (My bookings)', async () => {
    const own = ['PARKED22', 'FUTURE23', 'DIARYA26', 'PAYLATE2'];
    expect(sorted(await listCodes({}, tokens.alice))).toEqual(sorted(own));
    expect(
      sorted(
        await listCodes(
          {
            'filter[customer]': String(customerIds.alice),
            include: 'airlineOut,airlineIn,extras,lot,vehicleType',
          },
          tokens.alice,
        ),
      ),
    ).toEqual(sorted(own));
    expect(await listCodes({ 'filter[customer]': String(customerIds.bob) }, tokens.alice)).toEqual([]);
    expect(await listCodes({ 'filter[customer_details]': 'smith' }, tokens.alice)).toEqual([]);
    expect(sorted(await listCodes({}, tokens.bob))).toEqual(
      sorted(ALL.filter((code) => !own.includes(code))),
    );
  });

  it('staff (Sales) see every booking', async () => {
    const response = await list(tokens.sales, {});
    expect(response.body.meta?.pagination?.count).toBe(ALL.length);
  });

  it('an anonymous caller may not list bookings (401)', async () => {
    const response = await list(undefined, {});
    expect(response.status).toBe(401);
    expect(firstError(response.body)?.status).toBe('401');
  });

  it("a customer may not change their booking (403); another customer's is not found", async () => {
    const bookingId = id('FUTURE23');
    const body = { data: { type: 'bookings', id: bookingId, attributes: { publicNotes: 'x' } } };
    expect(
      (await api(server.app, 'PATCH', `${BOOKINGS}${bookingId}/`, { token: tokens.alice, body })).status,
    ).toBe(403);
    expect((await api(server.app, 'GET', `${BOOKINGS}${bookingId}/`, { token: tokens.bob })).status).toBe(
      404,
    );
  });

  it('Sales may not delete a booking (403); Admins may (204)', async () => {
    const row = await insertBooking(server.handle.db, {
      lotId: f.outdoor.id,
      startDatetime: at('2027-02-01T06:00:00+11:00'),
    });
    expect((await api(server.app, 'DELETE', `${BOOKINGS}${row.id}/`, { token: tokens.sales })).status).toBe(
      403,
    );
    expect((await api(server.app, 'DELETE', `${BOOKINGS}${row.id}/`, { token: tokens.alice })).status).toBe(
      403,
    );
    expect((await api(server.app, 'DELETE', `${BOOKINGS}${row.id}/`, { token: tokens.admin })).status).toBe(
      204,
    );
    expect((await api(server.app, 'GET', `${BOOKINGS}${row.id}/`, { token: tokens.admin })).status).toBe(404);
  });
});

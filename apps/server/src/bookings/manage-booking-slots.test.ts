/**
 * Manage my booking against the desk's slots (issue 24): a change that moves the drop-off into a full
 * 15-minute slot is refused beside the time, like a new booking; moving only the pick-up is not judged on
 * the drop-off it keeps.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { slotMessages } from '@parking/domain/slots';
import { lots } from '../db/schema/index';
import { insertBooking } from '../test/booking-rows';
import { asGuest, useManageBookingServer } from '../test/manage-booking-api';
import { firstError } from '../test/server';

const { server, f, row, paidGuestBooking, guestToken, change } = useManageBookingServer();

describe('changing times against the slots', () => {
  it('a drop-off moved into a full slot is refused with the slot error; a pick-up moved elsewhere goes through', async () => {
    const booking = await paidGuestBooking({
      relationships: { lot: { data: { type: 'lots', id: String(f.indoor.id) } } },
    });
    await server.handle.db.update(lots).set({ slotCapacity: 1 }).where(eq(lots.id, f.indoor.id));
    try {
      await insertBooking(server.handle.db, {
        lotId: f.indoor.id,
        startDatetime: new Date('2026-12-01T08:05:00+11:00'),
        endDatetime: new Date('2026-12-09T12:00:00+11:00'),
      });
      const token = await guestToken(booking.code, booking.email);
      const refused = await change(
        booking.id,
        { startDatetime: '2026-12-01T08:10:00+11:00' },
        asGuest(token),
      );
      expect(refused.status).toBe(400);
      expect(firstError(refused.body)).toMatchObject({
        code: 'slot_full',
        detail: slotMessages.dropOffFull,
        source: { pointer: '/data/attributes/startDatetime' },
      });
      expect((await row(booking.id))?.startDatetime.toISOString()).toBe('2026-11-30T19:00:00.000Z');
      // Another slot of that day is free.
      expect(
        (await change(booking.id, { startDatetime: '2026-12-01T08:20:00+11:00' }, asGuest(token))).status,
      ).toBe(200);
      // Fill the new drop-off's slot behind it: a change of the pick-up alone still goes through.
      await insertBooking(server.handle.db, {
        lotId: f.indoor.id,
        startDatetime: new Date('2026-12-01T08:25:00+11:00'),
        endDatetime: new Date('2026-12-09T13:00:00+11:00'),
      });
      expect(
        (await change(booking.id, { endDatetime: '2026-12-03T16:00:00+11:00' }, asGuest(token))).status,
      ).toBe(200);
    } finally {
      await server.handle.db.update(lots).set({ slotCapacity: null }).where(eq(lots.id, f.indoor.id));
    }
  });
});

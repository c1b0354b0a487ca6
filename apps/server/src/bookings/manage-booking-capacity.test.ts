/**
 * Manage my booking through the API, a change against the lot's capacity: a full day is refused (the
 * booking's own days not counted twice), and two changes racing for the last space get it once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@parking/domain/messages';
import { lots } from '../db/schema/index';
import { presentByDay } from '../pricing/presence';
import { insertBooking } from '../test/booking-rows';
import { asGuest, useManageBookingServer } from '../test/manage-booking-api';
import { firstError } from '../test/server';

const { server, f, row, paidGuestBooking, guestToken, change } = useManageBookingServer();

describe('changing dates', () => {
  it('a change into a full day is refused with the full-lot message; days already booked are not re-counted', async () => {
    const booking = await paidGuestBooking({
      relationships: { lot: { data: { type: 'lots', id: String(f.indoor.id) } } },
    });
    await server.handle.db
      .update(lots)
      .set({ spaces: 1, fillRateThreshold: '1' })
      .where(eq(lots.id, f.indoor.id));
    try {
      await insertBooking(server.handle.db, {
        lotId: f.indoor.id,
        startDatetime: new Date('2026-12-05T08:00:00+11:00'),
      });
      const token = await guestToken(booking.code, booking.email);
      const refused = await change(booking.id, { endDatetime: '2026-12-05T18:00:00+11:00' }, asGuest(token));
      expect(refused.status).toBe(400);
      expect(firstError(refused.body)).toMatchObject({ detail: messages.lotFull, code: 'lot_full' });
      expect((await row(booking.id))?.endDatetime?.toISOString()).toBe('2026-12-03T07:00:00.000Z');
      // Its own days are its own: a shorter stay in the same full lot goes through.
      expect(
        (await change(booking.id, { endDatetime: '2026-12-02T18:00:00+11:00' }, asGuest(token))).status,
      ).toBe(200);
    } finally {
      await server.handle.db
        .update(lots)
        .set({ spaces: f.indoor.spaces, fillRateThreshold: f.indoor.fillRateThreshold })
        .where(eq(lots.id, f.indoor.id));
    }
  });

  it('two changes racing for the last space: one gets it, the other is refused (the lot lock, as when booking)', async () => {
    const first = await paidGuestBooking({
      relationships: { lot: { data: { type: 'lots', id: String(f.indoor.id) } } },
    });
    const second = await paidGuestBooking({
      relationships: { lot: { data: { type: 'lots', id: String(f.indoor.id) } } },
    });
    // Room for the cars already there on the days the changes add, and one more.
    const present =
      (
        await presentByDay(
          server.handle.db,
          [f.indoor.id],
          '2026-12-04',
          '2026-12-06',
          server.config.timeZone,
          server.clock.now(),
        )
      ).get(f.indoor.id) ?? [];
    await server.handle.db
      .update(lots)
      .set({ spaces: Math.max(0, ...present) + 1, fillRateThreshold: '1' })
      .where(eq(lots.id, f.indoor.id));
    try {
      const tokens = await Promise.all([
        guestToken(first.code, first.email),
        guestToken(second.code, second.email),
      ]);
      const results = await Promise.all([
        change(first.id, { endDatetime: '2026-12-06T18:00:00+11:00' }, asGuest(tokens[0] ?? '')),
        change(second.id, { endDatetime: '2026-12-06T18:00:00+11:00' }, asGuest(tokens[1] ?? '')),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
      expect(results.map((result) => firstError(result.body)?.code).filter(Boolean)).toEqual(['lot_full']);
    } finally {
      await server.handle.db
        .update(lots)
        .set({ spaces: f.indoor.spaces, fillRateThreshold: f.indoor.fillRateThreshold })
        .where(eq(lots.id, f.indoor.id));
    }
  });
});

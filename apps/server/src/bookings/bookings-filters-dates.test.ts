/**
 * The back office's booking list filters by date (back-office §7: booking list, Diary, Payments diary):
 * stays overlapping a range, currently parked by the server clock, a business date in
 * Australia/Hobart (daylight saving too), and payment times. On the bookings of test/booking-list.ts.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bookings } from '../db/schema/index';
import { ALL, at, codes, sorted, useBookingList } from '../test/booking-list';
import { insertBooking } from '../test/booking-rows';
import { login } from '../test/factories';
import { firstError } from '../test/server';

const { server, f, tokens, list, listCodes } = useBookingList();

describe('booking list filters (back office)', () => {
  it('end_datetime__gte_or_isnull keeps open-ended bookings; start_datetime__lte', async () => {
    const fromNow = await listCodes({ 'filter[end_datetime__gte_or_isnull]': '2026-11-21T09:00:00+11:00' });
    expect(sorted(fromNow)).toEqual(sorted(ALL.filter((code) => code !== 'PASTPP24')));
    const startedBy = await listCodes({ 'filter[start_datetime__lte]': '2026-11-20T08:00:00+11:00' });
    expect(sorted(startedBy)).toEqual(['OPENEND2', 'PARKED22', 'PASTPP24', 'PENDNG25']);
    // Both, as the list filter bar sends them: stays overlapping a range.
    const overlapping = await listCodes({
      'filter[end_datetime__gte_or_isnull]': '2026-11-24T00:00:00+11:00',
      'filter[start_datetime__lte]': '2026-11-25T23:59:59.999+11:00',
    });
    expect(sorted(overlapping)).toEqual(['FUTURE23', 'OPENEND2']);
    expect((await list(tokens.sales, { 'filter[end_datetime__gte_or_isnull]': 'soon' })).status).toBe(400);
  });

  describe('currently_parked, relative to the server clock', () => {
    afterEach(() => {
      server.clock.current = new Date('2026-11-21T09:00:00+11:00');
    });

    it('true: complete, dropped off and not yet collected (or no pick-up date); false: the rest', async () => {
      expect(sorted(await listCodes({ 'filter[currently_parked]': 'true' }))).toEqual([
        'OPENEND2',
        'PARKED22',
      ]);
      const rest = await listCodes({ 'filter[currently_parked]': 'false' });
      expect(sorted(rest)).toEqual(sorted(ALL.filter((code) => code !== 'OPENEND2' && code !== 'PARKED22')));
      expect((await list(tokens.sales, { 'filter[currently_parked]': 'maybe' })).status).toBe(400);
    });

    it('moves with the clock', async () => {
      server.clock.current = new Date('2026-11-26T09:00:00+11:00');
      // Five days on, the morning's session has lapsed (72 hours idle): staff log in again.
      const later = await login(server.app, 'sales@example.com');
      expect(sorted(await listCodes({ 'filter[currently_parked]': 'true' }, later))).toEqual([
        'FUTURE23',
        'OPENEND2',
      ]);
    });
  });

  describe('diaryDate: drop-offs and pick-ups on a business date in Australia/Hobart', () => {
    it('counts 00:30 and 23:30 local time in the day, and 00:30 the next day out of it', async () => {
      expect(sorted(await listCodes({ 'filter[diaryDate]': '2026-12-05' }))).toEqual([
        'DIARYA26',
        'DIARYB27',
        'DIARYX29',
      ]);
      // 00:30 on 5 December in Hobart is 4 December in UTC: not a 4 December drop-off.
      expect(await listCodes({ 'filter[diaryDate]': '2026-12-04' })).toEqual([]);
      expect(sorted(await listCodes({ 'filter[diaryDate]': '2026-12-06' }))).toEqual([
        'DIARYC28',
        'DIARYX29',
      ]);
    });

    it('the Diary call: complete only, with airlines and lot included, page size 1000', async () => {
      const response = await list(tokens.sales, {
        'filter[diaryDate]': '2026-12-05',
        'filter[status]': 'complete',
        include: 'airlineOut,airlineIn,lot',
        sort: 'startDatetime',
      });
      expect(response.status).toBe(200);
      expect(codes(response.body)).toEqual(['DIARYB27', 'DIARYA26']);
      const included = response.body.included ?? [];
      expect(included.map((resource) => `${resource.type}:${resource.id}`).sort()).toEqual(
        sorted([`airlines:${f.qantas.id}`, `lots:${f.outdoor.id}`]),
      );
      expect(response.body.meta?.pagination).toEqual({ count: 2, page: 1, pages: 1 });
    });

    it('start_diary_date and end_diary_date (the diary PDFs) split drop-offs from pick-ups', async () => {
      expect(sorted(await listCodes({ 'filter[start_diary_date]': '2026-12-05' }))).toEqual([
        'DIARYA26',
        'DIARYX29',
      ]);
      expect(await listCodes({ 'filter[end_diary_date]': '2026-12-05' })).toEqual(['DIARYB27']);
    });

    it('counts the 25-hour day daylight saving ends on (4 April 2027) whole', async () => {
      // 23:30 on 4 April 2027 is after the clocks went back (+10:00): 24.5 hours after that midnight.
      const row = await insertBooking(server.handle.db, {
        bookingCode: 'DSTEND31',
        lotId: f.outdoor.id,
        startDatetime: at('2027-04-04T23:30:00+10:00'),
        endDatetime: at('2027-04-06T10:00:00+10:00'),
      });
      try {
        expect(await listCodes({ 'filter[diaryDate]': '2027-04-04' })).toEqual(['DSTEND31']);
        expect(await listCodes({ 'filter[diaryDate]': '2027-04-05' })).toEqual([]);
      } finally {
        await server.handle.db.delete(bookings).where(eq(bookings.id, row.id));
      }
    });

    it('refuses a date that is not YYYY-MM-DD', async () => {
      for (const value of ['5/12/2026', '2026-02-30', '']) {
        const response = await list(tokens.sales, { 'filter[diaryDate]': value });
        expect(firstError(response.body)).toMatchObject({
          status: '400',
          source: { parameter: 'filter[diaryDate]' },
        });
      }
    });
  });

  it('payment_datetime__gte/__lte: the Payments diary of a business day, in payment order', async () => {
    const day = await listCodes({
      'filter[payment_datetime__gte]': '2026-11-18T00:00:00+11:00',
      'filter[payment_datetime__lte]': '2026-11-18T23:59:59.999+11:00',
      sort: 'paymentDatetime',
    });
    expect(day).toEqual(['PARKED22', 'PAYLATE2']);
    expect(await listCodes({ 'filter[payment_datetime__gte]': '2026-11-19T00:00:00+11:00' })).toEqual([
      'PAYNEXT2',
    ]);
    expect((await listCodes({ 'filter[payment_datetime__isnull]': 'true' })).length).toBe(ALL.length - 3);
  });
});

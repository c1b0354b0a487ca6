/**
 * GET lots/:id/slots/?date=YYYY-MM-DD (issue 24): how busy each 15-minute drop-off and pick-up slot of a
 * business day is at a lot, as `lot-slots` (the wizard's busy-ness and quieter times, the diary's slot
 * load). Anyone may ask: it tells counts of cars through the desk, nothing of whose.
 */
import { addDaysToDate, startOfBusinessDay } from '@parking/domain/dates';
import { slotLevel, slotOf, slotEnd, slotStart } from '@parking/domain/slots';
import { calendarDate } from '@parking/domain/fields';
import { eq } from 'drizzle-orm';
import { lots } from '../db/schema/index';
import { action, type Action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { single } from '../jsonapi/query';
import { iso } from '@parking/domain/api-values';
import { slotLoadsBetween } from './slot-load';

export const lotSlotActions: Action[] = [
  action({
    method: 'GET',
    path: 'lots/:id/slots/',
    access: 'anyone',
    async handle(ctx, { id, query }) {
      for (const key of Object.keys(query)) {
        if (key !== 'date') throw errors.parameter(`Unknown query parameter "${key}".`, key);
      }
      const raw = single(query, 'date');
      const parsed = calendarDate().safeParse(raw ?? '');
      // A day whose next day is still a four-digit year: the slots end at the next day's first instant.
      if (raw === undefined || !parsed.success || parsed.data < '1900-01-01' || parsed.data > '9998-12-31')
        throw errors.parameter('Enter a valid date (YYYY-MM-DD).', 'date');
      const date = parsed.data;
      const [lot] = await ctx.db.select().from(lots).where(eq(lots.id, id));
      if (!lot) throw errors.notFound('Lot not found');
      const timeZone = ctx.services.config.timeZone;
      const from = startOfBusinessDay(date, timeZone);
      const to = startOfBusinessDay(addDaysToDate(date, 1), timeZone);
      const loads = await slotLoadsBetween(ctx.db, { lotId: lot.id, from, to, now: ctx.now });
      const data = [];
      for (let slot = slotOf(from); slot < slotOf(to); slot += 1) {
        const cars = loads.get(slot) ?? 0;
        data.push({
          type: 'lot-slots',
          id: `${lot.id}:${slot}`,
          attributes: {
            startDatetime: iso(slotStart(slot)),
            endDatetime: iso(slotEnd(slot)),
            cars,
            capacity: lot.slotCapacity,
            level: slotLevel(cars, lot.slotCapacity),
          },
          relationships: { lot: { data: { type: 'lots', id: String(lot.id) } } },
        });
      }
      return { data, meta: { date, capacity: lot.slotCapacity } };
    },
  }),
];

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wouldExceed } from './capacity';
import { addDaysToDate } from './dates';
import {
  chooseOffers,
  holdExpiry,
  holdIsLive,
  waitlistJoinSchema,
  waitlistMessages,
  waitlistOrder,
  type WaitingEntry,
} from './waitlist';

const FROM = '2027-03-01';
const at = (minute: number) => new Date(Date.UTC(2027, 0, 1, 0, minute));
const entry = (id: number, firstDay: number, lastDay: number, joinedMinute = id): WaitingEntry => ({
  id,
  startDate: addDaysToDate(FROM, firstDay),
  endDate: addDaysToDate(FROM, lastDay),
  joined: at(joinedMinute),
});
const lot = { spaces: 10, fillRateThreshold: null };

describe('who is next on the waitlist', () => {
  it('offers the one freed place to the first to join, not to a later traveller for the same dates', () => {
    const present = [9, 9, 9];
    const offered = chooseOffers(
      [entry(2, 0, 2, 5), entry(1, 0, 2, 7), entry(3, 0, 2, 9)],
      present,
      FROM,
      lot,
    );
    expect(offered.map((e) => e.id)).toEqual([2]);
  });

  it('breaks a tie of joining instants by the earlier entry', () => {
    expect(waitlistOrder([entry(8, 0, 0, 1), entry(4, 0, 0, 1)]).map((e) => e.id)).toEqual([4, 8]);
  });

  it('passes over a traveller whose stay still does not fit, and offers the next whose does', () => {
    // Day 1 is still full: the first traveller's stay (days 0 to 2) does not fit, the second's (day 0) does.
    const offered = chooseOffers([entry(1, 0, 2), entry(2, 0, 0)], [9, 10, 9], FROM, lot);
    expect(offered.map((e) => e.id)).toEqual([2]);
  });

  it('offers nothing while the lot is still full, and nobody when nobody is waiting', () => {
    expect(chooseOffers([entry(1, 0, 1)], [10, 10], FROM, lot)).toEqual([]);
    expect(chooseOffers([], [0, 0], FROM, lot)).toEqual([]);
  });

  it('keeps to the fill threshold, not only to the spaces', () => {
    const outdoor = { spaces: 100, fillRateThreshold: '0.95' };
    expect(chooseOffers([entry(1, 0, 0)], [95], FROM, outdoor)).toEqual([]);
    expect(chooseOffers([entry(1, 0, 0), entry(2, 0, 0)], [94], FROM, outdoor).map((e) => e.id)).toEqual([1]);
  });
});

describe('held places count against capacity', () => {
  it('a place offered is held: two places freed go to the first two, the third waits', () => {
    const offered = chooseOffers([entry(1, 0, 1), entry(2, 0, 1), entry(3, 0, 1)], [8, 8], FROM, lot);
    expect(offered.map((e) => e.id)).toEqual([1, 2]);
  });

  it('never offers more places than are free on any day, and offers in the order of the list (property)', () => {
    const arbitraryEntry = fc
      .record({
        first: fc.integer({ min: 0, max: 9 }),
        length: fc.integer({ min: 0, max: 4 }),
        joined: fc.nat(500),
      })
      .map(({ first, length, joined }) => ({ first, last: Math.min(9, first + length), joined }));
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 10, maxLength: 10 }),
        fc.array(arbitraryEntry, { maxLength: 25 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(null, '0.9', '0.75', '1'),
        (present, raw, spaces, fillRateThreshold) => {
          const capacity = { spaces, fillRateThreshold };
          const entries = raw.map((e, i) => entry(i + 1, e.first, e.last, e.joined));
          const offered = chooseOffers(entries, present, FROM, capacity);
          const load = [...present];
          for (const e of offered) {
            const first = Math.round((Date.parse(e.startDate) - Date.parse(FROM)) / 86_400_000);
            const last = Math.round((Date.parse(e.endDate) - Date.parse(FROM)) / 86_400_000);
            // Each offer fitted when it was made, counting the holds offered before it.
            for (let day = first; day <= last; day += 1) {
              expect(wouldExceed(load[day] ?? 0, spaces, fillRateThreshold)).toBe(false);
            }
            for (let day = first; day <= last; day += 1) load[day] = (load[day] ?? 0) + 1;
          }
          // Anyone passed over did not fit beside the holds of those before them in the list.
          const order = waitlistOrder(entries);
          const offeredIds = new Set(offered.map((e) => e.id));
          const replay = [...present];
          for (const e of order) {
            const first = Math.round((Date.parse(e.startDate) - Date.parse(FROM)) / 86_400_000);
            const last = Math.round((Date.parse(e.endDate) - Date.parse(FROM)) / 86_400_000);
            const fits = replay
              .slice(first, last + 1)
              .every((cars) => !wouldExceed(cars, spaces, fillRateThreshold));
            expect(offeredIds.has(e.id)).toBe(fits);
            if (fits) for (let day = first; day <= last; day += 1) replay[day] = (replay[day] ?? 0) + 1;
          }
          // The offers come in the list's order.
          const positions = offered.map((e) => order.indexOf(e));
          expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('when a hold lapses', () => {
  it('lasts WAITLIST_HOLD_MINUTES from the offer', () => {
    expect(holdExpiry(at(0), 30)).toEqual(at(30));
  });

  it('counts until its expiry, not at it nor after', () => {
    const expires = holdExpiry(at(0), 30);
    expect(holdIsLive(expires, at(29))).toBe(true);
    expect(holdIsLive(expires, at(30))).toBe(false);
    expect(holdIsLive(expires, at(31))).toBe(false);
    expect(holdIsLive(null, at(0))).toBe(false);
  });

  it('is live for exactly its minutes, whatever the offer time and length (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 1, max: 10_080 }),
        fc.nat(),
        (t, minutes, later) => {
          const offered = new Date(t);
          const expires = holdExpiry(offered, minutes);
          const within = new Date(t + (later % (minutes * 60_000)));
          expect(holdIsLive(expires, within)).toBe(true);
          expect(holdIsLive(expires, new Date(t + minutes * 60_000 + (later % 1_000_000)))).toBe(false);
        },
      ),
    );
  });
});

describe('joining', () => {
  it('takes an email and the dates, lower-cases the email, refuses a return before the departure', () => {
    expect(
      waitlistJoinSchema.parse({ email: ' A@Example.COM ', startDate: '2027-03-01', endDate: '2027-03-02' }),
    ).toEqual({
      email: 'a@example.com',
      startDate: '2027-03-01',
      endDate: '2027-03-02',
    });
    const refused = waitlistJoinSchema.safeParse({
      email: 'a@example.com',
      startDate: '2027-03-02',
      endDate: '2027-03-01',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(waitlistMessages.endBeforeStart);
    expect(
      waitlistJoinSchema.safeParse({ email: '', startDate: '2027-03-01', endDate: '2027-03-01' }).error
        ?.issues[0]?.message,
    ).toBe('Email address required');
  });
});

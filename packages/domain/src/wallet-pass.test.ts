import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRING_UP_STATES } from './bring-up';
import { walletDateTime, walletPassContent, type WalletPassInput } from './wallet-pass';

const TZ = 'Australia/Hobart';
const base: WalletPassInput = {
  bookingCode: 'ABCD2345',
  bookingStatus: 'complete',
  lotName: 'Indoor',
  dropOff: new Date('2026-12-04T19:30:00Z'),
  pickUp: new Date('2026-12-10T03:15:00Z'),
  shuttleOut: '06:45:00',
  shuttleBack: '14:15:00',
  rego: 'ABC123',
  custody: { status: 'awaiting', place: null, movedAt: null, recordUrl: null },
  bringUp: undefined,
  timeZone: TZ,
};
const parked = {
  status: 'parked' as const,
  place: 'Covered, row 4',
  movedAt: null,
  recordUrl: 'https://parking.example/manage-booking?link=x',
};
const value = (fields: Array<{ key: string; value: string }>, key: string) =>
  fields.find((field) => field.key === key)?.value;

describe('walletPassContent', () => {
  it('shows the stay, the car park, the shuttle and the rego with the booking code as the barcode', () => {
    const pass = walletPassContent(base);
    expect(pass).toMatchObject({ state: 'booked', voided: false, headline: 'Booked', barcode: 'ABCD2345' });
    expect(value(pass.secondary, 'dropOff')).toBe('Sat 5 Dec 2026, 6:30 am');
    expect(value(pass.secondary, 'pickUp')).toBe('Thu 10 Dec 2026, 2:15 pm');
    expect(value(pass.auxiliary, 'carPark')).toBe('Indoor');
    expect(value(pass.auxiliary, 'shuttle')).toBe('6:45 am');
    expect(value(pass.auxiliary, 'rego')).toBe('ABC123');
    expect(value(pass.back, 'custody')).toBeUndefined();
  });

  it('follows the car: checked in with its record, moved, brought up, ready at a bay, handed back', () => {
    const checkedIn = walletPassContent({ ...base, custody: parked });
    expect(checkedIn.headline).toBe('Checked in');
    expect(value(checkedIn.back, 'custody')).toBe(parked.recordUrl);
    expect(value(checkedIn.back, 'place')).toBe('Covered, row 4');
    expect(value(checkedIn.auxiliary, 'shuttle')).toBe('2:15 pm');
    const moved = walletPassContent({
      ...base,
      custody: { ...parked, place: 'Open, row 9', movedAt: new Date('2026-12-06T00:00:00Z') },
    });
    expect(moved.headline).toBe('Parked (moved)');
    expect(value(moved.back, 'place')).toBe('Open, row 9');
    expect(value(moved.back, 'moved')).toBe('Sun 6 Dec 2026, 11:00 am');
    const bringing = walletPassContent({
      ...base,
      custody: parked,
      bringUp: { state: 'bringing', bringingBy: 'Jack', bay: null },
    });
    expect(bringing).toMatchObject({ state: 'bringing', headline: 'Being brought up by Jack' });
    expect(value(bringing.primary, 'status')).toBe('Being brought up by Jack');
    const ready = walletPassContent({
      ...base,
      custody: parked,
      bringUp: { state: 'ready', bay: '3', bringingBy: 'Jack' },
    });
    expect(ready).toMatchObject({ state: 'ready', headline: 'Ready at bay 3', voided: false });
    const back = walletPassContent({ ...base, custody: { ...parked, status: 'handed_back' } });
    expect(back).toMatchObject({ state: 'handed_back', voided: true, headline: 'Handed back' });
    const cancelled = walletPassContent({ ...base, bookingStatus: 'cancelled' });
    expect(cancelled).toMatchObject({ state: 'cancelled', voided: true });
  });

  it('an open return and a booking without shuttle or rego say so', () => {
    const pass = walletPassContent({ ...base, pickUp: null, shuttleOut: null, shuttleBack: null, rego: '' });
    expect(value(pass.secondary, 'pickUp')).toBe('Open return');
    expect(value(pass.auxiliary, 'shuttle')).toBe('None booked');
    expect(value(pass.auxiliary, 'rego')).toBe('Not given');
  });

  const bringUps = fc.option(
    fc.record({
      state: fc.constantFrom(...BRING_UP_STATES),
      bay: fc.option(fc.string({ minLength: 1, maxLength: 3 }), { nil: null }),
      bringingBy: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }),
    }),
    { nil: undefined },
  );
  const inputs = fc.record({
    bookingStatus: fc.constantFrom('complete', 'pending', 'cancelled'),
    custody: fc.constantFrom('awaiting', 'parked', 'handed_back' as const),
    bringUp: bringUps,
    code: fc.stringMatching(/^[A-Z2-9]{8}$/),
    dropOff: fc.date({ min: new Date('2025-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
  });

  it('is voided exactly when the car is handed back or the booking cancelled; the barcode is the code', () => {
    fc.assert(
      fc.property(inputs, ({ bookingStatus, custody, bringUp, code, dropOff }) => {
        const pass = walletPassContent({
          ...base,
          bookingCode: code,
          bookingStatus,
          dropOff,
          custody: { ...parked, status: custody },
          bringUp,
        });
        const handedBack = custody === 'handed_back' || bringUp?.state === 'handed_back';
        expect(pass.voided).toBe(handedBack || bookingStatus === 'cancelled');
        expect(pass.barcode).toBe(code);
        expect(pass.primary[0]?.value).toBe(pass.headline);
        expect(pass.secondary.map((field) => field.key)).toEqual(['dropOff', 'pickUp']);
        expect(pass.auxiliary.map((field) => field.key)).toEqual(['carPark', 'shuttle', 'rego']);
        expect(walletDateTime(dropOff, TZ)).toMatch(/^\w{3} \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m$/);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  blockoutPeriodSchema,
  busTripSchema,
  discountSchema,
  exceptionalDaySchema,
  extraSchema,
  flightSchema,
  lotRegionSchema,
} from './catalogue';
import { discountDetails } from './discounts';

/** The first message per field: what a form shows beside it and what the API answers. */
const messagesOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
};

const discount = {
  name: 'Welcome',
  promoCode: ' welcome10 ',
  rate: '0.1',
  validFrom: '2026-11-01T00:00:00+11:00',
  validTo: '2027-12-31T23:59:00+11:00',
};

describe('settings rules (back-office §5)', () => {
  it('flights: required timetable, number and time; times stored as HH:mm:ss; departure by default', () => {
    expect(messagesOf(flightSchema.safeParse({}))).toEqual({
      flightNumber: 'This field is required.',
      time: 'This field is required.',
      service: 'This field is required.',
    });
    expect(flightSchema.parse({ flightNumber: 'QF1', time: '05:30', service: 'weekday' })).toMatchObject({
      time: '05:30:00',
      departure: true,
    });
    expect(
      messagesOf(flightSchema.safeParse({ flightNumber: 'QF1', time: '25:00', service: 'daily' })),
    ).toEqual({
      time: 'Enter a valid time (HH:mm).',
      service: 'Select a valid choice.',
    });
    expect(messagesOf(busTripSchema.safeParse({ service: '', departureTime: '' }))).toEqual({
      service: 'This field is required.',
      departureTime: 'This field is required.',
    });
  });

  it('extras: name and base price required, money with two places, visible and available by default', () => {
    expect(messagesOf(extraSchema.safeParse({ extraType: 'service' }))).toEqual({
      name: 'This field is required.',
      basePrice: 'This field is required.',
    });
    expect(
      messagesOf(extraSchema.safeParse({ name: 'Wash', extraType: 'service', basePrice: '12.345' })),
    ).toEqual({ basePrice: 'Enter a valid amount.' });
    expect(extraSchema.parse({ name: 'Wash', extraType: 'detailing', basePrice: 12.5 })).toEqual({
      name: 'Wash',
      description: '',
      extraType: 'detailing',
      basePrice: '12.50',
      available: true,
      public: true,
    });
  });

  it('regions: rows must be a number greater than 0', () => {
    expect(messagesOf(lotRegionSchema.safeParse({ name: 'A', rows: 0 }))).toEqual({
      rows: 'Must be a number greater than 0',
    });
  });

  it('exceptional days: a real calendar date', () => {
    expect(messagesOf(exceptionalDaySchema.safeParse({ name: 'Easter', date: '2027-02-30' }))).toEqual({
      date: 'Enter a valid date (YYYY-MM-DD).',
    });
    expect(exceptionalDaySchema.parse({ name: 'Easter', date: '2027-03-26' }).date).toBe('2027-03-26');
  });

  it('blockouts: the end after the start; datetimes need their offset', () => {
    const base = { name: 'Works', blockType: 'parking', startDatetime: '2026-12-01T10:00:00+11:00' };
    expect(
      messagesOf(blockoutPeriodSchema.safeParse({ ...base, endDatetime: '2026-12-01T10:00:00+11:00' })),
    ).toEqual({
      endDatetime: 'Date must be after the start date',
    });
    expect(
      messagesOf(blockoutPeriodSchema.safeParse({ ...base, endDatetime: '2026-12-02T10:00:00' })),
    ).toEqual({
      endDatetime: 'Enter a valid date and time (ISO 8601 with a time zone offset).',
    });
  });

  it('discounts: code upper-cased, rate a fraction 0-1, valid to not before valid from', () => {
    const parsed = discountSchema.parse(discount);
    expect(parsed).toMatchObject({
      promoCode: 'WELCOME10',
      rate: '0.1',
      dropOffStart: null,
      dropOffEnd: null,
      notes: '',
    });
    expect(messagesOf(discountSchema.safeParse({ ...discount, rate: '15' }))).toEqual({
      rate: 'Must be a number between 0 and 1',
    });
    expect(
      messagesOf(discountSchema.safeParse({ ...discount, validTo: '2026-10-01T00:00:00+10:00' })),
    ).toEqual({ validTo: 'Date must be after the start date' });
    expect(
      messagesOf(
        discountSchema.safeParse({
          ...discount,
          dropOffStart: '2026-12-10T00:00:00+11:00',
          dropOffEnd: '2026-12-09T00:00:00+11:00',
        }),
      ),
    ).toEqual({ dropOffEnd: 'Date must be after the start date' });
  });

  it('summarises a discount in the business time zone', () => {
    const parsed = discountSchema.parse(discount);
    expect(discountDetails(parsed, 'Australia/Hobart')).toBe(
      'WELCOME10 · 10% · valid 1/11/2026 – 31/12/2027',
    );
    const windowed = discountSchema.parse({
      ...discount,
      rate: 0.125,
      dropOffStart: '2026-12-01T00:00:00+11:00',
      dropOffEnd: '',
    });
    expect(discountDetails(windowed, 'Australia/Hobart')).toBe(
      'WELCOME10 · 12.5% · valid 1/11/2026 – 31/12/2027 · drop-off 1/12/2026 – …',
    );
  });
});

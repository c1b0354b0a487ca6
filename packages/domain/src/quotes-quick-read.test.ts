/**
 * readBookingQuote and readDatetime read the hot calls' usual documents without zod: wherever they answer, they
 * must answer exactly what the schema does, and leave every other value (each error) to the schema.
 */
import { describe, expect, it } from 'vitest';
import { readDatetime, requiredDatetime } from './fields';
import { bookingQuoteSchema, readBookingQuote } from './quotes';
import { seededRandom } from './seeded-random';

const DATETIMES: unknown[] = [
  '2026-12-01T06:00:00.000Z',
  '2026-12-01T06:00Z',
  '2026-12-01t06:00:00z',
  '2026-12-01T06:00:00+11:00',
  '2026-12-01T06:00:00+1100',
  '2026-12-01T06:00:00.123456789-05:30',
  '2026-12-03T07:30:00.000Z',
  '2027-01-15T18:30:00+10:00',
  ' 2026-12-02T06:00:00Z',
  '2026-12-02T06:00:00Z ',
  '2026-02-30T06:00:00Z',
  '2026-12-01T25:00:00Z',
  '2026-12-01T06:00:00+99:99',
  '2026-12-01T06:00:00',
  '2026-12-01',
  '2026-12-01T06:00:00.0000000000Z',
  '9999-12-31T23:59:59Z',
  '0001-01-01T00:00:00Z',
  `2026-12-01T06:00:00.000Z${' '.repeat(20)}`,
  'x'.repeat(50),
  '',
  '   ',
  null,
  undefined,
  1_780_000_000_000,
  true,
  {},
  [],
];
const RATES: unknown[] = [
  undefined,
  null,
  0,
  -0,
  1,
  0.15,
  0.33333,
  1.5,
  -0.1,
  '0',
  '0.15',
  '1.0',
  '1.00001',
  ' 0.2 ',
  '-0',
  '.5',
  'abc',
  '',
  true,
  [],
  {},
];
const AMOUNTS: unknown[] = [
  undefined,
  null,
  0,
  12.5,
  12.555,
  1e21,
  123_456_789,
  1_234_567_890,
  -1,
  '0.00',
  '0',
  '12.5',
  '12.555',
  ' 3 ',
  '',
  'abc',
  '1e3',
  true,
  {},
];
const FLAGS: unknown[] = [undefined, null, true, false, 'true', 0, 1, {}];
const PROMOS: unknown[] = [
  undefined,
  null,
  '',
  'abc',
  ' spring10 ',
  'x'.repeat(50),
  'x'.repeat(51),
  ` ${'x'.repeat(50)} `,
  5,
  true,
  {},
];

type Attributes = Record<string, unknown>;

/** The document the bench and the wizard send, and variations of one field at a time, of both dates, and at random. */
function documents(): Attributes[] {
  const base: Attributes = {
    startDatetime: '2026-12-01T06:00:00.000Z',
    endDatetime: '2026-12-03T07:30:00.000Z',
    extrasCost: '0.00',
    discountRate: '0',
    promoCode: '',
    calculateSubscriptionGaps: true,
  };
  const docs: Attributes[] = [base, {}, { startDatetime: base.startDatetime, endDatetime: base.endDatetime }];
  const fields: Array<[string, unknown[]]> = [
    ['startDatetime', DATETIMES],
    ['endDatetime', DATETIMES],
    ['discountRate', RATES],
    ['extrasCost', AMOUNTS],
    ['calculateSubscriptionGaps', FLAGS],
    ['promoCode', PROMOS],
  ];
  for (const [name, values] of fields) for (const value of values) docs.push({ ...base, [name]: value });
  for (const start of DATETIMES)
    for (const end of DATETIMES) docs.push({ ...base, startDatetime: start, endDatetime: end });
  const random = seededRandom(2611);
  // Each pool starts with the usual values: drawn more often, so that whole documents are often valid too.
  const pick = (values: unknown[]) => values[Math.floor(random() ** 2 * values.length)];
  for (let i = 0; i < 20_000; i += 1) {
    const doc: Attributes = { unknownField: 'ignored' };
    for (const [name, values] of fields) {
      const value = pick(values);
      if (value !== undefined) doc[name] = value;
    }
    docs.push(doc);
  }
  return docs;
}

describe('reading a booking quote without zod', () => {
  it('answers what bookingQuoteSchema answers, and leaves every document the schema refuses to it', () => {
    let quick = 0;
    let refused = 0;
    for (const doc of documents()) {
      const schema = bookingQuoteSchema.safeParse(doc);
      const read = readBookingQuote(doc);
      if (!schema.success) refused += 1;
      if (read === undefined) continue;
      quick += 1;
      expect(schema.success, JSON.stringify(doc)).toBe(true);
      if (!schema.success) continue;
      expect(read, JSON.stringify(doc)).toEqual(schema.data);
      expect(Object.keys(read)).toEqual(Object.keys(schema.data));
    }
    // Both kinds were tried, and the usual documents do take the quick reading.
    expect(quick).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(2_000);
  });

  it('reads the documents the wizard and the back office send', () => {
    const sent = {
      startDatetime: '2026-12-01T06:00:00+11:00',
      endDatetime: '2026-12-03T18:30:00+11:00',
      extrasCost: '35.50',
      discountRate: '0.15',
      promoCode: ' spring10 ',
      calculateSubscriptionGaps: true,
    };
    expect(readBookingQuote(sent)).toEqual({
      startDatetime: new Date('2026-11-30T19:00:00.000Z'),
      endDatetime: new Date('2026-12-03T07:30:00.000Z'),
      discountRate: '0.15',
      extrasCost: '35.50',
      calculateSubscriptionGaps: true,
      promoCode: 'SPRING10',
    });
    expect(readBookingQuote({ startDatetime: sent.startDatetime, endDatetime: sent.endDatetime })).toEqual({
      startDatetime: new Date('2026-11-30T19:00:00.000Z'),
      endDatetime: new Date('2026-12-03T07:30:00.000Z'),
      discountRate: '0',
      extrasCost: '0.00',
      calculateSubscriptionGaps: false,
      promoCode: '',
    });
  });

  it('leaves a stay that ends before it starts to the schema', () => {
    expect(
      readBookingQuote({ startDatetime: '2026-12-03T06:00:00Z', endDatetime: '2026-12-01T06:00:00Z' }),
    ).toBeUndefined();
    expect(
      readBookingQuote({ startDatetime: '2026-12-03T06:00:00Z', endDatetime: '2026-12-03T06:00:00Z' }),
    ).toBeUndefined();
  });
});

describe('reading a datetime without zod', () => {
  const schema = requiredDatetime();
  it.each(DATETIMES.map((value) => [JSON.stringify(value) ?? 'undefined', value]))(
    '%s: the schema’s Date, or left to the schema',
    (_name, value) => {
      const parsed = schema.safeParse(value);
      const read = readDatetime(value);
      if (read === undefined) {
        // Only what the schema refuses, or text its trim changes, is left to it.
        if (parsed.success) expect(typeof value === 'string' && value !== value.trim()).toBe(true);
        return;
      }
      expect(parsed.success).toBe(true);
      if (parsed.success) expect(read).toEqual(parsed.data);
    },
  );
});

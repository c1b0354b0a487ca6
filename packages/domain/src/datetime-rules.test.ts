import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { publicBookingSchema, staffBookingSchema } from './booking';
import { blockoutPeriodSchema, discountSchema } from './catalogue';
import { bookingQuoteSchema } from './quotes';

// A rule over two datetimes (a return after the departure, an end after the start) used to run on a datetime
// refused for its length, still a text, and threw a TypeError: a 500 for the API instead of the field's error.
const LONG = `2031-06-03T10:00:00+10:00${' '.repeat(30)}x`;
const LATER = '2031-06-07T10:00:00+10:00';
const TOO_LONG = 'Ensure this field has no more than 40 characters.';
const traveller = {
  title: 'Mr',
  firstName: 'Sam',
  lastName: 'Lee',
  phoneNumber: '0400 000 000',
  rego: 'ABC123',
  make: 'Mazda',
  model: 'CX-5',
  colour: 'Red',
  email: 'sam@example.com',
};

const cases: Array<[string, z.ZodType, Record<string, unknown>, string, string]> = [
  ['a booking from the wizard', publicBookingSchema, traveller, 'startDatetime', 'endDatetime'],
  ['a booking from the back office', staffBookingSchema, traveller, 'startDatetime', 'endDatetime'],
  ['a booking quote', bookingQuoteSchema, {}, 'startDatetime', 'endDatetime'],
  [
    'a blockout period',
    blockoutPeriodSchema,
    { name: 'Works', blockType: 'parking' },
    'startDatetime',
    'endDatetime',
  ],
  [
    'a promo code',
    discountSchema,
    { name: 'Winter', promoCode: 'WINTER', rate: '0.1' },
    'validFrom',
    'validTo',
  ],
];

describe('a datetime too long, beside a rule over two datetimes', () => {
  it.each(cases)(
    '%s answers the field’s length error, whichever of the two it is',
    (_name, schema, rest, start, end) => {
      for (const [first, second] of [
        [LONG, LATER],
        [LATER, LONG],
      ]) {
        const result = schema.safeParse({ ...rest, [start]: first, [end]: second });
        expect(result.success).toBe(false);
        const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
        expect(issues).toContainEqual([first === LONG ? start : end, TOO_LONG]);
      }
    },
  );
});

/** Settings payloads written by Admins (back-office §5). */
import { z } from 'zod';
import { BLOCK_TYPES, EXTRA_TYPES, LOT_TYPES, SERVICES } from './constants';
import {
  calendarDate,
  choice,
  optionalDatetime,
  optionalText,
  requiredDatetime,
  requiredText,
  timeOfDay,
} from './fields';
import { normalisePromoCode } from './discounts';
import { messages } from './messages';
import { fraction, moneyAmount, positiveInt, requiredMoney } from './numbers';

export const lotSchema = z.object({
  name: requiredText(100),
  slug: requiredText(50).pipe(
    z.string().regex(/^[a-z0-9-]+$/, { error: 'Use lower-case letters, digits and hyphens.' }),
  ),
  productCodename: requiredText(100),
  lotType: choice(LOT_TYPES),
  spaces: positiveInt(),
  fillRateThreshold: fraction()
    .nullish()
    .transform((value) => value ?? null),
  rate: moneyAmount().optional(),
  subscriptionParkingDiscount: fraction().optional(),
  /** Cars per 15-minute drop-off and pick-up slot (slots.ts); null is unlimited. */
  slotCapacity: positiveInt()
    .nullish()
    .transform((value) => value ?? null),
});
export type LotInput = z.infer<typeof lotSchema>;

const flag = () => z.boolean({ error: 'Must be a valid boolean.' });

export const lotRegionSchema = z.object({ name: requiredText(100), rows: positiveInt() });

export const airlineSchema = z.object({ name: requiredText(100) });

export const busTripSchema = z.object({ service: choice(SERVICES), departureTime: timeOfDay() });

/** Airline and bus trip are relationships; "timetable" is `service`. */
export const flightSchema = z.object({
  flightNumber: requiredText(20),
  flightLabel: optionalText(100),
  time: timeOfDay(),
  departure: flag().default(true),
  service: choice(SERVICES),
});

export const extraSchema = z.object({
  name: requiredText(100),
  description: optionalText(2000),
  extraType: choice(EXTRA_TYPES),
  basePrice: requiredMoney(),
  available: flag().default(true),
  public: flag().default(true),
});

export const extraVariationSchema = z.object({ price: requiredMoney() });

export const shortTermRateDaySchema = z.object({ days: positiveInt() });
export const shortTermRateSchema = z.object({ rate: requiredMoney() });

export const exceptionalDaySchema = z.object({ name: requiredText(100), date: calendarDate() });
export const exceptionalRateSchema = z.object({ surcharge: requiredMoney() });

type Instant = Date | null | undefined;

/**
 * The end of a range must come after its start (`orEqual`: not before it). Also run by the server
 * on a PATCH merged with the stored row, where the schema only sees the fields sent.
 */
export function endBeforeStart(start: Instant, end: Instant, orEqual = false): boolean {
  if (!start || !end) return false;
  return orEqual ? end.getTime() < start.getTime() : end.getTime() <= start.getTime();
}

export const blockoutPeriodFields = z.object({
  name: requiredText(100),
  message: optionalText(1000),
  startDatetime: requiredDatetime(),
  endDatetime: requiredDatetime(),
  blockType: choice(BLOCK_TYPES),
});
export const blockoutPeriodSchema = blockoutPeriodFields.refine(
  (value) => !endBeforeStart(value.startDatetime, value.endDatetime),
  {
    error: messages.dateAfterStart,
    path: ['endDatetime'],
  },
);
export type BlockoutPeriodInput = z.infer<typeof blockoutPeriodSchema>;

/** The API takes the stored fraction ("0.15"); the form shows percent (0-100) and divides by 100. */
export const discountFields = z.object({
  name: requiredText(100),
  notes: optionalText(2000),
  promoCode: requiredText(50).transform(normalisePromoCode),
  rate: fraction(),
  validFrom: requiredDatetime(),
  validTo: requiredDatetime(),
  dropOffStart: optionalDatetime(),
  dropOffEnd: optionalDatetime(),
});
export const discountSchema = discountFields
  .refine((value) => !endBeforeStart(value.validFrom, value.validTo, true), {
    error: messages.dateAfterStart,
    path: ['validTo'],
  })
  .refine((value) => !endBeforeStart(value.dropOffStart, value.dropOffEnd, true), {
    error: messages.dateAfterStart,
    path: ['dropOffEnd'],
  });
export type DiscountInput = z.infer<typeof discountSchema>;

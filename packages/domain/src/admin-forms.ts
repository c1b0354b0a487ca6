/**
 * The back office's form schemas (back-office §5): what each form holds, with the spec's messages, and
 * how its values become the API's attributes. The API validates those attributes again with the
 * resource schemas (catalogue.ts, booking.ts, ...), so a rule is never only in the browser.
 */
import { z } from 'zod';
import { endBeforeStart } from './catalogue';
import { instantOfBusinessLocal } from './dates';
import { normalisePromoCode } from './discounts';
import { localDatetime, optionalLocalDatetime, optionalText, requiredText } from './fields';
import { messages } from './messages';
import { percentAsFraction } from './numbers';

const instant = (local: string, timeZone: string) =>
  local ? instantOfBusinessLocal(local, timeZone).toISOString() : null;
const later = (start: string, end: string) =>
  !start || !end || !endBeforeStart(new Date(`${start}:00Z`), new Date(`${end}:00Z`), true);

/** Discounts (Promo Codes): Discount Rate as a percent 0-100, stored as a fraction; code upper-cased. */
export const discountFormSchema = z
  .object({
    name: requiredText(100),
    promoCode: requiredText(50).transform(normalisePromoCode),
    notes: optionalText(2000),
    rate: percentAsFraction(),
    validFrom: localDatetime(),
    validTo: localDatetime(),
    dropOffStart: optionalLocalDatetime(),
    dropOffEnd: optionalLocalDatetime(),
  })
  .refine((value) => later(value.validFrom, value.validTo), {
    error: messages.dateAfterStart,
    path: ['validTo'],
  })
  .refine((value) => later(value.dropOffStart, value.dropOffEnd), {
    error: messages.dateAfterStart,
    path: ['dropOffEnd'],
  });
export type DiscountFormValues = z.input<typeof discountFormSchema>;
export type DiscountFormOutput = z.output<typeof discountFormSchema>;

/** The discounts API's attributes for the form's output. */
export function discountAttributes(values: DiscountFormOutput, timeZone: string) {
  return {
    name: values.name,
    promoCode: values.promoCode,
    notes: values.notes,
    rate: values.rate,
    validFrom: instant(values.validFrom, timeZone),
    validTo: instant(values.validTo, timeZone),
    dropOffStart: instant(values.dropOffStart, timeZone),
    dropOffEnd: instant(values.dropOffEnd, timeZone),
  };
}

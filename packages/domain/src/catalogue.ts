/** Settings payloads written by Admins (back-office §5). */
import { z } from 'zod';
import { LOT_TYPES } from './constants';
import { choice, requiredText } from './fields';
import { fraction, moneyAmount, positiveInt } from './numbers';

export const lotSchema = z.object({
  name: requiredText(100),
  slug: requiredText(50).pipe(z.string().regex(/^[a-z0-9-]+$/, { error: 'Use lower-case letters, digits and hyphens.' })),
  productCodename: requiredText(100),
  lotType: choice(LOT_TYPES),
  spaces: positiveInt(),
  fillRateThreshold: fraction().nullish().transform((value) => value ?? null),
  rate: moneyAmount().optional(),
  subscriptionParkingDiscount: fraction().optional(),
});
export type LotInput = z.infer<typeof lotSchema>;

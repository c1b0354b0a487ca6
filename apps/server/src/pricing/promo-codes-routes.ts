/**
 * POST promo-codes/: the wizard's promo code check (public-site §7 "Promo check"). Answers the
 * discount's rate when the code is valid now for the booking's drop-off; throttled per IP so that
 * codes cannot be guessed.
 */
import type { PromoCodeAttributes } from '@parking/domain/api-contract/prices';
import { promoCheckSchema } from '@parking/domain/quotes';
import { action } from '../http/action';
import { fractionText, iso } from '@parking/domain/api-values';
import { applicablePromo, throttlePromoLookups } from '../bookings/booking-rules';

/** POST promo-codes/: the check itself. */
export const promoCodeActions = [
  action({
    method: 'POST',
    path: 'promo-codes/',
    type: 'promo-codes',
    input: promoCheckSchema,
    access: 'anyone',
    throttle: throttlePromoLookups,
    readOnly: true,
    async handle(ctx, { attributes }) {
      const discount = await applicablePromo(ctx, attributes.code, attributes.dropOffStart, 'code');
      return {
        data: {
          type: 'promo-codes',
          id: String(discount.id),
          attributes: {
            code: discount.promoCode,
            discountRate: fractionText(discount.rate),
            dropOffStart: iso(attributes.dropOffStart),
            dropOffEnd: iso(attributes.dropOffEnd),
          } satisfies PromoCodeAttributes,
        },
      };
    },
  }),
];

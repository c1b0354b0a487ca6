/**
 * POST promo-codes/: the wizard's promo code check (public-site §7 "Promo check"). Answers the
 * discount's rate when the code is valid now for the booking's drop-off; throttled per IP so that
 * codes cannot be guessed.
 */
import { eq } from 'drizzle-orm';
import { messages } from '@parking/domain/messages';
import { promoApplies } from '@parking/domain/promo';
import { promoCheckSchema, quoteMessages } from '@parking/domain/quotes';
import type { RequestContext } from '../context';
import { discounts } from '../db/schema/index';
import { action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { fractionText, iso } from '../resources/serialize';

export type DiscountRow = typeof discounts.$inferSelect;

/**
 * Every look-up of a code counts against the caller's IP, and a logged-in caller's account, wherever
 * it happens (this check, and a cost calculation with a promo code), so that neither can be used to
 * guess codes, from one network or from one account on many.
 */
export async function throttlePromoLookups(ctx: RequestContext): Promise<void> {
  const limits = ctx.services.config.rateLimits;
  await ctx.services.rateLimiter.consume(`promo:ip:${ctx.ip}`, limits.requestsPerIp, limits.windowMs, quoteMessages.tooManyPromoChecks);
  if (ctx.user) await ctx.services.rateLimiter.consume(`promo:user:${ctx.user.id}`, limits.requestsPerAccount, limits.windowMs, quoteMessages.tooManyPromoChecks);
}

/**
 * The discount a normalised code names when it may be used now for a drop-off at `dropOff`,
 * else a 400 on `field` that does not say whether the code exists.
 */
export async function applicablePromo(ctx: RequestContext, code: string, dropOff: Date | null, field: string): Promise<DiscountRow> {
  const [discount] = await ctx.db.select().from(discounts).where(eq(discounts.promoCode, code)).limit(1);
  if (!discount || !promoApplies(discount, ctx.now, dropOff)) throw errors.invalid(messages.promoInvalid, field, 'promo_invalid');
  return discount;
}

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
          },
        },
      };
    },
  }),
];

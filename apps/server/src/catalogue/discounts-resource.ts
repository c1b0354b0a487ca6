/**
 * Promo codes ("Discounts", back-office Promo Codes menu): Admins only, for every action. The rate
 * is the stored fraction ("0.15"); the form shows it as a percent.
 */
import type { DiscountAttributes } from '@parking/domain/api-contract/catalogue';
import { and, gte, lte, not, sql, type SQL } from 'drizzle-orm';
import { discountFields, discountSchema, endBeforeStart } from '@parking/domain/catalogue';
import { discountDetails } from '@parking/domain/discounts';
import { messages } from '@parking/domain/messages';
import { discounts } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import { parseValue } from '../jsonapi/query';
import type { ResourceDefinition } from '../jsonapi/resource';
import { mergedDate } from '../jsonapi/merged';
import { fractionText, iso } from '@parking/domain/api-values';

type DiscountRow = typeof discounts.$inferSelect;

// `and` of two conditions is never undefined; the fallback only satisfies its type.
const activeAt = (now: Date): SQL =>
  and(lte(discounts.validFrom, now), gte(discounts.validTo, now)) ?? sql`false`;

export const discountsResource: ResourceDefinition<DiscountRow> = {
  type: 'discounts',
  table: discounts,
  idColumn: discounts.id,
  notFound: 'Discount not found',
  attributes: (row, ctx) =>
    ({
      name: row.name,
      notes: row.notes,
      promoCode: row.promoCode,
      rate: fractionText(row.rate),
      validFrom: iso(row.validFrom),
      validTo: iso(row.validTo),
      dropOffStart: iso(row.dropOffStart),
      dropOffEnd: iso(row.dropOffEnd),
      active: row.validFrom <= ctx.now && ctx.now <= row.validTo,
      discountDetails: discountDetails(
        { ...row, rate: fractionText(row.rate) ?? '0' },
        ctx.services.config.timeZone,
      ),
      created: iso(row.created),
    }) satisfies DiscountAttributes,
  filters: {
    promoCode: {
      kind: 'column',
      column: discounts.promoCode,
      value: 'string',
      ops: ['eq', 'in', 'icontains'],
    },
    name: { kind: 'column', column: discounts.name, value: 'string', ops: ['eq', 'icontains'] },
    validFrom: { kind: 'column', column: discounts.validFrom, value: 'datetime', ops: ['gte', 'lte'] },
    validTo: { kind: 'column', column: discounts.validTo, value: 'datetime', ops: ['gte', 'lte'] },
    active: {
      kind: 'custom',
      apply: (value, ctx) =>
        parseValue('bool', value, 'filter[active]') ? activeAt(ctx.now) : not(activeAt(ctx.now)),
    },
  },
  sorts: {
    id: discounts.id,
    name: discounts.name,
    promoCode: discounts.promoCode,
    validFrom: discounts.validFrom,
    validTo: discounts.validTo,
    created: discounts.created,
  },
  defaultSort: '-created',
  // Sales choose a discount on the booking form; only Admins manage promo codes.
  access: { list: 'staff', read: 'staff', create: 'admin', update: 'admin', delete: 'admin' },
  write: {
    schema: discountSchema,
    updateSchema: discountFields.partial(),
    prepare(_ctx, values, existing) {
      if (
        endBeforeStart(
          mergedDate(values, existing, 'validFrom'),
          mergedDate(values, existing, 'validTo'),
          true,
        )
      ) {
        throw errors.invalid(messages.dateAfterStart, 'validTo');
      }
      if (
        endBeforeStart(
          mergedDate(values, existing, 'dropOffStart'),
          mergedDate(values, existing, 'dropOffEnd'),
          true,
        )
      ) {
        throw errors.invalid(messages.dateAfterStart, 'dropOffEnd');
      }
      return values;
    },
  },
  uniqueErrors: {
    discounts_promo_code_key: { field: 'promoCode', detail: 'A promo code with this code already exists.' },
  },
};

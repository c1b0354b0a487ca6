/**
 * POST booking-quotes/: the cost calculation of the wizard's summary and the back-office form, a booking priced
 * as its save would price it (stay limits, promo code, the customer's subscription, staff's discount).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { BookingQuoteAttributes } from '@parking/domain/api-contract/prices';
import { businessDate } from '@parking/domain/dates';
import { messages } from '@parking/domain/messages';
import { parseMoney } from '@parking/domain/money';
import { rateToParts } from '@parking/domain/pricing';
import { bookingQuoteSchema, quoteMessages, readBookingQuote } from '@parking/domain/quotes';
import { isStaff } from '../context';
import { lots } from '../db/schema/index';
import { action, type Action } from '../http/action';
import { fetchByIds } from '../jsonapi/engine';
import { errors } from '../jsonapi/errors';
import type { Registry } from '../jsonapi/registry';
import { fractionText, iso } from '@parking/domain/api-values';
import { applicablePromo, assertStayLimits, throttlePromoLookups } from '../bookings/booking-rules';
import { priceStay } from './price-stay';
import { WrittenAnswer } from './written-answer';

/** Where a written booking quote's id goes: each answer gets an id of its own. */
const QUOTE_ID = '@booking-quote-id@';

/** The longest document text an answer is kept under (the wizard's is about 350 characters). */
const MAX_KEPT_DOCUMENT = 2048;

/**
 * A booking-quotes document's key among the held answers: the body's text as it came (http/json-api-body.ts keeps
 * it beside the parsed document), so that a document answered before is found without writing it out again. None
 * for a body not sent as JSON:API, nor for a long one: unknown attributes are ignored, and padding must not make
 * the answers held a way to fill the memory.
 */
const bookingQuoteDocumentKey = (request: FastifyRequest) =>
  request.documentText === null || request.documentText.length > MAX_KEPT_DOCUMENT
    ? undefined
    : `POST booking-quotes/ ${request.documentText}`;

export function bookingQuoteActions(registry: Registry): Action[] {
  return [
    action({
      method: 'POST',
      path: 'booking-quotes/',
      type: 'booking-quotes',
      input: bookingQuoteSchema,
      quickInput: readBookingQuote,
      relationships: { lot: 'one', customer: 'one' },
      access: 'anyone',
      readOnly: true,
      // A visitor's document priced before from the data held now: the answer already written, with an id of
      // its own (only answers that depend on nothing but the document and the held data are kept under it).
      async heldAnswer(ctx, request) {
        if (ctx.user !== null) return undefined;
        const documentKey = bookingQuoteDocumentKey(request);
        if (documentKey === undefined) return undefined;
        const answers = await ctx.services.quoteCache?.answers(ctx.now);
        return answers?.get(documentKey)?.text.replace(QUOTE_ID, randomUUID());
      },
      async handle(ctx, { attributes: input, ids, document, request }) {
        const timeZone = ctx.services.config.timeZone;
        const staff = isStaff(ctx.user);
        const sent = document?.attributes ?? {};
        const rateGiven = sent.discountRate !== undefined && sent.discountRate !== null;
        if (!staff && rateToParts(input.discountRate) !== 0) {
          throw errors.invalid(quoteMessages.staffOnlyDiscount, 'discountRate', 'staff_only');
        }

        // The stay limits a booking's save applies (horizon, longest stay), before any day is priced.
        assertStayLimits(ctx, input.startDatetime, input.endDatetime);
        if (ids.lot == null) throw errors.invalid(messages.required, '/data/relationships/lot', 'required');
        const lotId = ids.lot;
        const startDate = businessDate(input.startDatetime, timeZone);
        const endDate = businessDate(input.endDatetime, timeZone);
        // The lot and its prices as the quotes hold them in memory when the stay is inside what is held.
        const held = await ctx.services.quoteCache?.lookup(ctx.now, startDate, endDate);
        const [lot] = held
          ? held.lots.filter((row) => row.id === lotId)
          : await ctx.db.select().from(lots).where(eq(lots.id, lotId)).limit(1);
        if (!lot) throw errors.doesNotExist(lotId, '/data/relationships/lot');
        // A visitor's summary without a promo code or a customer depends only on what was sent and the data
        // held: the same document sent again (heldAnswer) is the response written now (with an id of its own).
        const key =
          held && ctx.user === null && ids.customer == null && !input.promoCode
            ? bookingQuoteDocumentKey(request)
            : undefined;

        // Whose subscription applies: the named customer's (a customer may only name their own),
        // else the calling customer's own.
        const customerId = ids.customer ?? undefined;
        let customer: { id: number; userId: number | null } | null = null;
        if (customerId !== undefined) {
          const [row] = await fetchByIds(registry.get('customers'), ctx, [customerId]);
          if (!row) {
            throw errors.doesNotExist(customerId, '/data/relationships/customer');
          }
          customer = { id: customerId, userId: typeof row.userId === 'number' ? row.userId : null };
        } else if (ctx.user && !staff && ctx.user.customerId !== null) {
          customer = { id: ctx.user.customerId, userId: ctx.user.id };
        }

        // The rate a booking would get: staff may set it; a promo code sets it for everyone else.
        let discountRate = input.discountRate;
        if (input.promoCode && !(staff && rateGiven)) {
          await throttlePromoLookups(ctx);
          discountRate = (await applicablePromo(ctx, input.promoCode, input.startDatetime, 'promoCode')).rate;
        }

        const { money } = await priceStay(
          ctx.db,
          {
            lot,
            start: input.startDatetime,
            end: input.endDatetime,
            discountRate,
            extrasCents: parseMoney(input.extrasCost),
            userId: customer?.userId ?? null,
            calculateGaps: input.calculateSubscriptionGaps,
            held: held?.pricing,
          },
          { now: ctx.now, timeZone },
        );
        const body = {
          data: {
            type: 'booking-quotes',
            id: key === undefined ? randomUUID() : QUOTE_ID,
            attributes: {
              startDatetime: iso(input.startDatetime),
              endDatetime: iso(input.endDatetime),
              discountRate: fractionText(discountRate),
              calculateSubscriptionGaps: input.calculateSubscriptionGaps,
              promoCode: input.promoCode,
              ...money,
            } satisfies BookingQuoteAttributes,
            relationships: {
              lot: { data: { type: 'lots', id: String(lot.id) } },
              customer: { data: customer ? { type: 'customers', id: String(customer.id) } : null },
            },
          },
        };
        if (key === undefined || !held) return body;
        const answer = new WrittenAnswer(JSON.stringify(body));
        held.responses.set(key, answer);
        return answer.text.replace(QUOTE_ID, randomUUID());
      },
    }),
  ];
}

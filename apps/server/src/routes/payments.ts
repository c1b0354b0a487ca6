/**
 * Card payments: the provider's webhook, the browser's confirmation (verified with the provider),
 * the payment configuration the browser needs, and the local simulation's card endpoint.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '@parking/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { moneyAmount } from '@parking/domain/numbers';
import { isStaff, type Services } from '../context';
import { bookings } from '../db/schema/index';
import { openBookingPayment } from '../services/online-payment';
import { inTransaction } from '../http/context';
import { route } from '../http/route';
import { checkMediaType, readDocument } from '../jsonapi/document';
import { faultPoint } from '../faults';
import { errors, fromZod } from '../jsonapi/errors';
import { isLocalProvider } from '../payments/local/local-provider';
import { intentIdFromSecret, PaymentDeclinedError, WebhookSignatureError } from '../payments/provider';
import { goingAhead, refusedPaymentMessage, type RefusedPaymentReason } from '@parking/domain/ledger';
import { formatAud } from '@parking/domain/money';
import type { Executor } from '../db/client';
import { bookingLogs } from '../db/schema/index';
import { bookingLedger } from '../services/ledger';
import { afterPayment } from '../services/payment-outcomes';
import { applySucceededIntent, handleProviderEvent, refusedPaymentKey, type AppliedPayment } from '../services/payment-events';

const cardSchema = z.object({
  clientSecret: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
  number: z.string({ error: messages.required }).max(40),
  expiry: z.string({ error: messages.required }).max(10),
  cvc: z.string({ error: messages.required }).max(4),
});

const confirmationSchema = z.object({
  clientSecret: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
});

function attributes<T extends z.ZodType>(request: FastifyRequest, type: string, schema: T): z.output<T> {
  checkMediaType(request.headers['content-type']);
  const parsed = schema.safeParse(readDocument(request.body, type).attributes);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

export function registerPaymentRoutes(app: FastifyInstance, services: Services, prefix: string) {
  const provider = services.payments;
  const timeZone = services.config.timeZone;
  /** After the payment has committed: its email, or the refund of a payment the booking could not keep. */
  const settle = (payment: AppliedPayment) => afterPayment(services, payment);
  /** A payment refused (refunded at once) is the request's error, in the traveller's words. */
  const refusedError = (payment: AppliedPayment | null) =>
    payment?.kind === 'refused' ? errors.invalid(refusedPaymentMessage(payment.reason ?? 'cancelled', formatAud(payment.amountCents)), undefined, 'payment_refunded') : null;

  app.get(
    `${prefix}/payment-config/`,
    route(services, async () => ({
      data: { type: 'payment-config', id: provider.kind, attributes: { provider: provider.kind, publishableKey: provider.publishableKey } },
    })),
  );

  // The webhook needs the exact bytes Stripe signed, so this scope reads bodies as text.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(`${prefix}/stripe/webhook/`, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = provider.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw errors.badRequest('Invalid webhook signature.', 'invalid_signature');
        throw error;
      }
      // Fault tests stop inside the event's transaction, after its effect and before the commit.
      const outcome = await handleProviderEvent(services.database, provider, event, services.clock(), { timeZone, onPaid: settle, beforeCommit: () => faultPoint('webhook') });
      return reply.type('application/json').send({ received: true, outcome });
    });
  });

  /** The browser says a payment went through; the provider is asked whether it did. */
  app.post(
    `${prefix}/payment-confirmations/`,
    route(services, async (ctx, request, reply) => {
      const input = attributes(request, 'payment-confirmations', confirmationSchema);
      const intentId = intentIdFromSecret(input.clientSecret);
      if (!intentId) throw errors.invalid('This payment could not be found.', 'clientSecret', 'not_found');
      const intent = await provider.retrievePaymentIntent(intentId).catch(() => null);
      if (!intent || intent.clientSecret !== input.clientSecret) throw errors.invalid('This payment could not be found.', 'clientSecret', 'not_found');
      if (intent.status !== 'succeeded') {
        throw errors.invalid(intent.lastError ?? 'The payment has not been completed.', 'clientSecret', 'payment_incomplete');
      }
      const applied = await inTransaction(ctx, (tx) => applySucceededIntent(tx.db, intent, tx.now, 'browser', timeZone));
      // Only the caller that applied the payment emails: a webhook that came first has already.
      if (applied) await settle(applied);
      const refused = refusedError(applied ?? (await refusedEarlier(ctx.db, intent.id, intent.amountCents)));
      if (refused) throw refused;
      reply.status(201);
      return {
        data: {
          type: 'payment-confirmations',
          id: intent.id,
          attributes: { status: intent.status, amount: (intent.amountCents / 100).toFixed(2), bookingId: intent.bookingId ? String(intent.bookingId) : null },
        },
      };
    }),
  );

  /** Staff take a card payment for a saved booking (back office: Make Payment). */
  app.post(
    `${prefix}/payments/`,
    route(services, async (ctx, request, reply) => {
      if (!ctx.user) throw errors.unauthorized();
      if (!isStaff(ctx.user)) throw errors.forbidden();
      checkMediaType(request.headers['content-type']);
      const doc = readDocument(request.body, 'payments');
      const parsed = z.object({ amount: moneyAmount() }).safeParse(doc.attributes);
      if (!parsed.success) throw fromZod(parsed.error);
      const bookingRef = doc.relationships.booking;
      const bookingId = typeof bookingRef === 'string' && /^\d{1,10}$/.test(bookingRef) ? Number(bookingRef) : null;
      if (bookingId === null) throw errors.invalid(messages.required, '/data/relationships/booking', 'required');
      const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
      if (!booking) throw errors.invalid(`Invalid pk "${bookingId}" - object does not exist.`, '/data/relationships/booking', 'does_not_exist');
      if (!goingAhead(booking.status)) throw errors.invalid('This booking has been cancelled.', '/data/relationships/booking', 'cancelled');
      const { summary } = await bookingLedger(ctx.db, booking);
      if (summary.owedCents <= 0) throw errors.invalid('This booking has already been paid.', '/data/relationships/booking', 'already_paid');
      const cents = parseMoney(parsed.data.amount);
      const due = summary.owedCents;
      if (cents <= 0) throw errors.invalid('Number must be greater than 0', 'amount');
      if (cents > due) throw errors.invalid(`The amount due is ${formatMoney(due)}.`, 'amount', 'too_much');
      const clientSecret = await openBookingPayment(ctx, bookingId, cents);
      reply.status(201);
      return { data: { type: 'payments', id: intentIdFromSecret(clientSecret ?? '') ?? '', attributes: { amount: formatMoney(cents), clientSecret } } };
    }),
  );

  if (isLocalProvider(provider)) {
    const local = provider;
    /** The local card form: the simulated issuer decides, and the webhook's event is applied in-process. */
    app.post(
      `${prefix}/local-payments/`,
      route(services, async (ctx, request, reply) => {
        const input = attributes(request, 'local-payments', cardSchema);
        let result;
        try {
          result = await local.confirmPayment(input.clientSecret, input);
        } catch (error) {
          if (error instanceof PaymentDeclinedError) throw errors.invalid(error.message, 'number', error.code);
          throw error;
        }
        // Fault tests stop here: the provider has taken the money, our database does not know yet
        // (start-up reconciliation, services/payment-events.ts, then applies it).
        await faultPoint('payment-confirmation');
        let applied: AppliedPayment | null = null;
        await handleProviderEvent(services.database, provider, result.event, ctx.now, {
          timeZone,
          onPaid: async (payment) => {
            applied = payment;
            await settle(payment);
          },
        });
        if (result.intent.status !== 'succeeded') throw errors.invalid(result.intent.lastError ?? messages.unknownError, 'number', 'card_declined');
        const refused = refusedError(applied);
        if (refused) throw refused;
        reply.status(201);
        return { data: { type: 'local-payments', id: result.intent.id, attributes: { status: result.intent.status } } };
      }),
    );
  }
}

/** A payment the webhook applied first and refused: the browser's confirmation says so too. */
async function refusedEarlier(db: Executor, intentId: string, amountCents: number): Promise<AppliedPayment | null> {
  const [due] = await db
    .select({ bookingId: bookingLogs.bookingId, info: bookingLogs.info })
    .from(bookingLogs)
    .where(and(eq(bookingLogs.action, 'refund_due'), sql`${bookingLogs.info}->>'key' = ${refusedPaymentKey(intentId)}`))
    .limit(1);
  if (!due) return null;
  const reason = (due.info as { reason?: RefusedPaymentReason }).reason ?? 'cancelled';
  return { bookingId: due.bookingId, kind: 'refused', amountCents, intentId, reason };
}

/**
 * Card payments: the payment configuration the browser needs, the browser's confirmation (verified with
 * the provider), staff's Make Payment and the local simulation's card form as declared actions; and the
 * provider's webhook, the one endpoint outside them: it must read the exact bytes the provider signed.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PaymentAttributes, PaymentConfigAttributes } from '@parking/domain/api-contract/payments';
import { messages } from '@parking/domain/messages';
import { formatMoney } from '@parking/domain/money';
import { moneyAmount } from '@parking/domain/numbers';
import type { Services } from '../context';
import { faultPoint } from '../faults';
import { action, type Action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { isLocalProvider } from './provider/local-provider';
import { intentIdFromSecret, WebhookSignatureError, type PaymentProvider } from './provider/provider';
import { confirmCardPayment, openStaffPayment, payWithLocalCard } from './card-payments';
import { handleProviderEvent } from './payment-events';

const clientSecret = z.string({ error: messages.required }).min(1, { error: messages.required }).max(200);

const cardSchema = z.object({
  clientSecret,
  number: z.string({ error: messages.required }).max(40),
  expiry: z.string({ error: messages.required }).max(10),
  cvc: z.string({ error: messages.required }).max(4),
});

export function paymentActions(provider: PaymentProvider): Action[] {
  const actions = [
    action({
      method: 'GET',
      path: 'payment-config/',
      access: 'anyone',
      async handle() {
        return {
          data: {
            type: 'payment-config',
            id: provider.kind,
            attributes: {
              provider: provider.kind,
              publishableKey: provider.publishableKey,
            } satisfies PaymentConfigAttributes,
          },
        };
      },
    }),

    /** The browser says a payment went through; the provider is asked whether it did. */
    action({
      method: 'POST',
      path: 'payment-confirmations/',
      type: 'payment-confirmations',
      input: z.object({ clientSecret }),
      access: 'anyone',
      async handle(ctx, { attributes }) {
        const intent = await confirmCardPayment(ctx, attributes.clientSecret);
        return {
          data: {
            type: 'payment-confirmations',
            id: intent.id,
            attributes: {
              status: intent.status,
              amount: (intent.amountCents / 100).toFixed(2),
              bookingId: intent.bookingId ? String(intent.bookingId) : null,
            },
          },
        };
      },
    }),

    /** Staff take a card payment for a saved booking (back office: Make Payment). */
    action({
      method: 'POST',
      path: 'payments/',
      type: 'payments',
      input: z.object({ amount: moneyAmount() }),
      relationships: { booking: 'one' },
      access: 'staff',
      async handle(ctx, { attributes, ids }) {
        if (ids.booking == null)
          throw errors.invalid(messages.required, '/data/relationships/booking', 'required');
        const { cents, clientSecret: secret } = await openStaffPayment(ctx, ids.booking, attributes.amount);
        return {
          data: {
            type: 'payments',
            id: intentIdFromSecret(secret ?? '') ?? '',
            attributes: { amount: formatMoney(cents), clientSecret: secret } satisfies PaymentAttributes,
          },
        };
      },
    }),
  ];
  if (isLocalProvider(provider)) {
    actions.push(
      /** The local card form: the simulated issuer decides, and the webhook's event is applied in-process. */
      action({
        method: 'POST',
        path: 'local-payments/',
        type: 'local-payments',
        input: cardSchema,
        access: 'anyone',
        async handle(ctx, { attributes }) {
          const intent = await payWithLocalCard(ctx, attributes);
          return { data: { type: 'local-payments', id: intent.id, attributes: { status: intent.status } } };
        },
      }),
    );
  }
  return actions;
}

/** The provider's webhook: the exact bytes it signed are verified, then its event is read back and applied once. */
export function registerPaymentWebhook(app: FastifyInstance, services: Services, prefix: string) {
  const provider = services.payments;
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
        if (error instanceof WebhookSignatureError)
          throw errors.badRequest('Invalid webhook signature.', 'invalid_signature');
        throw error;
      }
      // Fault tests stop inside the event's transaction, after its effect and before the commit.
      const outcome = await handleProviderEvent(services.database, provider, event, services.clock(), {
        timeZone: services.config.timeZone,
        beforeCommit: () => faultPoint('webhook'),
      });
      return reply.type('application/json').send({ received: true, outcome });
    });
  });
}

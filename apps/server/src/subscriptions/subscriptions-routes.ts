/**
 * Subscribing (checkout sessions), managing (billing portal sessions), and the local provider's own
 * checkout and billing pages' calls. The provider's events then record the subscription.
 */
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  BillingSessionAttributes,
  CheckoutSessionAttributes,
  LocalBillingSessionAttributes,
  LocalCheckoutCompletionAttributes,
  LocalCheckoutSessionAttributes,
} from '@parking/domain/api-contract/accounts';
import { messages } from '@parking/domain/messages';
import { isStaff, type RequestContext } from '../context';
import { customers, prices, products, subscriptions, users } from '../db/schema/index';
import { action, type Action } from '../http/action';
import type { WriteDocument } from '../jsonapi/document';
import { errors } from '../jsonapi/errors';
import { isDatabaseId, isIdText } from '@parking/domain/api-values';
import { isLocalProvider } from '../payments/provider/local-provider';
import {
  PaymentDeclinedError,
  type PaymentProvider,
  type ProviderEvent,
} from '../payments/provider/provider';
import { handleProviderEvent } from '../payments/payment-events';

/**
 * A relationship's id, read from the document as these calls always have: anything but a numeric id
 * (missing, null, a list, a word) is "required" on its pointer, the user's before the price's.
 */
const relationshipId = (doc: WriteDocument | null, name: string): number => {
  const value = doc?.relationships[name];
  if (typeof value !== 'string' || !isIdText(value))
    throw errors.invalid(messages.required, `/data/relationships/${name}`, 'required');
  return Number(value);
};

/** A customer acts for themselves; staff may act for any user (the customer screen's Subscription tab). */
function assertSelfOrStaff(ctx: RequestContext, userId: number) {
  if (!ctx.user) throw errors.unauthorized();
  if (ctx.user.id !== userId && !isStaff(ctx.user))
    throw errors.doesNotExist(userId, '/data/relationships/user');
}

/**
 * Where the provider's page sends the browser back: a customer to their profile's tab; staff acting for
 * a customer to that customer's Subscription tab in the back office (back-office §2 "Customers").
 */
async function returnUrl(ctx: RequestContext, userId: number): Promise<string> {
  const base = ctx.services.config.publicUrl;
  if (ctx.user?.id === userId) return `${base}/profile?tab=subscribe`;
  const [customer] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.userId, userId))
    .limit(1);
  return customer ? `${base}/admin/customers/${customer.id}?tab=subscription` : `${base}/admin/customers`;
}

const cardSchema = z.object({
  number: z.string({ error: messages.required }).max(40),
  expiry: z.string({ error: messages.required }).max(10),
  cvc: z.string({ error: messages.required }).max(4),
});
const cancelSchema = z.object({ cancelAtPeriodEnd: z.boolean({ error: 'Must be a valid boolean.' }) });

/**
 * The document of a call that names a user (and a price): who is asking comes before what is asked (an
 * anonymous caller learns only that it must log in); relationships are read by the handler, in order.
 */
export function subscriptionActions(provider: PaymentProvider): Action[] {
  const actions: Action[] = [
    action({
      method: 'POST',
      path: 'checkout-sessions/',
      type: 'checkout-sessions',
      otherRelationships: 'ignore',
      access: 'authenticated',
      async handle(ctx, { document }) {
        const userId = relationshipId(document, 'user');
        const priceId = relationshipId(document, 'price');
        assertSelfOrStaff(ctx, userId);
        // An id past int4 names no row: answered as one that is not there, without asking the database.
        const [user] = isDatabaseId(userId)
          ? await ctx.db.select().from(users).where(eq(users.id, userId))
          : [];
        if (!user) throw errors.doesNotExist(userId, '/data/relationships/user');
        const [price] = isDatabaseId(priceId)
          ? await ctx.db
              .select({
                id: prices.id,
                providerPriceId: prices.providerPriceId,
                productId: prices.productId,
                active: prices.active,
              })
              .from(prices)
              .where(eq(prices.id, priceId))
          : [];
        if (!price || !price.active) throw errors.doesNotExist(priceId, '/data/relationships/price');
        const [current] = await ctx.db
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .innerJoin(prices, eq(prices.id, subscriptions.priceId))
          .where(
            and(
              eq(subscriptions.userId, userId),
              eq(prices.productId, price.productId),
              eq(subscriptions.valid, true),
              gt(subscriptions.endDatetime, ctx.now),
            ),
          );
        if (current)
          throw errors.invalid(
            'You already have this subscription.',
            '/data/relationships/price',
            'already_subscribed',
          );
        const providerPriceId =
          price.providerPriceId ?? (provider.kind === 'local' ? `local_price_${price.id}` : null);
        if (!providerPriceId)
          throw errors.invalid(
            'This subscription cannot be purchased online yet.',
            '/data/relationships/price',
            'not_configured',
          );
        const [previous] = await ctx.db
          .select({ customer: subscriptions.providerCustomerId })
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.providerCustomerId)))
          .orderBy(desc(subscriptions.created))
          .limit(1);
        const returnTo = await returnUrl(ctx, userId);
        const session = await provider.createCheckoutSession({
          providerPriceId,
          userId,
          email: user.email,
          providerCustomerId: previous?.customer ?? null,
          successUrl: returnTo,
          cancelUrl: returnTo,
        });
        return {
          data: {
            type: 'checkout-sessions',
            id: session.id,
            attributes: { sessionId: session.id, url: session.url } satisfies CheckoutSessionAttributes,
          },
        };
      },
    }),
    action({
      method: 'POST',
      path: 'billing-sessions/',
      type: 'billing-sessions',
      otherRelationships: 'ignore',
      access: 'authenticated',
      async handle(ctx, { document }) {
        const userId = relationshipId(document, 'user');
        assertSelfOrStaff(ctx, userId);
        const [latest] = isDatabaseId(userId)
          ? await ctx.db
              .select({ customer: subscriptions.providerCustomerId })
              .from(subscriptions)
              .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.providerCustomerId)))
              .orderBy(desc(subscriptions.endDatetime))
              .limit(1)
          : [];
        if (!latest?.customer)
          throw errors.invalid(
            'There is no subscription to manage.',
            '/data/relationships/user',
            'no_subscription',
          );
        const { url } = await provider.createBillingPortalSession({
          providerCustomerId: latest.customer,
          returnUrl: await returnUrl(ctx, userId),
        });
        return {
          data: {
            type: 'billing-sessions',
            id: String(userId),
            attributes: { url } satisfies BillingSessionAttributes,
          },
        };
      },
    }),
  ];
  if (!isLocalProvider(provider)) return actions;
  const local = provider;
  const apply = async (ctx: RequestContext, events: ProviderEvent[]) => {
    const { services } = ctx;
    for (const event of events)
      await handleProviderEvent(services.database, local, event, services.clock(), {
        timeZone: services.config.timeZone,
      });
  };
  const declined = (error: unknown): never => {
    if (error instanceof PaymentDeclinedError) throw errors.invalid(error.message, 'number', error.code);
    throw error;
  };

  // The local provider's own pages, reached by the session's id (the capability, text): anyone who holds it.
  actions.push(
    /** The local checkout page's data: what is being bought, for whom. */
    action({
      method: 'GET',
      path: 'local-checkout-sessions/:id/',
      pathId: 'text',
      access: 'anyone',
      async handle(ctx, { params }) {
        const session = await local.getCheckoutSession(params.id ?? '');
        if (!session) throw errors.notFound('Checkout session not found');
        const priceKey = String(session.price);
        const [price] = await ctx.db
          .select({
            amount: prices.amount,
            interval: prices.interval,
            intervalCount: prices.intervalCount,
            name: products.name,
            description: products.description,
          })
          .from(prices)
          .innerJoin(products, eq(products.id, prices.productId))
          .where(
            sql`${prices.providerPriceId} = ${priceKey} OR 'local_price_' || ${prices.id} = ${priceKey}`,
          );
        return {
          data: {
            type: 'local-checkout-sessions',
            id: String(session.id),
            attributes: {
              status: String(session.status),
              email: String(session.customer_email ?? ''),
              productName: price?.name ?? '',
              productDescription: price?.description ?? '',
              amount: price?.amount ?? '0.00',
              interval: price?.interval ?? 'month',
              intervalCount: price?.intervalCount ?? 3,
              successUrl: String(session.success_url),
              cancelUrl: String(session.cancel_url),
            } satisfies LocalCheckoutSessionAttributes,
          },
        };
      },
    }),
    // A POST reads its body before the session.
    action({
      method: 'POST',
      path: 'local-checkout-sessions/:id/complete/',
      pathId: 'text',
      type: 'local-checkout-sessions',
      input: cardSchema,
      otherRelationships: 'ignore',
      access: 'anyone',
      async handle(ctx, { attributes: card, params }) {
        const id = params.id ?? '';
        const session = await local.getCheckoutSession(id);
        if (!session) throw errors.notFound('Checkout session not found');
        await apply(ctx, await local.completeCheckout(id, card).catch(declined));
        return {
          data: {
            type: 'local-checkout-sessions',
            id,
            attributes: {
              status: 'complete',
              successUrl: String(session.success_url),
            } satisfies LocalCheckoutCompletionAttributes,
          },
        };
      },
    }),
    action({
      method: 'GET',
      path: 'local-billing-sessions/:id/',
      pathId: 'text',
      access: 'anyone',
      async handle(ctx, { params }) {
        const portal = await local.getPortalSession(params.id ?? '');
        if (!portal) throw errors.notFound('Billing session not found');
        const names = await ctx.db
          .select({
            id: prices.id,
            providerPriceId: prices.providerPriceId,
            name: products.name,
            amount: prices.amount,
          })
          .from(prices)
          .innerJoin(products, eq(products.id, prices.productId));
        const nameOf = (priceId: string) =>
          names.find((row) => row.providerPriceId === priceId || `local_price_${row.id}` === priceId);
        return {
          data: {
            type: 'local-billing-sessions',
            id: String(portal.session.id),
            attributes: {
              returnUrl: String(portal.session.return_url),
              subscriptions: portal.subscriptions.map((sub) => ({
                id: sub.id,
                productName: nameOf(sub.priceId)?.name ?? '',
                amount: nameOf(sub.priceId)?.amount ?? '0.00',
                status: sub.status,
                currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
                cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
              })),
            } satisfies LocalBillingSessionAttributes,
          },
        };
      },
    }),
    action({
      method: 'POST',
      path: 'local-billing-sessions/:id/subscriptions/:subscription/',
      pathId: 'text',
      type: 'local-billing-subscriptions',
      input: cancelSchema,
      otherRelationships: 'ignore',
      access: 'anyone',
      async handle(ctx, { attributes, params }) {
        const subscription = params.subscription ?? '';
        const events = await local
          .setCancelAtPeriodEnd(params.id ?? '', subscription, attributes.cancelAtPeriodEnd)
          .catch(declined);
        await apply(ctx, events);
        return {
          data: {
            type: 'local-billing-subscriptions',
            id: subscription,
            attributes: { cancelAtPeriodEnd: attributes.cancelAtPeriodEnd },
          },
        };
      },
    }),
  );
  return actions;
}

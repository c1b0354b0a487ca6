/**
 * The tax invoice of a subscription payment (issue 40, item 5): each payment of an unlimited-parking
 * subscription, the first and every renewal (the provider's `invoice.paid`), emails the subscriber a tax
 * invoice. Queued in the transaction that records the payment, once per provider event (its key), and built by
 * the job queue's worker like the booking emails: the subscription, its plan and price, the business as the site
 * shows it.
 */
import { eq } from 'drizzle-orm';
import { businessDate, formatDateShort } from '@parking/domain/dates';
import { formatAud, parseMoney } from '@parking/domain/money';
import { gstCents } from '@parking/domain/pricing';
import type { Config } from '../config/config';
import type { Executor } from '../db/client';
import { enqueue } from '../db/job-queue';
import { customers, prices, products, subscriptions, users } from '../db/schema/index';
import { invoiceTitle } from '../documents/business';
import { currentBusiness } from '../documents/business-contact';
import type { MailMessage } from '../mail/mailer';
import { message } from '../mail/templates';

/** What the job carries: the subscription (our id) and the period the payment is for. */
export interface SubscriptionInvoiceJob {
  subscriptionId: number;
  /** ISO instants of the period paid for, and of the payment. */
  periodStart: string;
  periodEnd: string;
  paidAt: string;
}

/**
 * Queues the invoice of a subscription payment in `db`'s transaction (after the subscription's row is written):
 * the provider's subscription id, the period it now runs, and the event's id as the job's key.
 */
export async function queueSubscriptionInvoice(
  db: Executor,
  paid: { providerSubscriptionId: string; periodStart: Date; periodEnd: Date },
  eventId: string,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({ id: subscriptions.id, email: users.email })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.providerSubscriptionId, paid.providerSubscriptionId));
  if (!row) return;
  await enqueue(
    db,
    {
      kind: 'subscription-invoice',
      subscriptionId: row.id,
      periodStart: paid.periodStart.toISOString(),
      periodEnd: paid.periodEnd.toISOString(),
      paidAt: now.toISOString(),
      to: row.email,
    },
    `subscription-invoice:${eventId}`,
  );
}

/** The invoice's number: the subscription and the first day of the period paid for ('S12-20261201'). */
const subscriptionInvoiceNumber = (subscriptionId: number, periodStartDate: string): string =>
  `S${subscriptionId}-${periodStartDate.replaceAll('-', '')}`;

/** The email of a subscription payment's tax invoice, or null when the subscription is gone. */
export async function subscriptionInvoiceMessage(
  deps: { db: Executor; config: Config },
  job: SubscriptionInvoiceJob,
): Promise<MailMessage | null> {
  const [row] = await deps.db
    .select({
      email: users.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      plan: products.name,
      amount: prices.amount,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(products, eq(products.id, prices.productId))
    .leftJoin(customers, eq(customers.userId, users.id))
    .where(eq(subscriptions.id, job.subscriptionId))
    .limit(1);
  if (!row) return null;
  const business = await currentBusiness(deps.db, deps.config);
  const timeZone = deps.config.timeZone;
  const day = (iso: string) => businessDate(new Date(iso), timeZone);
  const from = formatDateShort(day(job.periodStart));
  const to = formatDateShort(day(job.periodEnd));
  const cents = parseMoney(row.amount);
  const title = invoiceTitle(business);
  const number = subscriptionInvoiceNumber(job.subscriptionId, day(job.periodStart));
  const name = [row.firstName, row.lastName].filter((part) => part?.trim()).join(' ');
  return message(
    row.email,
    `${title} ${number}: your ${row.plan} subscription`,
    `${title} ${number}`,
    [
      `${row.firstName?.trim() ? `Hi ${row.firstName.trim()}, thank you` : 'Thank you'}: we have received your payment of ${formatAud(cents)} for your ${row.plan} subscription, ${from} to ${to}.`,
      `Issued by ${business.name}${business.abn ? `, ABN ${business.abn}` : ''}, ${business.address.join(', ')}, on ${formatDateShort(day(job.paidAt))}.`,
      `Billed to ${name ? `${name}, ` : ''}${row.email}.`,
      `${row.plan}, ${from} to ${to}: ${formatAud(cents)}.`,
      `Total paid: ${formatAud(cents)}, GST included ${formatAud(gstCents(cents))}.`,
      `Questions? Call us on ${business.phone} or reply to ${business.email}.`,
    ],
    { label: 'Manage my subscription', url: `${deps.config.publicUrl}/profile?tab=subscribe` },
  );
}

/**
 * Closing an account (issue 38, Australian Privacy Principles 11 and 13): the customer confirms with their
 * password, then, in one transaction: their personal details are de-identified on the user, the customer, their
 * vehicles and bookings (privacy/de-identify.ts), every session and emailed link of theirs ends, the custody
 * photos' rows are deleted, the closing is recorded (account_closures, audit_logs) and the confirmation email is
 * queued to the address they had. The photos' files go from the storage once that has committed.
 *
 * Refused in words: a staff account (an Admin removes staff access), an active parking subscription (it would go
 * on charging the card), and a booking still going ahead (paid or awaiting payment, pick-up still to come): the
 * customer cancels it or waits until they have their car back.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  bookingsGoingAhead,
  deIdentifiedEmail,
  privacyMessages,
  CLOSURE_KEPT_TEXT,
} from '@parking/domain/privacy';
import { verifyPassword } from '../accounts/crypto';
import type { RequestContext } from '../context';
import {
  accountClosures,
  auditLogs,
  bookings,
  customers,
  sessions,
  subscriptions,
  users,
  userTokens,
} from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { message } from '../mail/templates';
import { deIdentifyCustomer, removePhotoFiles, scrubAudit } from './de-identify';
import { queueMail } from '../mail/queue-mail';

const STAFF_ROLES: ReadonlySet<string> = new Set(['Admins', 'Sales', 'Employees']);

export interface ClosureResult {
  id: number;
  closedAt: Date;
  bookingsDeIdentified: number;
  vehiclesDeIdentified: number;
  photosDeleted: number;
  sessionsEnded: number;
}

function closedEmail(to: string, name: string, business: string) {
  return message(to, 'Your account is closed', `Your account is closed${name ? `, ${name}` : ''}`, [
    `As you asked, we have closed your ${business} account and removed the personal details that identify you.`,
    CLOSURE_KEPT_TEXT,
    'This is the last email we send to this address. If you did not ask for this, please contact us straight away.',
  ]);
}

/** Closes the signed-in user's account; `ctx` is the request's transaction. */
export async function closeAccount(ctx: RequestContext, password: string): Promise<ClosureResult> {
  const caller = ctx.user;
  if (!caller) throw DomainError.notAuthenticated();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, caller.id)).for('update');
  if (!user || !user.isActive) throw DomainError.notAuthenticated();
  if (user.roles.some((role) => STAFF_ROLES.has(role)))
    throw new DomainError('invalid', privacyMessages.staffAccount);
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new DomainError('invalid_password', privacyMessages.passwordWrong, { field: 'password' });

  const [active] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, user.id),
        eq(subscriptions.valid, true),
        isNull(subscriptions.canceledAt),
        gt(subscriptions.endDatetime, ctx.now),
      ),
    )
    .limit(1);
  if (active) throw new DomainError('invalid', privacyMessages.subscriptionActive);

  const [customer] = await ctx.db
    .select({ id: customers.id, firstName: customers.firstName, email: customers.email })
    .from(customers)
    .where(eq(customers.userId, user.id))
    .for('update');
  if (customer) {
    const theirs = await ctx.db
      .select({
        bookingCode: bookings.bookingCode,
        status: bookings.status,
        endDatetime: bookings.endDatetime,
      })
      .from(bookings)
      .where(eq(bookings.customerId, customer.id));
    const ahead = bookingsGoingAhead(theirs, ctx.now);
    if (ahead.length) throw new DomainError('invalid', privacyMessages.bookingsAhead(ahead));
  }

  const domain = ctx.services.config.emailDomain;
  const done = customer
    ? await deIdentifyCustomer(ctx.db, customer.id, user.email, domain)
    : { bookings: 0, vehicles: 0, photoKeys: [] };
  if (customer && customer.email.toLowerCase() !== user.email) {
    // A customer record's own address (if it differed from the login's) goes too.
    await deIdentifyCustomer(ctx.db, customer.id, customer.email, domain);
  }
  await ctx.db
    .update(users)
    .set({
      email: deIdentifiedEmail('user', user.id, domain),
      passwordHash: null,
      isActive: false,
      emailConfirmed: false,
    })
    .where(eq(users.id, user.id));
  await scrubAudit(ctx.db, 'users', [user.id]);
  const ended = await ctx.db
    .delete(sessions)
    .where(eq(sessions.userId, user.id))
    .returning({ id: sessions.id });
  await ctx.db.delete(userTokens).where(eq(userTokens.userId, user.id));

  const [closure] = await ctx.db
    .insert(accountClosures)
    .values({
      userId: user.id,
      customerId: customer?.id ?? null,
      closedAt: ctx.now,
      bookingsDeIdentified: done.bookings,
      vehiclesDeIdentified: done.vehicles,
      photosDeleted: done.photoKeys.length,
      sessionsEnded: ended.length,
    })
    .returning();
  if (!closure) throw new Error('The closing was not recorded');
  // Counts only: the audit trail must not keep what was just removed.
  await ctx.db.insert(auditLogs).values({
    userId: user.id,
    timestamp: ctx.now,
    resourceType: 'account-closures',
    resourceId: String(closure.id),
    action: 'close',
    changes: {
      bookingsDeIdentified: { from: null, to: done.bookings },
      vehiclesDeIdentified: { from: null, to: done.vehicles },
      photosDeleted: { from: null, to: done.photoKeys.length },
      sessionsEnded: { from: null, to: ended.length },
    },
  });
  await queueMail(
    ctx.db,
    closedEmail(user.email, customer?.firstName ?? '', ctx.services.config.business.name),
  );
  const storage = ctx.services.photos;
  const keys = done.photoKeys;
  if (keys.length) ctx.defer(async () => void (await removePhotoFiles(storage, keys)));
  return {
    id: closure.id,
    closedAt: closure.closedAt,
    bookingsDeIdentified: closure.bookingsDeIdentified,
    vehiclesDeIdentified: closure.vehiclesDeIdentified,
    photosDeleted: closure.photosDeleted,
    sessionsEnded: closure.sessionsEnded,
  };
}

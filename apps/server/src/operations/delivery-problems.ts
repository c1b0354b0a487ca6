/**
 * Delivery problems (back office, Admins): the side-effect jobs the queue gave up on after their last retry
 * (db/job-queue.ts), what each was and to whom, its last error; Retry runs it once more (steps already made are
 * not made again), Discard drops it. Both are audited.
 */
import type { RequestContext } from '../context';
import {
  discardFailedJob,
  failedJobs,
  retryFailedJob,
  type FailedJob,
  type SideEffectJob,
} from '../db/job-queue';
import { auditLogs } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';

/** What a job is, in a person's words (Delivery problems, the logs). */
export function describeJob(job: SideEffectJob): { what: string; to: string } {
  switch (job.kind) {
    case 'mail':
      return { what: `Email: ${job.mail.subject}`, to: job.mail.to };
    case 'booking-email':
      return {
        what: job.email === 'receipt' ? 'Email: payment receipt' : 'Email: booking confirmation',
        to: job.to,
      };
    case 'custody-email':
      return {
        what: job.event === 'parked' ? 'Email: car parked' : 'Email: car handed back',
        to: job.to,
      };
    case 'subscription-invoice':
      return { what: 'Email: subscription tax invoice', to: job.to };
    case 'flight-notice':
      return { what: `Email and text: flight ${job.state}`, to: job.to };
    case 'landed-text':
      return { what: 'Text: flight landed, "I have landed" link', to: job.to };
    case 'refund':
      return { what: `Refund to the card: booking ${job.bookingId}`, to: '' };
    case 'wallet-update':
      return { what: `Wallet pass update: booking ${job.bookingId}`, to: '' };
    case 'partner-availability':
      return { what: `Availability push to partner ${job.partnerId}`, to: '' };
    case 'payment-outcome':
      return {
        what:
          job.payment.kind === 'refused'
            ? 'Refund and email: payment that could not be kept'
            : 'Email: after a payment',
        to: job.to,
      };
  }
}

export function listDeliveryProblems(ctx: RequestContext): Promise<FailedJob[]> {
  return failedJobs(ctx.db);
}

/** Retry or Discard, in the request's transaction with its audit entry; 404 when it is no longer a problem. */
export async function settleDeliveryProblem(
  ctx: RequestContext,
  id: string,
  how: 'retry' | 'discard',
): Promise<void> {
  const [problem] = (await failedJobs(ctx.db, 1000)).filter((failed) => failed.id === id);
  const done = problem
    ? how === 'retry'
      ? await retryFailedJob(ctx.db, id)
      : await discardFailedJob(ctx.db, id)
    : false;
  if (!problem || !done) throw DomainError.notFound('This delivery problem has already been dealt with.');
  const { what, to } = describeJob(problem.job);
  await ctx.db.insert(auditLogs).values({
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    resourceType: 'delivery-problems',
    resourceId: id,
    action: how,
    changes: {
      what: { from: what, to: what },
      lastError: { from: problem.lastError, to: null },
      recipient: { from: to, to },
    },
  });
}

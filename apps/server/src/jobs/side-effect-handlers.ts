/**
 * What each side-effect job does (db/job-queue.ts lists them). Each step that reaches outside (an email, a text, a
 * refund) is made once under the job's key (`once`): a job that runs again after its worker died between the
 * send and the completion, or that Delivery problems retries, repeats only the steps that had not been made.
 * A step that fails throws: the job is retried with backoff.
 */
import { eq } from 'drizzle-orm';
import type { Services } from '../context';
import type { SideEffectJob } from '../db/job-queue';
import { bookings, jobEffects } from '../db/schema/index';
import { faultPoint } from '../faults';
import { bookingEmailMessage } from '../bookings/booking-confirmation';
import type { MailMessage } from '../mail/mailer';
import { refundBooking } from '../payments/booking-refunds';
import { custodyEmailMessage } from '../custody/custody-notices';
import { landedText } from '../custody/bring-up-text';
import { flightNoticeMessages } from '../flights/flight-notices';
import { paymentOutcomeMessage, refundRefusedPayment } from '../payments/payment-outcomes';
import { mailFromQueue } from '../mail/queue-mail';
import { pushAvailability } from '../partners/partner-push';
import { subscriptionInvoiceMessage } from '../subscriptions/subscription-invoice';
import { runWalletUpdate } from '../wallet/wallet-update';

export type JobServices = Pick<
  Services,
  'database' | 'config' | 'clock' | 'mailer' | 'sms' | 'payments' | 'photos' | 'wallet'
>;

/** Runs `step` unless it was made before under `key`; records it once made. */
async function once(services: JobServices, key: string, step: () => Promise<void>): Promise<void> {
  const db = services.database;
  const [done] = await db.select().from(jobEffects).where(eq(jobEffects.key, key));
  if (done) return;
  await step();
  await db.insert(jobEffects).values({ key }).onConflictDoNothing();
}

/** Sends the email `build` makes, once under `key`: built only when not sent yet (an invoice PDF is work). */
async function sendMail(
  services: JobServices,
  key: string,
  build: () => Promise<MailMessage | null>,
): Promise<void> {
  await once(services, `${key}:mail`, async () => {
    const message = await build();
    if (!message) return;
    // Fault tests stop here: the job is fetched, the email not yet sent.
    await faultPoint('job-send');
    await services.mailer.send(message);
  });
}

export async function runSideEffect(services: JobServices, job: SideEffectJob): Promise<void> {
  switch (job.kind) {
    case 'mail':
      return sendMail(services, job.key, () => Promise.resolve(mailFromQueue(job.mail)));
    case 'booking-email':
      return sendMail(services, job.key, async () => {
        const [booking] = await services.database
          .select()
          .from(bookings)
          .where(eq(bookings.id, job.bookingId));
        if (!booking) return null;
        return bookingEmailMessage(
          { db: services.database, config: services.config, now: services.clock() },
          booking,
          job.email,
          job.paymentCents,
        );
      });
    case 'subscription-invoice':
      return sendMail(services, job.key, () =>
        subscriptionInvoiceMessage({ db: services.database, config: services.config }, job),
      );
    case 'custody-email':
      return sendMail(services, job.key, () => custodyEmailMessage(services, job.bookingId, job.event));
    case 'flight-notice': {
      const notice = { bookingId: job.bookingId, state: job.state };
      await sendMail(services, job.key, async () => (await flightNoticeMessages(services, notice)).mail);
      const sms = services.sms;
      if (sms)
        await once(services, `${job.key}:sms`, async () => {
          const { text } = await flightNoticeMessages(services, notice);
          if (text) await sms.send(text);
        });
      return;
    }
    case 'landed-text': {
      const sms = services.sms;
      if (!sms) return;
      return once(services, `${job.key}:sms`, async () => {
        const text = await landedText(services, job.bookingId);
        if (text) await sms.send(text);
      });
    }
    case 'refund':
      // Idempotent by its key (booking-refunds.ts): nothing happens when the request made it already.
      await refundBooking(
        {
          database: services.database,
          provider: services.payments,
          now: services.clock(),
          userId: job.userId,
        },
        job.bookingId,
        job.cents,
        job.refundKey,
      );
      return;
    case 'wallet-update':
      return runWalletUpdate(services, job, (key, step) => once(services, key, step));
    case 'partner-availability':
      // Not once: a push sends the availability as it is when it runs, so sending it again does no harm.
      return pushAvailability(services, job);
    case 'payment-outcome':
      await once(services, `${job.key}:refund`, () => refundRefusedPayment(services, job.payment));
      return sendMail(services, job.key, () => paymentOutcomeMessage(services, job.payment));
  }
}

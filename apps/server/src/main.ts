/** Start-up: configuration, database (migrated, and seeded on an empty embedded one), HTTP server. */
import { sweepPartnerPushes } from './partners/partner-push';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { openChangeFeed } from './db/change-feed';
import { isEmbeddedDatabaseRefusal, openDatabase } from './db/client';
import { isEmpty, seedDemo } from './seed/demo';
import { createPaymentProvider } from './payments/provider/create-provider';
import { startPaymentSweep } from './payments/payment-sweep';
import { startFlightStatusPoll } from './flights/flight-status-poll';
import { startWaitlistSweep } from './waitlist/waitlist-sweep';
import { startRetentionSweep } from './privacy/retention-sweep';
import { every } from './jobs/every';
import { abandonStaleBookings, reconcilePayments } from './payments/payment-reconcile';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await handle.migrate();

  const embedded = handle.driver === 'pglite';
  const seed =
    config.seedDemo === 'always' || (config.seedDemo === 'auto' && embedded && config.env !== 'production');
  if (seed && (await isEmpty(handle.db))) {
    console.info('Empty database: adding the demo data…');
    const summary = await seedDemo(handle.db, {
      now: new Date(),
      timeZone: config.timeZone,
      emailDomain: config.emailDomain,
    });
    console.info('Demo data:', JSON.stringify(summary));
  }

  // A payment the provider took while this process was stopped (killed mid-request, webhook lost) is
  // applied before the first request: the provider's state is the truth.
  const payments = createPaymentProvider(config, handle.db, () => new Date());
  const reconciled = await reconcilePayments(handle.db, payments, new Date(), {
    timeZone: config.timeZone,
  }).catch((error: unknown) => {
    console.error('payment reconciliation failed', error);
    return null;
  });
  if (reconciled?.applied)
    console.info(
      `Payments reconciled with the provider: ${reconciled.applied} of ${reconciled.checked} open`,
    );

  // Quotes are served from memory, kept current by the database's change notifications.
  const changes = await openChangeFeed(handle, config.databaseListenUrl);
  const app = await buildApp({ config, database: handle.db, payments, changes, rawSql: handle.rawSql });
  await app.listen({ host: config.host, port: config.port });
  // Side effects queued by requests (here or on another instance) and left by an earlier run: sent from now on.
  await app.services.jobs.start();

  // Online bookings not paid within their hold (15 minutes) give their space back. One UPDATE, safe to run on
  // every instance at once.
  const abandonJob = every(60_000, 'abandon job', () => abandonStaleBookings(handle.db, new Date()));
  // And again every PAYMENT_RECONCILE_MINUTES while running: a lost webhook does not wait for a restart.
  const paymentSweep = startPaymentSweep(handle, payments, config.paymentReconcileMs, config.timeZone);
  // The arriving flights of the next 48 hours' pick-ups: a late one moves its bookings, free.
  const flightPoll = app.services.flightStatus
    ? startFlightStatusPoll(handle, app.services, app.services.flightStatus, config.flightStatusPollMs)
    : null;
  // Waitlist holds that lapse go to the next traveller waiting; places freed without a request are offered.
  const waitlistSweep = startWaitlistSweep(handle, config);
  // Partners' allotments released at their hour, and any change a lost notification left, pushed (issue 42).
  const partnerPushSweep = every(60_000, 'partner push sweep', () => sweepPartnerPushes(app.services));
  // Privacy retention (issue 38): once a day, guests and closed accounts past RETENTION_YEARS are de-identified
  // and custody photos past PHOTO_RETENTION_DAYS without damage deleted.
  const retentionSweep = startRetentionSweep(handle, config, app.services.photos);

  console.info(`\nAirport parking is running at ${config.publicUrl}`);
  console.info(`Database: ${embedded ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server'}`);
  if (embedded && config.env !== 'production') {
    console.info(
      'Demo logins (password demo-pass-1): admin@example.com, sales@example.com, customer@example.com',
    );
    console.info(`Captured emails: ${config.publicUrl}/backend/dev/mail/\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.info(`${signal} received: finishing requests in flight, then closing.`);
    const timer = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await abandonJob.stop();
    await app.close();
    await paymentSweep.stop();
    await flightPoll?.stop();
    await waitlistSweep.stop();
    await retentionSweep.stop();
    await partnerPushSweep.stop();
    await changes.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // The embedded data folder in use by another process, or damaged, or settings to fix (every one, a line
  // each): the lines say what to do, and a stack would only bury them.
  console.error(isEmbeddedDatabaseRefusal(error) || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

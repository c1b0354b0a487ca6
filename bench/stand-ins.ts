/**
 * What a production server needs from outside, stood in on this machine for the benchmarks: production
 * refuses to start on the local payment provider or without SMTP, so the benchmarked server talks to a
 * Stripe-compatible API (apps/server/src/test/fake-stripe.ts: the stripe-node SDK over HTTP, as in
 * production) and an SMTP server that accepts and drops every message. Both on 127.0.0.1.
 */
import { SMTPServer } from 'smtp-server';
import { startFakeStripe } from '../apps/server/src/test/fake-stripe';

/** The keys a production config needs; enough for an in-process app that never calls out. */
export const PRODUCTION_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_benchmark',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_benchmark',
  STRIPE_WEBHOOK_SECRET: 'whsec_benchmark',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  // One machine: the benchmark's instances share DATA_DIR's photo folder.
  PHOTO_STORAGE: 'filesystem',
  // No flight-status service is stood in: the poller is off, as production runs without one.
  FLIGHT_STATUS_PROVIDER: 'none',
} as const;

export interface StandIns {
  /** The environment a benchmarked production server is started with. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startStandIns(): Promise<StandIns> {
  const stripe = await startFakeStripe();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const smtpPort = address && typeof address !== 'string' ? address.port : 0;
  return {
    env: {
      ...PRODUCTION_KEYS,
      STRIPE_API_BASE: `http://127.0.0.1:${stripe.port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
    async close() {
      await stripe.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { createLocalProvider } from './local-provider';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';

export function createPaymentProvider(
  config: Config,
  database: Database,
  clock: () => Date,
): PaymentProvider {
  const payments = config.payments;
  if (payments.provider === 'stripe') return createStripeProvider(payments);
  if (config.env === 'production') throw new Error('The local payment provider cannot run in production');
  return createLocalProvider(database, {
    publicUrl: config.publicUrl,
    clock,
    webhookSecret: payments.webhookSecret,
  });
}

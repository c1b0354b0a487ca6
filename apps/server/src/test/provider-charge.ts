import { createLocalProvider } from '../payments/provider/local-provider';
import type { TestServer } from './server';

/**
 * The local provider takes the card (4242…) itself, as the traveller's browser does: our database hears of it
 * only through the provider's webhook or the browser's confirmation, which the test then sends or withholds.
 */
export async function chargeAtProvider(server: TestServer, clientSecret: string): Promise<void> {
  const provider = createLocalProvider(server.handle.db, {
    publicUrl: server.config.publicUrl,
    clock: server.clock.now,
    webhookSecret: server.config.payments.webhookSecret,
  });
  await provider.confirmPayment(clientSecret, { number: '4242424242424242', expiry: '12 / 30', cvc: '123' });
}

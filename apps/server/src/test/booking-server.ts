/**
 * A test file's server with the booking fixtures (booking-fixtures.ts), its clock put back after each
 * test, and what booking tests read back: a booking's row and the refunds the local provider made.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll } from 'vitest';
import { bookings, localProviderObjects } from '../db/schema/index';
import { bookingFixtures, type Fixtures } from './booking-fixtures';
import { Clock } from './server';
import { useTestServer } from './suite';

export const V1 = '/backend/api/v1';

export function useBookingServer() {
  const server = useTestServer();
  /** Filled in before the first test. */
  const f = {} as Fixtures;
  const START = new Clock().current;
  beforeAll(async () => {
    Object.assign(f, await bookingFixtures(server.handle.db));
  });
  afterEach(() => {
    server.clock.current = START;
  });

  const row = async (id: number) =>
    (await server.handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  /** The local provider's refunds of one payment intent. */
  const providerRefunds = async (intentId: string) =>
    (
      await server.handle.db
        .select()
        .from(localProviderObjects)
        .where(eq(localProviderObjects.kind, 'refund'))
    ).filter((object) => (object.data as { payment_intent?: string }).payment_intent === intentId);

  return { server, f, row, providerRefunds };
}

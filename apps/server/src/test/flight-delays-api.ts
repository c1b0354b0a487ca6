/**
 * The flight-aware return tests (routes/flight-delays*.test.ts): a server with the booking fixtures and
 * staff and customer logins, paid bookings returning on a flight, and the local provider's flights set
 * through the API. The clock is 21/11/2026 09:00.
 */
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { bookings } from '../db/schema/index';
import { bookingFixtures, type Fixtures } from './booking-fixtures';
import { insertBooking } from './booking-rows';
import { createUser, login } from './factories';
import { api, doc } from './server';
import { useTestServer } from './suite';

export const V1 = '/backend/api/v1';

export function useFlightDelayServer() {
  const server = useTestServer();
  const fixtures = { current: undefined as Fixtures | undefined };
  const tokens = {} as Record<'admin' | 'sales' | 'customer', string>;

  beforeAll(async () => {
    const db = server.handle.db;
    fixtures.current = await bookingFixtures(db);
    tokens.admin = await login(server.app, (await createUser(db, { roles: ['Admins'] })).user.email);
    tokens.sales = await login(server.app, (await createUser(db, { roles: ['Sales'] })).user.email);
    tokens.customer = await login(server.app, (await createUser(db, { roles: ['Customers'] })).user.email);
  });

  const f = (): Fixtures => {
    if (!fixtures.current) throw new Error('fixtures not made yet');
    return fixtures.current;
  };

  let n = 0;
  /** A paid booking of the outdoor lot returning on flight `flight` at `pickUp`. */
  async function returning(flight: string, pickUp: string, lotId = f().outdoor.id) {
    n += 1;
    return insertBooking(server.handle.db, {
      lotId,
      startDatetime: new Date('2026-11-21T12:00:00+11:00'),
      endDatetime: new Date(pickUp),
      flightNumberIn: flight,
      email: `flyer${n}@example.com`,
      phoneNumber: '0412 345 678',
      totalCost: '40.00',
      amountPaid: '40.00',
      paymentStatus: 'paid',
      paymentMethod: 'cash',
    });
  }

  const setFlight = (attributes: Record<string, unknown>, token = tokens.sales) =>
    api(server.app, 'POST', `${V1}/local-flight-statuses/`, {
      token,
      body: doc('local-flight-statuses', attributes),
    });

  const row = async (id: number) => {
    const [found] = await server.handle.db.select().from(bookings).where(eq(bookings.id, id));
    if (!found) throw new Error('booking gone');
    return found;
  };

  return { server, f, tokens, returning, setFlight, row };
}

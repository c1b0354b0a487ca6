/**
 * The privacy centre's tests (privacy/privacy-centre.test.ts, privacy/retention-sweep.test.ts): a server with a lot,
 * a vehicle type and a signed-in Admin; customers with a past booking, a custody record and a photo stored
 * through the photo storage.
 */
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { custodyEntries, custodyPhotos, customers } from '../db/schema/index';
import { insertBooking } from './booking-rows';
import { createLots, createUser, createVehicle, createVehicleType, login } from './factories';
import { useTestServer } from './suite';

export const V1 = '/backend/api/v1';
export const DAY = 86_400_000;
export const YEAR = 365 * DAY;
export const photoBytes = (label: string) => Buffer.from(`\xff\xd8\xff fake jpeg of ${label}`, 'latin1');

export function usePrivacyServer() {
  const server = useTestServer();
  const state = { lotId: 0, typeId: 0, adminToken: '' };

  beforeAll(async () => {
    const db = server.handle.db;
    const [lot] = await createLots(db);
    state.lotId = lot?.id ?? 0;
    state.typeId = (await createVehicleType(db)).id;
    const { user, customer } = await createUser(db, { roles: ['Admins'] });
    await db.update(customers).set({ staff: true }).where(eq(customers.id, customer.id));
    state.adminToken = await login(server.app, user.email);
  });

  /** A custody photo of the booking, its bytes in the storage. */
  async function addPhoto(bookingId: number, label: string) {
    const id = `${bookingId.toString(16).padStart(4, '0')}${label.length.toString(16)}`.padEnd(32, 'a');
    const storageKey = `b${bookingId}/${id}`;
    await server.app.services.photos.put(storageKey, photoBytes(label), 'image/jpeg');
    await server.handle.db.insert(custodyPhotos).values({
      id,
      bookingId,
      storageKey,
      contentType: 'image/jpeg',
      width: 10,
      height: 10,
      bytes: photoBytes(label).length,
    });
    return { id, storageKey };
  }

  /** A customer with a login, a saved vehicle, a past paid booking and a custody record with one photo. */
  async function customerWithHistory(name: string) {
    const db = server.handle.db;
    const { user, customer } = await createUser(db, { email: `${name}@example.com`, firstName: name });
    await db
      .update(customers)
      .set({ lastName: `${name}son` })
      .where(eq(customers.id, customer.id));
    const vehicle = await createVehicle(
      db,
      customer.id,
      state.typeId,
      `${name.slice(0, 3).toUpperCase()}123`,
    );
    const start = new Date(server.clock.now().getTime() - 20 * DAY);
    const booking = await insertBooking(db, {
      lotId: state.lotId,
      startDatetime: start,
      endDatetime: new Date(start.getTime() + 3 * DAY),
      customerId: customer.id,
      firstName: name,
      lastName: `${name}son`,
      email: user.email,
      rego: vehicle.rego,
      totalCost: '60.00',
      parkingCost: '60.00',
      amountPaid: '60.00',
      paymentStatus: 'paid',
      paymentMethod: 'cash',
    });
    await db.insert(custodyEntries).values([
      { bookingId: booking.id, kind: 'checked_in', at: start, fuelLevel: 'half', notes: `keys from ${name}` },
      { bookingId: booking.id, kind: 'handed_back', at: new Date(start.getTime() + 3 * DAY) },
    ]);
    const photo = await addPhoto(booking.id, name);
    return { user, customer, vehicle, booking, photo };
  }

  return { server, state, addPhoto, customerWithHistory };
}

/**
 * The pass follows the car: every change that alters a booking's pass (a custody check-in, a move, a hand-back, a
 * change to the booking, its bring-up card) queues a `wallet-update` job in the change's transaction
 * (queueWalletPassUpdate). The job bumps the pass's updated time (Apple's `passesUpdatedSince` and
 * `Last-Modified`), pushes to each Apple device that registered the pass (a device Apple says is gone is
 * forgotten), and patches the Google Wallet object.
 */
import { and, eq, sql } from 'drizzle-orm';
import { bookings, walletDevices, walletPasses } from '../db/schema/index';
import type { Services } from '../context';
import { googleObjectId, googleWalletObject } from './google-pass';
import { walletContent } from './wallet-pass-data';

type Once = (key: string, step: () => Promise<void>) => Promise<void>;

export async function runWalletUpdate(
  services: Pick<Services, 'database' | 'config' | 'clock' | 'wallet'>,
  job: { bookingId: number; key: string },
  once: Once,
): Promise<void> {
  const db = services.database;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, job.bookingId));
  const [pass] = await db.select().from(walletPasses).where(eq(walletPasses.bookingId, job.bookingId));
  if (!booking || !pass) return;
  // Later than the last update by at least a second: Last-Modified and If-Modified-Since count whole seconds.
  await once(`${job.key}:bump`, async () => {
    await db
      .update(walletPasses)
      .set({
        updated: sql`greatest(date_trunc('second', ${services.clock().toISOString()}::timestamptz), date_trunc('second', ${walletPasses.updated}) + interval '1 second')`,
      })
      .where(eq(walletPasses.bookingId, job.bookingId));
  });
  const { apple, google } = services.wallet;
  if (apple) {
    const devices = await db
      .select()
      .from(walletDevices)
      .where(eq(walletDevices.serialNumber, pass.serialNumber));
    for (const device of devices)
      await once(`${job.key}:apple:${device.deviceLibraryIdentifier}`, async () => {
        const outcome = await apple.push.push(device.pushToken, pass.serialNumber);
        if (outcome === 'gone')
          await db
            .delete(walletDevices)
            .where(
              and(
                eq(walletDevices.deviceLibraryIdentifier, device.deviceLibraryIdentifier),
                eq(walletDevices.serialNumber, pass.serialNumber),
              ),
            );
      });
  }
  if (google)
    await once(`${job.key}:google`, async () => {
      const content = await walletContent(db, services.config, booking);
      const object = googleWalletObject(google.issuerId, pass, content, services.config.business.name);
      await google.updates.patch(
        googleObjectId(google.issuerId, pass.serialNumber),
        object,
        pass.serialNumber,
      );
    });
}

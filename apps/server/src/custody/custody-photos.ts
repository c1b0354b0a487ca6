/**
 * A photo of a car in our care: checked and re-encoded (photos/process-photo.ts) outside any
 * transaction, stored under a random key, then recorded with its audit entry in one transaction; a
 * photo whose record could not be written is removed from the storage again.
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { MAX_PHOTOS_PER_BOOKING, photoMessages } from '@parking/domain/custody-photos';
import { custodyMessages } from '@parking/domain/custody';
import { inTransaction, type RequestContext } from '../context';
import type { BookingRow } from '../db/rows';
import { auditLogs, custodyPhotos } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { PhotoRefused, processPhoto } from '../photos/process-photo';
import type { CustodyPhotoRow } from './custody-record';

async function photoCount(ctx: RequestContext, bookingId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(custodyPhotos)
    .where(eq(custodyPhotos.bookingId, bookingId));
  return row?.n ?? 0;
}

export async function addCustodyPhoto(
  ctx: RequestContext,
  booking: BookingRow,
  body: Buffer,
): Promise<CustodyPhotoRow> {
  if (booking.status !== 'complete') throw new DomainError('invalid', custodyMessages.notComplete);
  if ((await photoCount(ctx, booking.id)) >= MAX_PHOTOS_PER_BOOKING)
    throw new DomainError('invalid', photoMessages.tooMany);
  let photo;
  try {
    photo = await processPhoto(body);
  } catch (error) {
    if (error instanceof PhotoRefused) throw new DomainError('invalid', error.message);
    throw error;
  }
  // 128 random bits: the photo's id is its only name, never derived from the booking.
  const id = randomBytes(16).toString('hex');
  const storageKey = `b${booking.id}/${id}`;
  await ctx.services.photos.put(storageKey, photo.bytes, photo.contentType);
  try {
    return await inTransaction(ctx, async (tx) => {
      if ((await photoCount(tx, booking.id)) >= MAX_PHOTOS_PER_BOOKING)
        throw new DomainError('invalid', photoMessages.tooMany);
      const [row] = await tx.db
        .insert(custodyPhotos)
        .values({
          id,
          bookingId: booking.id,
          storageKey,
          contentType: photo.contentType,
          width: photo.width,
          height: photo.height,
          bytes: photo.bytes.length,
          createdById: tx.user?.id ?? null,
          created: tx.now,
        })
        .returning();
      await tx.db.insert(auditLogs).values({
        userId: tx.user?.id ?? null,
        timestamp: tx.now,
        resourceType: 'bookings',
        resourceId: String(booking.id),
        action: 'custody_photo',
        changes: {
          photo: {
            from: null,
            to: { id, width: photo.width, height: photo.height, bytes: photo.bytes.length },
          },
        },
      });
      if (!row) throw new Error('The photo was not recorded');
      return row;
    });
  } catch (error) {
    await ctx.services.photos.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** A photo's row by its id (text from the path), or null. */
export async function findCustodyPhoto(ctx: RequestContext, id: string): Promise<CustodyPhotoRow | null> {
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const [row] = await ctx.db.select().from(custodyPhotos).where(eq(custodyPhotos.id, id));
  return row ?? null;
}

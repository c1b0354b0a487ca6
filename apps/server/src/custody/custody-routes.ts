/**
 * A car's custody record (issue 23); the contract is @parking/domain/api-contract/custody.ts.
 *
 *   GET  bookings/{id}/custody/              staff, the booking's customer, a manage-booking token
 *   POST bookings/{id}/custody/check-ins/    staff
 *   POST bookings/{id}/custody/moves/        staff
 *   POST bookings/{id}/custody/hand-backs/   staff
 *   POST bookings/{id}/custody/photos/       staff; the body is the photo (JPEG, PNG or WebP)
 *   GET  custody-photos/{photoId}/           whoever may read the record; anyone else 404
 */
import { eq } from 'drizzle-orm';
import { checkInInputSchema, handBackInputSchema, moveInputSchema } from '@parking/domain/custody';
import { PHOTO_TYPES } from '@parking/domain/custody-photos';
import { MANAGE_TOKEN_HEADER, readManageToken } from '../bookings/manage-tokens';
import { isStaff, type RequestContext } from '../context';
import { bookings } from '../db/schema/index';
import type { BookingRow } from '../db/rows';
import { action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { checkInCar, handBackCar, moveCar } from './custody';
import { addCustodyPhoto, findCustodyPhoto } from './custody-photos';
import { presentCustody } from './custody-record';
import { authorise } from '../bookings/manage-booking-routes';

/** Where a photo may be uploaded, for app.ts's body parser: nowhere else takes image bytes. */
export const CUSTODY_PHOTO_UPLOAD_PATH = /^\/backend\/api\/v1\/bookings\/\d+\/custody\/photos\/?(\?|$)/;
/** Media types a photo may be sent as (its real type is read from its bytes). */
export const PHOTO_UPLOAD_MEDIA_TYPES = [...PHOTO_TYPES, 'application/octet-stream'] as const;

/** Staff only, and the booking must exist (404 before the input is read). */
async function staffBooking(ctx: RequestContext, target: { id: number }): Promise<BookingRow> {
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, target.id));
  if (!booking) throw errors.notFound('Booking not found');
  return booking;
}

const answer = async (ctx: RequestContext, booking: BookingRow) => ({
  data: await presentCustody(ctx, booking),
});

/** Whether this caller may see the booking's record: staff, its customer, or a manage token for it. */
function mayRead(ctx: RequestContext, booking: BookingRow, tokenHeader: unknown): boolean {
  if (isStaff(ctx.user)) return true;
  if (
    ctx.user?.customerId !== null &&
    ctx.user?.customerId !== undefined &&
    booking.customerId === ctx.user.customerId
  )
    return true;
  return (
    typeof tokenHeader === 'string' &&
    readManageToken(ctx.services.config.sessionSecret, tokenHeader, ctx.now) === booking.id
  );
}

export const custodyActions = [
  action({
    method: 'GET',
    path: 'bookings/:id/custody/',
    access: 'anyone',
    readOnly: true,
    load: authorise,
    handle: (ctx, { loaded }) => answer(ctx, loaded),
  }),

  action({
    method: 'POST',
    path: 'bookings/:id/custody/check-ins/',
    type: 'custody-check-ins',
    input: checkInInputSchema,
    relationships: { lotRegion: 'one', parkedBy: 'one' },
    access: 'staff',
    load: staffBooking,
    transaction: true,
    status: 201,
    async handle(ctx, { loaded, attributes, ids }) {
      const booking = await checkInCar(ctx, loaded.id, attributes, {
        lotRegion: ids.lotRegion,
        staff: ids.parkedBy,
      });
      return answer(ctx, booking);
    },
  }),

  action({
    method: 'POST',
    path: 'bookings/:id/custody/moves/',
    type: 'custody-moves',
    input: moveInputSchema,
    relationships: { lotRegion: 'one', movedBy: 'one' },
    access: 'staff',
    load: staffBooking,
    transaction: true,
    async handle(ctx, { loaded, attributes, ids }) {
      const booking = await moveCar(ctx, loaded.id, attributes, {
        lotRegion: ids.lotRegion,
        staff: ids.movedBy,
      });
      return answer(ctx, booking);
    },
  }),

  action({
    method: 'POST',
    path: 'bookings/:id/custody/hand-backs/',
    type: 'custody-hand-backs',
    input: handBackInputSchema,
    relationships: { returnedBy: 'one' },
    access: 'staff',
    load: staffBooking,
    transaction: true,
    async handle(ctx, { loaded, attributes, ids }) {
      const booking = await handBackCar(ctx, loaded.id, attributes, { staff: ids.returnedBy });
      return answer(ctx, booking);
    },
  }),

  action({
    method: 'POST',
    path: 'bookings/:id/custody/photos/',
    upload: { mediaTypes: PHOTO_UPLOAD_MEDIA_TYPES },
    access: 'staff',
    load: staffBooking,
    async handle(ctx, { loaded, upload }) {
      if (!upload) throw errors.unsupportedMediaType('');
      await addCustodyPhoto(ctx, loaded, upload);
      return answer(ctx, loaded);
    },
  }),

  action({
    method: 'GET',
    path: 'custody-photos/:id/',
    pathId: 'text',
    access: 'anyone',
    readOnly: true,
    async handle(ctx, { params, request }, reply) {
      // Anyone who may not see it is told it does not exist: 404, whoever asks.
      const photo = await findCustodyPhoto(ctx, params.id ?? '');
      const [booking] = photo
        ? await ctx.db.select().from(bookings).where(eq(bookings.id, photo.bookingId))
        : [];
      if (!photo || !booking || !mayRead(ctx, booking, request.headers[MANAGE_TOKEN_HEADER]))
        throw errors.notFound('Photo not found');
      const bytes = await ctx.services.photos.get(photo.storageKey);
      if (!bytes) throw errors.notFound('Photo not found');
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(bytes);
    },
  }),
];

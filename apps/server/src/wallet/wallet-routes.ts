/**
 * Wallet passes (issue 41); the contract is @parking/domain/api-contract/wallet.ts.
 *
 *   GET bookings/{id}/wallet-links/          its customer, staff, or the payment's ?client_secret= (success page)
 *   GET manage-bookings/{id}/wallet-links/   like Manage my booking (a manage token)
 *   GET wallet-passes/{token}/apple/         the .pkpass; the signed token is the capability (404 otherwise)
 *   GET wallet-passes/{token}/google/        302 to Google's save page, the same way
 *   GET wallet-deliveries/                   Admins: what the local adapters pushed and updated
 */
import { and, desc, eq } from 'drizzle-orm';
import type { WalletDeliveryAttributes, WalletLinksAttributes } from '@parking/domain/api-contract/wallet';
import { isStaff, type RequestContext } from '../context';
import { bookings, payments, walletDeliveries, walletPasses } from '../db/schema/index';
import type { BookingRow } from '../db/rows';
import { action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { single } from '../jsonapi/query';
import { authorise } from '../bookings/manage-booking-routes';
import { currentBusiness } from '../documents/business-contact';
import { currentApplePass } from './apple-pass';
import { googleSaveUrl } from './google-wallet';
import { googleWalletClass, googleWalletObject } from './google-pass';
import { issueWalletPassToken, readWalletPassToken, walletTokenBookingId } from './wallet-links';
import { walletContent, walletPassRow } from './wallet-pass-data';

const API = '/backend/api/v1';
const NOT_FOUND = 'Booking not found';

/** The booking of a success page (the payment's secret) or of its customer or staff; 404 to anyone else. */
async function linkedBooking(ctx: RequestContext, target: { id: number; request: { query: unknown } }) {
  const secret = single(
    target.request.query as Record<string, string | string[] | undefined>,
    'client_secret',
  );
  if (secret) {
    const [row] = await ctx.db
      .select({ booking: bookings })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(and(eq(bookings.id, target.id), eq(payments.clientSecret, secret)))
      .limit(1);
    if (!row) throw errors.notFound(NOT_FOUND);
    return row.booking;
  }
  if (!ctx.user) throw errors.unauthorized();
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, target.id));
  const own = booking && ctx.user.customerId !== null && booking.customerId === ctx.user.customerId;
  if (!booking || !(isStaff(ctx.user) || own)) throw errors.notFound(NOT_FOUND);
  return booking;
}

/** The Google save link of a booking's pass: its class and object as they are now, signed. */
async function saveUrl(ctx: RequestContext, booking: BookingRow): Promise<string | null> {
  const google = ctx.services.wallet.google;
  if (!google) return null;
  const pass = await walletPassRow(ctx.db, booking.id, ctx.now);
  const business = await currentBusiness(ctx.db, ctx.services.config);
  const content = await walletContent(ctx.db, ctx.services.config, booking);
  return googleSaveUrl(
    google.serviceAccount,
    {
      genericClasses: [googleWalletClass(google.issuerId)],
      genericObjects: [googleWalletObject(google.issuerId, pass, content, business.name)],
    },
    new URL(ctx.services.config.publicUrl).origin,
    ctx.now,
  );
}

async function links(ctx: RequestContext, booking: BookingRow) {
  const token = issueWalletPassToken(ctx.services.config.sessionSecret, booking);
  const attributes: WalletLinksAttributes = {
    applePassUrl: ctx.services.wallet.apple ? `${API}/wallet-passes/${token}/apple/` : null,
    googleSaveUrl: await saveUrl(ctx, booking),
  };
  return { data: { type: 'wallet-links', id: String(booking.id), attributes } };
}

/** The booking a wallet link's token opens: forged, expired, for an old address or a cancelled booking: 404. */
async function tokenBooking(ctx: RequestContext, token: string): Promise<BookingRow> {
  const id = walletTokenBookingId(token);
  const [booking] = id === null ? [] : await ctx.db.select().from(bookings).where(eq(bookings.id, id));
  if (
    !booking ||
    readWalletPassToken(ctx.services.config.sessionSecret, token, ctx.now, booking.email) !== id
  )
    throw errors.notFound(NOT_FOUND);
  return booking;
}

export const walletActions = [
  action({
    method: 'GET',
    path: 'bookings/:id/wallet-links/',
    access: 'anyone',
    load: linkedBooking,
    handle: (ctx, { loaded }) => links(ctx, loaded),
  }),
  action({
    method: 'GET',
    path: 'manage-bookings/:id/wallet-links/',
    access: 'anyone',
    load: authorise,
    handle: (ctx, { loaded }) => links(ctx, loaded),
  }),
  action({
    method: 'GET',
    path: 'wallet-passes/:id/apple/',
    pathId: 'text',
    access: 'anyone',
    async handle(ctx, { params }, reply) {
      const booking = await tokenBooking(ctx, params.id ?? '');
      const apple = ctx.services.wallet.apple;
      if (!apple) throw errors.notFound(NOT_FOUND);
      const pass = await walletPassRow(ctx.db, booking.id, ctx.now);
      const body = await currentApplePass(ctx.db, ctx.services.config, apple, pass, booking);
      return reply
        .status(200)
        .type('application/vnd.apple.pkpass')
        .header('content-disposition', `attachment; filename="booking-${booking.bookingCode}.pkpass"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  }),
  action({
    method: 'GET',
    path: 'wallet-passes/:id/google/',
    pathId: 'text',
    access: 'anyone',
    async handle(ctx, { params }, reply) {
      const url = await saveUrl(ctx, await tokenBooking(ctx, params.id ?? ''));
      if (!url) throw errors.notFound(NOT_FOUND);
      return reply.status(302).header('cache-control', 'private, no-store').redirect(url);
    },
  }),
  action({
    method: 'GET',
    path: 'wallet-deliveries/',
    access: 'admin',
    readOnly: true,
    async handle(ctx) {
      const rows = await ctx.db
        .select({ delivery: walletDeliveries, bookingCode: bookings.bookingCode })
        .from(walletDeliveries)
        .leftJoin(walletPasses, eq(walletPasses.serialNumber, walletDeliveries.serialNumber))
        .leftJoin(bookings, eq(bookings.id, walletPasses.bookingId))
        .orderBy(desc(walletDeliveries.id))
        .limit(200);
      return {
        data: rows.map(({ delivery, bookingCode }) => ({
          type: 'wallet-deliveries',
          id: String(delivery.id),
          attributes: {
            kind: delivery.kind,
            target: delivery.target,
            serialNumber: delivery.serialNumber,
            bookingCode,
            created: delivery.created.toISOString(),
          } satisfies WalletDeliveryAttributes,
        })),
      };
    },
  }),
];

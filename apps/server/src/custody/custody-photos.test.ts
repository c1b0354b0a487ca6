/**
 * Custody photos through the API (issue 23): staff upload them; the type is read from the bytes, size
 * and pixels are capped, the picture is re-encoded without its metadata; it is served only to staff,
 * the booking's customer and a manage token's holder, by an id nobody can guess; anyone else gets 404.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoMessages, STORED_PHOTO_MAX_EDGE } from '@parking/domain/custody-photos';
import { auditLogs, bookings, custodyPhotos, customers } from '../db/schema/index';
import { createUser, login } from '../test/factories';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { filesystemPhotoStorage } from '../photos/filesystem';
import { api, firstError } from '../test/server';

const { server, paidGuestBooking, guestToken } = useManageBookingServer();
const tokens = {} as Record<'admin' | 'sales' | 'owner' | 'other', string>;
let ownerCustomerId = 0;

beforeAll(async () => {
  const db = server.handle.db;
  for (const [name, roles] of [
    ['admin', ['Admins']],
    ['sales', ['Sales']],
    ['owner', ['Customers']],
    ['other', ['Customers']],
  ] as const) {
    const { user, customer } = await createUser(db, { roles: [...roles] });
    if (name === 'owner') ownerCustomerId = customer.id;
    if (name === 'admin' || name === 'sales')
      await db.update(customers).set({ staff: true }).where(eq(customers.id, customer.id));
    tokens[name] = await login(server.app, user.email);
  }
});

/** A camera's photo: 3000 x 2000 JPEG carrying EXIF (as a phone's carries its GPS position). */
const cameraPhoto = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a6ea5' } })
    .withExif({ IFD0: { Copyright: 'where-it-was-taken', Artist: 'phone' } })
    .jpeg({ quality: 70 })
    .toBuffer();

const upload = (bookingId: number, body: Buffer, token: string | undefined, type = 'image/jpeg') =>
  server.app.inject({
    method: 'POST',
    url: `${V1}/bookings/${bookingId}/custody/photos/`,
    headers: { 'content-type': type, ...(token ? { authorization: `Token ${token}` } : {}) },
    payload: body,
  });

async function storedBytes(key: string): Promise<Buffer> {
  const photos = server.config.photos;
  if (photos.kind !== 'filesystem') throw new Error('the tests keep photos on the filesystem');
  const bytes = await filesystemPhotoStorage(photos.dir).get(key);
  if (!bytes) throw new Error(`no photo under ${key}`);
  return bytes;
}

async function ownedBooking() {
  const booking = await paidGuestBooking();
  await server.handle.db
    .update(bookings)
    .set({ customerId: ownerCustomerId })
    .where(eq(bookings.id, booking.id));
  return booking;
}

describe('uploading a photo', () => {
  it('is for staff only, and stores the picture re-encoded, shrunk, without its metadata', async () => {
    const booking = await ownedBooking();
    const photo = await cameraPhoto();
    expect((await upload(booking.id, photo, undefined)).statusCode).toBe(401);
    expect((await upload(booking.id, photo, tokens.owner)).statusCode).toBe(403);
    expect((await upload(booking.id, photo, tokens.other)).statusCode).toBe(403);
    const stored = await upload(booking.id, photo, tokens.sales);
    expect(stored.statusCode).toBe(201);
    const [row] = await server.handle.db
      .select()
      .from(custodyPhotos)
      .where(eq(custodyPhotos.bookingId, booking.id));
    expect(row).toMatchObject({ width: STORED_PHOTO_MAX_EDGE, height: 1365, contentType: 'image/jpeg' });
    expect(row?.id).toMatch(/^[0-9a-f]{32}$/);
    const bytes = await storedBytes(row?.storageKey ?? '');
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('where-it-was-taken'))).toBe(false);

    const audit = await server.handle.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'custody_photo'));
    expect(audit.some((entry) => entry.resourceId === String(booking.id))).toBe(true);
  });

  it('reads the type from the bytes and caps bytes and pixels, with a clear answer', async () => {
    const booking = await ownedBooking();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const disguised = await upload(booking.id, svg, tokens.sales, 'image/png');
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({ errors: [{ detail: photoMessages.notAnImage }] });
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooManyPixels = await upload(booking.id, huge, tokens.sales, 'image/png');
    expect(tooManyPixels.statusCode).toBe(400);
    expect(tooManyPixels.json()).toMatchObject({ errors: [{ detail: photoMessages.tooManyPixels }] });
    const truncated = (await cameraPhoto()).subarray(0, 2000);
    expect((await upload(booking.id, truncated, tokens.sales)).statusCode).toBe(400);
    expect((await upload(booking.id, await cameraPhoto(), tokens.sales, 'text/html')).statusCode).toBe(415);
    const tooBig = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(13 * 1024 * 1024)]);
    expect((await upload(booking.id, tooBig, tokens.sales)).statusCode).toBe(413);
    // Image bytes are read nowhere else.
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: `${V1}/bookings/`,
      headers: { 'content-type': 'image/jpeg', authorization: `Token ${tokens.sales}` },
      payload: await cameraPhoto(),
    });
    expect(elsewhere.statusCode).toBe(415);
    const rows = await server.handle.db
      .select()
      .from(custodyPhotos)
      .where(eq(custodyPhotos.bookingId, booking.id));
    expect(rows).toHaveLength(0);
  });
});

describe('reading a photo', () => {
  it('staff, the owner and a manage token see it; another customer and an anonymous visitor get 404', async () => {
    const booking = await ownedBooking();
    const stored = await upload(booking.id, await cameraPhoto(), tokens.admin);
    expect(stored.statusCode).toBe(201);
    const photos = (stored.json() as { data: { attributes: { photos: Array<{ path: string }> } } }).data
      .attributes.photos;
    expect(photos).toHaveLength(1);
    const url = `${V1}/${photos[0]?.path ?? ''}`;
    const get = (options: Parameters<typeof api>[3] = {}) => api(server.app, 'GET', url, options);

    for (const token of [tokens.admin, tokens.sales, tokens.owner]) {
      const seen = await get({ token });
      expect(seen.status).toBe(200);
      expect(seen.headers['content-type']).toBe('image/jpeg');
      expect(seen.headers['cache-control']).toBe('private, no-store');
    }
    const guest = await guestToken(booking.code, booking.email);
    expect((await get(asGuest(guest))).status).toBe(200);
    const other = await get({ token: tokens.other });
    expect(other.status).toBe(404);
    expect(firstError(other.body)?.detail).toBe('Photo not found');
    expect((await get()).status).toBe(404);
    // A token for another booking opens nothing here, and a made-up id is not found either.
    const another = await paidGuestBooking();
    expect((await get(asGuest(await guestToken(another.code, another.email)))).status).toBe(404);
    expect(
      (await api(server.app, 'GET', `${V1}/custody-photos/${'0'.repeat(32)}/`, { token: tokens.admin }))
        .status,
    ).toBe(404);
    expect(
      (await api(server.app, 'GET', `${V1}/custody-photos/..%2F..%2Fetc/`, { token: tokens.admin })).status,
    ).toBe(404);
  });
});

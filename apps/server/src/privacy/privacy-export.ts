/**
 * "Download my data" (issue 38, Australian Privacy Principle 12): the signed-in user's own personal data as a
 * zip: JSON files per subject (profile, bookings, vehicles, payments, custody records, subscriptions) and the
 * custody photos of their bookings, read through the photo storage interface. Only rows reached from the
 * caller's own user and customer are read: another customer's rows cannot appear.
 *
 * The rows are read first (a failure is still a JSON:API error); the zip is then streamed, a photo read from the
 * storage only when the download has taken what came before (Readable.from pulls the generator), so a large
 * record or a slow client never holds every photo in memory. Staff notes about the customer are not included.
 */
import { Readable } from 'node:stream';
import { asc, eq, inArray } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { RequestContext } from '../context';
import {
  bookingMovements,
  bookings,
  custodyEntries,
  custodyPhotos,
  customers,
  lots,
  prices,
  products,
  subscriptions,
  users,
  vehicles,
  vehicleTypes,
} from '../db/schema/index';
import { storedDamage } from '../custody/custody-record';

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
const extension = (contentType: string) =>
  contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg';

export interface PersonalDataExport {
  /** The JSON files by name (read from the database before the download starts). */
  files: Array<{ name: string; content: unknown }>;
  /** The photos to read from the storage while streaming, with their names in the zip. */
  photos: Array<{ name: string; storageKey: string }>;
}

/** Everything the export holds for `userId`, read now. */
export async function collectPersonalData(ctx: RequestContext, userId: number): Promise<PersonalDataExport> {
  const db = ctx.db;
  const [user] = await db
    .select({
      email: users.email,
      roles: users.roles,
      emailConfirmed: users.emailConfirmed,
      lastLogin: users.lastLogin,
      created: users.created,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [customer] = await db
    .select({
      id: customers.id,
      email: customers.email,
      title: customers.title,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phoneNumber: customers.phoneNumber,
      business: customers.business,
      created: customers.created,
    })
    .from(customers)
    .where(eq(customers.userId, userId));
  const customerId = customer?.id ?? null;
  const bookingRows =
    customerId === null
      ? []
      : await db
          .select({
            id: bookings.id,
            bookingCode: bookings.bookingCode,
            status: bookings.status,
            lot: lots.name,
            startDatetime: bookings.startDatetime,
            endDatetime: bookings.endDatetime,
            flightNumberOut: bookings.flightNumberOut,
            flightNumberIn: bookings.flightNumberIn,
            passengersOut: bookings.passengersOut,
            passengersIn: bookings.passengersIn,
            title: bookings.title,
            firstName: bookings.firstName,
            lastName: bookings.lastName,
            phoneNumber: bookings.phoneNumber,
            email: bookings.email,
            business: bookings.business,
            rego: bookings.rego,
            make: bookings.make,
            model: bookings.model,
            colour: bookings.colour,
            parkingCost: bookings.parkingCost,
            extrasCost: bookings.extrasCost,
            promoCode: bookings.promoCode,
            amountDiscounted: bookings.amountDiscounted,
            subscriptionDiscount: bookings.subscriptionDiscount,
            totalCost: bookings.totalCost,
            amountPaid: bookings.amountPaid,
            paymentStatus: bookings.paymentStatus,
            paymentMethod: bookings.paymentMethod,
            paymentDatetime: bookings.paymentDatetime,
            publicNotes: bookings.publicNotes,
            created: bookings.created,
          })
          .from(bookings)
          .innerJoin(lots, eq(lots.id, bookings.lotId))
          .where(eq(bookings.customerId, customerId))
          .orderBy(asc(bookings.startDatetime), asc(bookings.id));
  const bookingIds = bookingRows.map((row) => row.id);
  const codeOf = new Map(bookingRows.map((row) => [row.id, row.bookingCode]));
  const vehicleRows =
    customerId === null
      ? []
      : await db
          .select({
            rego: vehicles.rego,
            make: vehicles.make,
            model: vehicles.model,
            colour: vehicles.colour,
            vehicleType: vehicleTypes.name,
            deleted: vehicles.deleted,
            created: vehicles.created,
          })
          .from(vehicles)
          .innerJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
          .where(eq(vehicles.ownerId, customerId))
          .orderBy(asc(vehicles.id));
  const movements = bookingIds.length
    ? await db
        .select({
          bookingId: bookingMovements.bookingId,
          kind: bookingMovements.kind,
          method: bookingMovements.method,
          amount: bookingMovements.amount,
          at: bookingMovements.at,
        })
        .from(bookingMovements)
        .where(inArray(bookingMovements.bookingId, bookingIds))
        .orderBy(asc(bookingMovements.at), asc(bookingMovements.id))
    : [];
  const entries = bookingIds.length
    ? await db
        .select({
          bookingId: custodyEntries.bookingId,
          kind: custodyEntries.kind,
          at: custodyEntries.at,
          fuelLevel: custodyEntries.fuelLevel,
          damage: custodyEntries.damage,
          kilometers: custodyEntries.kilometers,
        })
        .from(custodyEntries)
        .where(inArray(custodyEntries.bookingId, bookingIds))
        .orderBy(asc(custodyEntries.id))
    : [];
  const photoRows = bookingIds.length
    ? await db
        .select()
        .from(custodyPhotos)
        .where(inArray(custodyPhotos.bookingId, bookingIds))
        .orderBy(asc(custodyPhotos.created), asc(custodyPhotos.id))
    : [];
  const subscriptionRows = await db
    .select({
      product: products.name,
      amount: prices.amount,
      endDatetime: subscriptions.endDatetime,
      canceledAt: subscriptions.canceledAt,
      valid: subscriptions.valid,
      created: subscriptions.created,
    })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(products, eq(products.id, prices.productId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.id));

  const photos = photoRows.map((photo) => ({
    bookingId: photo.bookingId,
    name: `photos/${codeOf.get(photo.bookingId) ?? photo.bookingId}/${photo.id}.${extension(photo.contentType)}`,
    storageKey: photo.storageKey,
    taken: photo.created,
  }));
  const withoutId = <T extends { bookingId: number }>(row: T) => {
    const { bookingId, ...rest } = row;
    return { booking: codeOf.get(bookingId) ?? '', ...rest };
  };
  return {
    files: [
      {
        name: 'README.txt',
        content: [
          `Your personal data held by ${ctx.services.config.business.name}, as of ${ctx.now.toISOString()}.`,
          'profile.json: your login and contact details; bookings.json: your bookings as booked;',
          'vehicles.json: your saved vehicles; payments.json: the payments and refunds of your bookings;',
          'custody-records.json: what staff recorded while your car was in our care, with its photos in photos/;',
          'subscriptions.json: your parking subscriptions.',
        ].join('\n'),
      },
      {
        name: 'profile.json',
        content: { user: user ?? null, customer: customer ? { ...customer, id: undefined } : null },
      },
      { name: 'bookings.json', content: bookingRows.map(({ id: _id, ...row }) => row) },
      { name: 'vehicles.json', content: vehicleRows },
      { name: 'payments.json', content: movements.map(withoutId) },
      {
        name: 'custody-records.json',
        content: bookingRows
          .map((booking) => ({
            booking: booking.bookingCode,
            entries: entries
              .filter((entry) => entry.bookingId === booking.id)
              .map(({ bookingId: _b, damage, ...entry }) => ({ ...entry, damage: storedDamage(damage) })),
            photos: photos
              .filter((photo) => photo.bookingId === booking.id)
              .map((photo) => ({ file: photo.name, taken: photo.taken })),
          }))
          .filter((record) => record.entries.length || record.photos.length),
      },
      { name: 'subscriptions.json', content: subscriptionRows },
    ],
    photos: photos.map(({ name, storageKey }) => ({ name, storageKey })),
  };
}

/**
 * The zip, as a stream: the JSON files compressed, each photo stored as it is (already compressed), read from
 * the storage only when the stream wants more. A photo gone from the storage is left out (named in missing.txt).
 */
export function zipPersonalData(ctx: RequestContext, data: PersonalDataExport): Readable {
  const mtime = ctx.now;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else ready.push(chunk);
    });
    const add = (file: ZipDeflate | ZipPassThrough, bytes: Uint8Array) => {
      file.mtime = mtime;
      zip.add(file);
      file.push(bytes, true);
    };
    const take = function* () {
      if (failure) throw failure;
      yield* ready.splice(0);
    };
    for (const file of data.files) {
      const entry = new ZipDeflate(file.name, { level: 6 });
      const bytes =
        typeof file.content === 'string' ? new TextEncoder().encode(file.content) : json(file.content);
      add(entry, bytes);
      yield* take();
    }
    const missing: string[] = [];
    for (const photo of data.photos) {
      const bytes = await ctx.services.photos.get(photo.storageKey);
      if (!bytes) {
        missing.push(photo.name);
        continue;
      }
      add(new ZipPassThrough(photo.name), bytes);
      yield* take();
    }
    if (missing.length)
      add(
        new ZipDeflate('missing.txt', { level: 6 }),
        new TextEncoder().encode(`These photos could no longer be read:\n${missing.join('\n')}\n`),
      );
    zip.end();
    yield* take();
  }
  return Readable.from(chunks(), { objectMode: false });
}

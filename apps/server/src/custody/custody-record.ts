/**
 * Reading a car's custody record: its entries (oldest first) with the rules' summary, its photos, and
 * the record as the API answers it (staff see the key tag and notes; a customer sees staff by first name).
 */
import { asc, eq } from 'drizzle-orm';
import type { CustodyRecordAttributes } from '@parking/domain/api-contract/custody';
import {
  damageMarksSchema,
  summariseCustody,
  type CustodyEntry,
  type CustodyKind,
  type CustodySummary,
  type DamageMark,
} from '@parking/domain/custody';
import { isStaff, type RequestContext } from '../context';
import type { Executor } from '../db/client';
import type { BookingRow } from '../db/rows';
import { customers, custodyEntries, custodyPhotos, lotRegions, lots } from '../db/schema/index';

type CustodyEntryRow = typeof custodyEntries.$inferSelect;
export type CustodyPhotoRow = typeof custodyPhotos.$inferSelect;

const isKind = (value: string): value is CustodyKind =>
  value === 'checked_in' || value === 'moved' || value === 'handed_back';

/** The stored damage list, read through the same schema that let it in (a bad row reads as none). */
export function storedDamage(value: unknown): DamageMark[] {
  const parsed = damageMarksSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

function ruleEntry(row: CustodyEntryRow): CustodyEntry {
  return {
    kind: isKind(row.kind) ? row.kind : 'moved',
    at: row.at,
    lotRegionId: row.lotRegionId,
    lotRegionRow: row.lotRegionRow,
    fuelLevel: row.fuelLevel,
    damage: storedDamage(row.damage),
    kilometers: row.kilometers,
    keyTag: row.keyTag,
    notes: row.notes,
  };
}

async function custodyEntriesOf(db: Executor, bookingId: number): Promise<CustodyEntryRow[]> {
  return db
    .select()
    .from(custodyEntries)
    .where(eq(custodyEntries.bookingId, bookingId))
    .orderBy(asc(custodyEntries.id));
}

export async function custodySummary(db: Executor, bookingId: number): Promise<CustodySummary> {
  return summariseCustody((await custodyEntriesOf(db, bookingId)).map(ruleEntry));
}

export async function custodyPhotosOf(db: Executor, bookingId: number): Promise<CustodyPhotoRow[]> {
  return db
    .select()
    .from(custodyPhotos)
    .where(eq(custodyPhotos.bookingId, bookingId))
    .orderBy(asc(custodyPhotos.created), asc(custodyPhotos.id));
}

const photoPath = (id: string) => `custody-photos/${id}/`;

/** The record as GET bookings/{id}/custody/ and every custody write answer it. */
export async function presentCustody(
  ctx: RequestContext,
  booking: BookingRow,
): Promise<{ type: 'custody-records'; id: string; attributes: CustodyRecordAttributes }> {
  const rows = await custodyEntriesOf(ctx.db, booking.id);
  const summary = summariseCustody(rows.map(ruleEntry));
  const photos = await custodyPhotosOf(ctx.db, booking.id);
  const regions = await ctx.db
    .select({ id: lotRegions.id, name: lotRegions.name })
    .from(lotRegions)
    .where(eq(lotRegions.lotId, booking.lotId));
  const [lot] = await ctx.db.select({ name: lots.name }).from(lots).where(eq(lots.id, booking.lotId));
  const staffIds = [...new Set(rows.map((row) => row.staffId).filter((id): id is number => id !== null))];
  const people = new Map<number, { firstName: string; lastName: string }>();
  for (const id of staffIds) {
    const [person] = await ctx.db
      .select({ firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, id));
    if (person) people.set(id, person);
  }
  const staff = isStaff(ctx.user);
  const nameOf = (id: number | null) => {
    const person = id === null ? undefined : people.get(id);
    if (!person) return '';
    return staff ? `${person.firstName} ${person.lastName}`.trim() : person.firstName;
  };
  const regionName = (id: number | null) => regions.find((region) => region.id === id)?.name ?? null;
  const checkIn = summary.checkIn;
  return {
    type: 'custody-records',
    id: String(booking.id),
    attributes: {
      bookingCode: booking.bookingCode,
      status: summary.status,
      checkedInAt: checkIn?.at.toISOString() ?? null,
      handedBackAt: summary.handBack?.at.toISOString() ?? null,
      lotName: lot?.name ?? '',
      lotRegionName: regionName(summary.lotRegionId),
      lotRegionRow: summary.lotRegionRow,
      fuelLevel: checkIn?.fuelLevel ?? '',
      damage: checkIn ? [...checkIn.damage] : [],
      kilometersIn: summary.kilometersIn,
      kilometersOut: summary.kilometersOut,
      kilometersDriven: summary.kilometersDriven,
      entries: rows.map((row) => ({
        id: String(row.id),
        kind: ruleEntry(row).kind,
        at: row.at.toISOString(),
        staffName: nameOf(row.staffId),
        lotRegionName: regionName(row.lotRegionId),
        lotRegionRow: row.lotRegionRow,
        kilometers: row.kilometers,
      })),
      photos: photos.map((photo) => ({
        id: photo.id,
        path: photoPath(photo.id),
        width: photo.width,
        height: photo.height,
        created: photo.created.toISOString(),
      })),
      ...(staff ? { keyTag: checkIn?.keyTag ?? '', notes: checkIn?.notes ?? '' } : {}),
    } satisfies CustodyRecordAttributes,
  };
}

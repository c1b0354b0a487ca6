/**
 * The lot-volume graph (back-office §2 "Reports": the fill-rate line chart and the fill tables): complete
 * bookings present on each lot on each day, and the fill rate they make (architecture-rules.md: present / spaces).
 *
 * Presence is the capacity code's own (pricing/pricing-data.ts): a booking is present on every business
 * date from its drop-off's date to its pick-up's date, counted in SQL as grouped spans of days and added
 * up day by day, so the answer never holds more than the spans.
 */
import { asc } from 'drizzle-orm';
import { fillRate } from '@parking/domain/capacity';
import type { Executor } from '../db/client';
import { lots } from '../db/schema/index';
import { completePresentByDay } from '../pricing/presence';
import { round4, type ReportDays } from './report-days';

// A type, not an interface: the answer's attributes must be assignable to a JSON object.
export type LotVolumeGraph = {
  labels: string[];
  /** By lot slug: cars present each day. */
  values: Record<string, number[]>;
  /** By lot slug: present / spaces each day, a fraction to 4 places. */
  fillRates: Record<string, number[]>;
  spaces: Record<string, number>;
};

export interface LotCounts {
  id: number;
  name: string;
  slug: string;
  spaces: number;
  /** Cars present each day of the range. */
  present: number[];
}

/** Every lot (by name) with its cars present each day of the range. */
export async function lotPresence(db: Executor, days: ReportDays, timeZone: string): Promise<LotCounts[]> {
  const lotRows = await db
    .select({ id: lots.id, name: lots.name, slug: lots.slug, spaces: lots.spaces })
    .from(lots)
    .orderBy(asc(lots.name), asc(lots.id));
  const present = await completePresentByDay(
    db,
    lotRows.map((lot) => lot.id),
    days.startDate,
    days.endDate,
    timeZone,
  );
  return lotRows.map((lot) => ({ ...lot, present: present.get(lot.id) ?? days.dates.map(() => 0) }));
}

export async function lotVolumeGraph(
  db: Executor,
  days: ReportDays,
  timeZone: string,
): Promise<LotVolumeGraph> {
  const counts = await lotPresence(db, days, timeZone);
  return {
    labels: days.dates,
    values: Object.fromEntries(counts.map((lot) => [lot.slug, lot.present])),
    fillRates: Object.fromEntries(
      counts.map((lot) => [lot.slug, lot.present.map((cars) => round4(fillRate(cars, lot.spaces)))]),
    ),
    spaces: Object.fromEntries(counts.map((lot) => [lot.slug, lot.spaces])),
  };
}

/**
 * What the quotes held in memory (pricing/quote-cache.ts) hold, and how a bookings statement's notification
 * (migration 0015's detail, with the partner since migration 0031) brings it up to date without reading again.
 */
import { PENDING_HOLD_MS, PLACE_TAKING, takesPlace } from '@parking/domain/capacity';
import type { BlockoutPeriod } from '@parking/domain/parking-blockouts';
import type { LotPricing } from '@parking/domain/pricing';
import type { ChangeOutcome, Loaded } from './held-snapshot';
import { heldByDay, type PartnerHolds } from './partner-holds';
import type { LotRow } from './pricing-data';

/** What is held: also the type applyBookingRows updates. */
export interface HeldQuoteData {
  lots: LotRow[];
  pricing: Map<number, LotPricing>;
  /** Cars present per lot on each day from the snapshot's business date, WINDOW_DAYS long. */
  present: Map<number, number[]>;
  /** The parking blockouts overlapping the window (drop-offs and pick-ups refused inside them). */
  blockouts: BlockoutPeriod[];
  /** The first instant of each day of the window and of the day after, in µs since the epoch. */
  bounds: number[];
  /** The transactions whose changes the load saw (its statement's snapshot). */
  seen: TransactionSnapshot;
  /** The first date of the window, and the business time zone (the places held are counted by date). */
  firstDate: string;
  timeZone: string;
  /** The partners' allotments and their own bookings on each day of the window (pricing/partner-holds.ts). */
  holds: PartnerHolds;
  /**
   * The places held for partners per lot with an allotment on each day of the window: the same from the load
   * until the next release instant, which the snapshot does not outlive.
   */
  held: Map<number, number[]>;
  /** The partners' stop-sells not yet over (partners/partner-availability.ts reads them). */
  stopSells: HeldStopSell[];
}

/** A partner's stop-sell in a lot, its dates inclusive. */
export interface HeldStopSell {
  partnerId: number;
  lotId: number;
  startDate: string;
  endDate: string;
}

/** pg_current_snapshot(): xmin, xmax and the transactions in progress. */
export interface TransactionSnapshot {
  xmin: bigint;
  xmax: bigint;
  inProgress: Set<bigint>;
}

export function parseTransactionSnapshot(text: string): TransactionSnapshot {
  const [xmin = '0', xmax = '0', list = ''] = text.split(':');
  return {
    xmin: BigInt(xmin),
    xmax: BigInt(xmax),
    inProgress: new Set(list === '' ? [] : list.split(',').map((xid) => BigInt(xid))),
  };
}

/** Whether a committed transaction's changes are in what a statement with this snapshot read. */
function sawTransaction(snapshot: TransactionSnapshot, xid: bigint): boolean {
  return xid < snapshot.xmin || (xid < snapshot.xmax && !snapshot.inProgress.has(xid));
}

/**
 * A row of migration 0015's detail: [sign, lot, start µs, end µs or null, status, created µs], and since
 * migration 0031 the partner that sold it (or null).
 */
type ChangedRow = [
  sign: number,
  lotId: number,
  start: number,
  end: number | null,
  status: string,
  created: number,
  partnerId: number | null,
];

function parseBookingRows(detail: string): { xid: bigint; rows: ChangedRow[] } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { x, r } = parsed as { x?: unknown; r?: unknown };
  if (typeof x !== 'string' || !/^\d+$/.test(x) || !Array.isArray(r)) return undefined;
  const rows: ChangedRow[] = [];
  for (const row of r as unknown[]) {
    if (!Array.isArray(row) || row.length < 6 || row.length > 7) return undefined;
    const [sign, lotId, start, end, status, created, partnerId = null] = row as unknown[];
    if (
      (sign !== 1 && sign !== -1) ||
      typeof lotId !== 'number' ||
      typeof start !== 'number' ||
      (end !== null && typeof end !== 'number') ||
      typeof status !== 'string' ||
      typeof created !== 'number' ||
      (partnerId !== null && typeof partnerId !== 'number')
    )
      return undefined;
    rows.push([sign, lotId, start, end, status, created, partnerId]);
  }
  return { xid: BigInt(x), rows };
}

/** How many of the sorted `bounds` are at or before `instant`: PostgreSQL's width_bucket(instant, bounds). */
function widthBucket(instant: number, bounds: readonly number[]): number {
  let low = 0;
  let high = bounds.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((bounds[middle] ?? Infinity) <= instant) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The held data after a bookings statement (migration 0015's detail): each row counted out (as it was) and in
 * (as it is now) by presenceSpansSql's rule, with the hold of a pending booking counted from the load's instant
 * (the snapshot is valid no longer than the soonest counted hold: see QuoteCache.read); a partner's booking in a
 * lot where it has an allotment counted against its allotment too, the places held there worked out again.
 */
export function applyBookingRows(
  held: Loaded<HeldQuoteData> & { loadedAt: number },
  detail: string | undefined,
): ChangeOutcome<HeldQuoteData> {
  const change = detail === undefined ? undefined : parseBookingRows(detail);
  if (!change) return 'drop';
  const data = held.value;
  if (sawTransaction(data.seen, change.xid)) return 'kept';
  const { bounds } = data;
  const days = bounds.length - 1;
  // Copied on write: requests may be using the held arrays.
  const present = new Map(data.present);
  const copied = new Set<number>();
  const partnerTaken = new Map(data.holds.taken);
  const holdsChanged = new Set<number>();
  let validUntil = held.validUntil;
  for (const [sign, lotId, start, end, status, created, partnerId] of change.rows) {
    // created is in microseconds.
    if (!takesPlace(status, created / 1000, held.loadedAt)) continue;
    const pending = status !== PLACE_TAKING.always;
    let counts = present.get(lotId);
    if (!counts) continue;
    if (start >= (bounds[days] ?? -Infinity) || (end !== null && end < (bounds[0] ?? Infinity))) continue;
    const first = Math.max(widthBucket(start, bounds) - 1, 0);
    const last = Math.min(end === null ? days - 1 : widthBucket(end, bounds) - 1, days - 1);
    if (first > last) continue;
    // A hold counted in lapses: the snapshot must not outlive it (as the load's own oldest hold).
    if (pending && sign > 0) validUntil = Math.min(validUntil, Math.floor(created / 1000) + PENDING_HOLD_MS);
    if (!copied.has(lotId)) {
      counts = counts.slice();
      copied.add(lotId);
      present.set(lotId, counts);
    }
    for (let day = first; day <= last; day++) counts[day] = (counts[day] ?? 0) + sign;
    const partners = partnerTaken.get(lotId);
    const own = partnerId === null ? undefined : partners?.get(partnerId)?.slice();
    if (!partners || !own || partnerId === null) continue;
    for (let day = first; day <= last; day++) own[day] = (own[day] ?? 0) + sign;
    partnerTaken.set(lotId, new Map(partners).set(partnerId, own));
    holdsChanged.add(lotId);
  }
  if (copied.size === 0 && validUntil === held.validUntil) return 'kept';
  if (holdsChanged.size === 0) return { value: { ...data, present }, validUntil };
  const holds = { allotments: data.holds.allotments, taken: partnerTaken };
  const heldNow = new Map(data.held);
  const loadedAt = new Date(held.loadedAt);
  for (const lotId of holdsChanged) {
    const lot: PartnerHolds = {
      allotments: new Map([[lotId, holds.allotments.get(lotId) ?? []]]),
      taken: new Map([[lotId, partnerTaken.get(lotId) ?? new Map<number, number[]>()]]),
    };
    const places = heldByDay(lot, data.firstDate, days, loadedAt, data.timeZone).get(lotId);
    if (places) heldNow.set(lotId, places);
  }
  return { value: { ...data, present, holds, held: heldNow }, validUntil };
}

/**
 * The wizard's step 5 from memory (`GET extras/?filter[checkAvailability]`): the extras calendar (every
 * extra's switch, the extra blockouts, the exceptional days' unavailable extras: small tables) is held
 * whole, and the extras list a traveller sees (non-staff scope) is held per query, as the quotes' data
 * is held (pricing/quote-cache.ts), with the same rules for dropping it (pricing/held-snapshot.ts):
 * - on any committed change to the tables it reads or to the quotes' (the change feed: migration 0004's
 *   triggers, and 0014's for the extras, their prices and the extras named by blockouts and exceptional days),
 *   but for the bookings, the changes awaiting payment and the waitlist: neither the calendar nor the list
 *   reads them, and a booking every few seconds must not empty it;
 * - after TTL_MS as a safety net, and whenever the feed is down (then every call reads the database, as
 *   before). After a write this instance makes (http/route.ts), its next calls wait until the feed has
 *   delivered the write's change.
 * A load that overlapped a change is used for the requests that waited for it but not kept.
 *
 * A booking's save does not read this: it checks the extras it names in the database, in its transaction.
 */
import type { Stay } from '@parking/domain/availability';
import type { NamedExtra } from '@parking/domain/extra-notices';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import {
  loadExtrasCalendar,
  stayExtrasAvailability,
  type ExtrasCalendarData,
  type StayExtrasAvailability,
} from './extras-availability';
import { HeldSnapshot, type HeldAnswers } from './held-snapshot';
import type { WrittenAnswer } from './written-answer';

const TTL_MS = 60_000;
/** Tables announced on the change feed (for the quotes) that nothing held here is read from. */
const NOT_READ = new Set([
  'bookings',
  'booking_changes',
  'waitlist_entries',
  'bring_ups',
  'partner_push_changes',
  'partner_allotments',
  'partner_stop_sells',
  'partners',
  'partner_api_keys',
]);
/** Lists and answers written from one snapshot, at most (an answer is kept under each request that asked for it). */
const MAX_LISTS = 20_000;

export interface HeldExtras {
  /** The extras that cannot be booked for the stay, and why: the same rule and data as the database's answer. */
  availability(stay: Stay): StayExtrasAvailability;
  /** Every extra, named (the notices of every extra stand for the notices of any list of them). */
  extras: readonly NamedExtra[];
  /** An extras list written from the same data (dropped with it), by the caller's key. */
  lists: HeldAnswers<WrittenAnswer>;
}

export class ExtrasCache {
  private readonly held: HeldSnapshot<ExtrasCalendarData, WrittenAnswer>;

  constructor(
    db: Database,
    private readonly timeZone: string,
    feed: ChangeFeed,
  ) {
    this.held = new HeldSnapshot({
      feed,
      maxAnswers: MAX_LISTS,
      read: async (now) => ({
        value: await loadExtrasCalendar(db, undefined, timeZone),
        validUntil: now.getTime() + TTL_MS,
      }),
      change: (_held, table) => (NOT_READ.has(table) ? 'kept' : 'drop'),
    });
  }

  /** After a write this instance made: its next calls wait until the change feed has delivered it. */
  afterWrite(): void {
    this.held.afterWrite();
  }

  /** Loads from the database, for the tests. */
  get loads(): number {
    return this.held.loads;
  }

  /** Drops what is held; a load in flight is not kept. */
  invalidate(): void {
    this.held.invalidate();
  }

  close(): void {
    this.held.close();
  }

  /** The held extras data at `now`, or undefined when the database must answer. */
  async lookup(now: Date): Promise<HeldExtras | undefined> {
    const held = await this.held.get(now);
    if (!held) return undefined;
    const data = held.value;
    return {
      availability: (stay) => stayExtrasAvailability(data, stay, this.timeZone),
      extras: data.extras,
      lists: held.answers,
    };
  }
}

/**
 * The wizard's step 5 from memory (`GET extras/?filter[checkAvailability]`): the extras calendar (every
 * extra's switch, the extra blockouts, the exceptional days' unavailable extras: small tables) is held
 * whole, and the extras list a traveller sees (non-staff scope) is held per query, as the quotes' data
 * is held (services/quote-cache.ts), with the same rules for dropping it:
 * - on any committed change to the tables it reads or to the quotes' (the change feed: migration 0004's
 *   triggers, and 0014's for the extras, their prices and the extras named by blockouts and exceptional days);
 * - after a write this instance makes (http/route.ts), after TTL_MS as a safety net, and whenever the feed is
 *   down (then every call reads the database, as before).
 * A load that overlapped a change is used for the requests that waited for it but not kept.
 *
 * A booking's save does not read this: it checks the extras it names in the database, in its transaction.
 */
import { unavailableExtraIds as unavailableOf, type Stay } from '@parking/domain/availability';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { loadExtrasCalendar, type ExtrasCalendarData } from './extras-availability';

const TTL_MS = 60_000;
const MAX_LISTS = 1_000;

interface Snapshot {
  loadedAt: number;
  data: ExtrasCalendarData;
  /** Extras list documents already written from this data, by the caller's key (JSON text). */
  lists: Map<string, string>;
}

export interface HeldExtras {
  /** The ids of the extras that cannot be booked for the stay: the same rule and data as the database's answer. */
  unavailable(stay: Stay): Set<number>;
  /** An extras list written from the same data (dropped with it), by the caller's key. */
  lists: { get(key: string): string | undefined; set(key: string, body: string): void };
}

export class ExtrasCache {
  private generation = 0;
  private snapshot: Snapshot | undefined;
  private loading: { generation: number; promise: Promise<Snapshot> } | undefined;
  private readonly unsubscribe: () => void;
  /** Loads from the database, for the tests. */
  loads = 0;

  constructor(
    private readonly db: Database,
    private readonly timeZone: string,
    private readonly feed: ChangeFeed,
  ) {
    this.unsubscribe = feed.subscribe(() => this.invalidate());
  }

  /** Drops what is held; a load in flight is not kept. */
  invalidate(): void {
    this.generation += 1;
    this.snapshot = undefined;
    this.loading = undefined;
  }

  close(): void {
    this.unsubscribe();
    this.invalidate();
  }

  /** The held extras data at `now`, or undefined when the database must answer. */
  async lookup(now: Date): Promise<HeldExtras | undefined> {
    if (!this.feed.live) return undefined;
    const at = now.getTime();
    const fresh = (snapshot: Snapshot | undefined): snapshot is Snapshot =>
      !!snapshot && snapshot.loadedAt <= at && at < snapshot.loadedAt + TTL_MS;
    let snapshot = this.snapshot;
    if (!fresh(snapshot)) {
      snapshot = await this.load(at);
      if (!fresh(snapshot)) return undefined;
    }
    const { data, lists } = snapshot;
    return {
      unavailable: (stay) => unavailableOf(data.extras, stay, data.calendar, this.timeZone),
      lists: {
        get: (key) => lists.get(key),
        set: (key, body) => {
          if (lists.size < MAX_LISTS) lists.set(key, body);
        },
      },
    };
  }

  private load(at: number): Promise<Snapshot> {
    const current = this.loading;
    if (current && current.generation === this.generation) return current.promise;
    const generation = this.generation;
    const promise = this.read(at).then((snapshot) => {
      if (this.generation === generation) this.snapshot = snapshot;
      if (this.loading?.promise === promise) this.loading = undefined;
      return snapshot;
    });
    promise.catch(() => {
      if (this.loading?.promise === promise) this.loading = undefined;
    });
    this.loading = { generation, promise };
    return promise;
  }

  private async read(at: number): Promise<Snapshot> {
    this.loads += 1;
    const data = await loadExtrasCalendar(this.db, undefined, this.timeZone);
    return { loadedAt: at, data, lists: new Map() };
  }
}

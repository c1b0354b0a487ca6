/**
 * Data held in memory for a hot read path (the quotes' data, pricing/quote-cache.ts; the extras calendar,
 * pricing/extras-cache.ts), with one set of rules for keeping it up to date:
 * - each committed change announced by the change feed (db/change-feed.ts), by anyone, is given to the owner's
 *   `change` (when it has one), which answers whether the held value stays as it is (a table it does not read),
 *   is brought up to date from the change's detail (a new value, computed from the old: the quotes' presence after
 *   a booking), or must be dropped (any other change, and the default);
 * - after a write this instance makes (http/route.ts calls afterWrite()), the next requests wait until the feed
 *   has delivered every change committed before it (ChangeFeed.sync(): one round trip), so that this instance's
 *   own change is in its next answer;
 * - when its own `validUntil` passes (a TTL as a safety net, or sooner: a hold that lapses), when it was loaded
 *   for another `scope` (a new business day), and whenever the feed is down (then the caller reads the database).
 * Requests that arrive while it loads wait for that one load. The changes announced meanwhile are given to
 * `change` once it is read (the owner knows from its own snapshot which of them it already has); if one of them
 * drops it, the load is used for the requests that waited for it but not kept.
 *
 * Each snapshot also holds answers already written from it (`answers`, at most `maxAnswers`): dropped with it,
 * and whenever its value is brought up to date.
 */
import type { ChangeFeed } from '../db/change-feed';

export interface Loaded<T> {
  value: T;
  /** The first instant (ms) the value may no longer be used. */
  validUntil: number;
}

/**
 * What a committed change does to a held value: nothing ('kept'), nothing that can be worked out from it
 * ('drop'), or a new value (and validity) that equals what reading it again would give.
 */
export type ChangeOutcome<T> = 'kept' | 'drop' | Loaded<T>;

export interface HeldSnapshotOptions<T> {
  feed: ChangeFeed;
  /** Reads the value from the database at `now`, for `scope` (e.g. the business date it was read on). */
  read(now: Date, scope: string): Promise<Loaded<T>>;
  /**
   * What the change (the table's name and the trigger's detail) does to `held`, read at `loadedAt` and valid
   * until `validUntil`. Must not change `held` (requests may be using it). Without it every change drops it.
   */
  change?(
    held: Loaded<T> & { loadedAt: number },
    table: string,
    detail: string | undefined,
  ): ChangeOutcome<T>;
  /** Answers written from one snapshot, at most. */
  maxAnswers: number;
}

/** Answers written from a snapshot's data, by the caller's key; dropped with the data. */
export interface HeldAnswers<A> {
  get(key: string): A | undefined;
  /** Kept while there is room (at most maxAnswers per snapshot); else not kept. */
  set(key: string, answer: A): void;
}

export interface Held<T, A> {
  value: T;
  answers: HeldAnswers<A>;
}

interface Snapshot<T, A> {
  scope: string;
  loadedAt: number;
  validUntil: number;
  value: T;
  answers: Map<string, A>;
}

type Change = [table: string, detail: string | undefined];

export class HeldSnapshot<T, A> {
  private generation = 0;
  private snapshot: Snapshot<T, A> | undefined;
  private loading:
    | {
        generation: number;
        scope: string;
        at: number;
        promise: Promise<Snapshot<T, A>>;
        /** Announced while it loads: given to `change` once it is read. */
        changes: Change[];
      }
    | undefined;
  /** The feed's sync after this instance's last write, while under way: requests wait for it. */
  private syncing: Promise<void> | undefined;
  private readonly unsubscribe: () => void;
  /** Loads from the database, for the benchmark's log and the tests. */
  loads = 0;
  /** Changes that brought the held value up to date (instead of dropping it), for the tests. */
  updates = 0;

  constructor(private readonly options: HeldSnapshotOptions<T>) {
    this.unsubscribe = options.feed.subscribe((table, detail) => this.changed(table, detail));
  }

  /** Drops what is held; a load in flight is not kept. */
  invalidate(): void {
    this.generation += 1;
    this.snapshot = undefined;
    this.loading = undefined;
  }

  /**
   * After a write this instance made: the next requests wait until every change committed before now has come
   * through the feed (and been applied), so that they see this instance's own change.
   */
  afterWrite(): void {
    if (!this.snapshot && !this.loading) return;
    const synced = this.options.feed.sync().then(
      () => undefined,
      () => this.invalidate(),
    );
    const previous = this.syncing;
    const promise = previous ? Promise.all([previous, synced]).then(() => undefined) : synced;
    this.syncing = promise;
    void promise.then(() => {
      if (this.syncing === promise) this.syncing = undefined;
    });
  }

  private changed(table: string, detail: string | undefined): void {
    if (!this.options.change) {
      this.invalidate();
      return;
    }
    this.loading?.changes.push([table, detail]);
    const snapshot = this.snapshot;
    if (!snapshot) return;
    const updated = this.apply(snapshot, [[table, detail]]);
    if (updated) this.snapshot = updated;
    else {
      // Dropped; a load in flight has this change in its list and decides for itself.
      this.generation += 1;
      this.snapshot = undefined;
      if (this.loading) this.loading.generation = this.generation;
    }
  }

  /** The snapshot with the changes applied (itself when none touches it), or undefined when it must be dropped. */
  private apply(snapshot: Snapshot<T, A>, changes: Change[]): Snapshot<T, A> | undefined {
    const change = this.options.change;
    let current = snapshot;
    for (const [table, detail] of changes) {
      const outcome = change ? change(current, table, detail) : 'drop';
      if (outcome === 'drop') return undefined;
      if (outcome === 'kept') continue;
      this.updates += 1;
      // Answers written from the old value are not answers of the new one.
      current = { ...current, ...outcome, answers: new Map() };
    }
    return current;
  }

  close(): void {
    this.unsubscribe();
    this.invalidate();
  }

  /** What is held for `scope` at `now` (loaded first when need be), or undefined when the database must answer. */
  async get(now: Date, scope = ''): Promise<Held<T, A> | undefined> {
    if (this.syncing) await this.syncing;
    if (!this.options.feed.live) return undefined;
    const at = now.getTime();
    const fresh = (snapshot: Snapshot<T, A> | undefined): snapshot is Snapshot<T, A> =>
      !!snapshot && snapshot.scope === scope && snapshot.loadedAt <= at && at < snapshot.validUntil;
    let snapshot = this.snapshot;
    if (!fresh(snapshot)) {
      snapshot = await this.load(now, scope);
      if (!fresh(snapshot)) return undefined;
    }
    const { answers } = snapshot;
    const { maxAnswers } = this.options;
    return {
      value: snapshot.value,
      answers: {
        get: (key) => answers.get(key),
        set: (key, answer) => {
          if (answers.size < maxAnswers) answers.set(key, answer);
        },
      },
    };
  }

  private load(now: Date, scope: string): Promise<Snapshot<T, A>> {
    const at = now.getTime();
    const current = this.loading;
    if (current && current.generation === this.generation && current.scope === scope && current.at <= at)
      return current.promise;
    const changes: Change[] = [];
    const loading = { generation: this.generation, scope, at, changes, promise: this.read(now, scope) };
    const promise = loading.promise.then((read) => {
      if (this.loading === loading) this.loading = undefined;
      // The changes announced while it loaded (those its read already has are 'kept' by the owner's rule).
      const snapshot = this.apply(read, changes);
      if (!snapshot) return read;
      if (this.generation === loading.generation) this.snapshot = snapshot;
      return snapshot;
    });
    promise.catch(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    loading.promise = promise;
    this.loading = loading;
    return promise;
  }

  private async read(now: Date, scope: string): Promise<Snapshot<T, A>> {
    this.loads += 1;
    const { value, validUntil } = await this.options.read(now, scope);
    return { scope, loadedAt: now.getTime(), validUntil, value, answers: new Map() };
  }
}

/**
 * Data held in memory for a hot read path (the quotes' data, services/quote-cache.ts; the extras calendar,
 * services/extras-cache.ts), with one set of rules for dropping it:
 * - on any committed change announced by the change feed (db/change-feed.ts), by anyone, and after a write this
 *   instance makes (http/route.ts calls invalidate());
 * - when its own `validUntil` passes (a TTL as a safety net, or sooner: a hold that lapses), when it was loaded
 *   for another `scope` (a new business day), and whenever the feed is down (then the caller reads the database).
 * Requests that arrive while it loads wait for that one load; a load that overlapped a change is used for the
 * requests that waited for it but not kept.
 *
 * Each snapshot also holds answers already written from it (`answers`, at most `maxAnswers`): dropped with it.
 */
import type { ChangeFeed } from '../db/change-feed';

export interface Loaded<T> {
  value: T;
  /** The first instant (ms) the value may no longer be used. */
  validUntil: number;
}

export interface HeldSnapshotOptions<T> {
  feed: ChangeFeed;
  /** Reads the value from the database at `now`, for `scope` (e.g. the business date it was read on). */
  read(now: Date, scope: string): Promise<Loaded<T>>;
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

export class HeldSnapshot<T, A> {
  private generation = 0;
  private snapshot: Snapshot<T, A> | undefined;
  private loading:
    { generation: number; scope: string; at: number; promise: Promise<Snapshot<T, A>> } | undefined;
  private readonly unsubscribe: () => void;
  /** Loads from the database, for the benchmark's log and the tests. */
  loads = 0;

  constructor(private readonly options: HeldSnapshotOptions<T>) {
    this.unsubscribe = options.feed.subscribe(() => this.invalidate());
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

  /** What is held for `scope` at `now` (loaded first when need be), or undefined when the database must answer. */
  async get(now: Date, scope = ''): Promise<Held<T, A> | undefined> {
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
    const generation = this.generation;
    const promise = this.read(now, scope).then((snapshot) => {
      if (this.generation === generation) this.snapshot = snapshot;
      if (this.loading?.promise === promise) this.loading = undefined;
      return snapshot;
    });
    promise.catch(() => {
      if (this.loading?.promise === promise) this.loading = undefined;
    });
    this.loading = { generation, scope, at, promise };
    return promise;
  }

  private async read(now: Date, scope: string): Promise<Snapshot<T, A>> {
    this.loads += 1;
    const { value, validUntil } = await this.options.read(now, scope);
    return { scope, loadedAt: now.getTime(), validUntil, value, answers: new Map() };
  }
}

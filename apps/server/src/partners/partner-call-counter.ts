/**
 * The partner API's calls per key and minute (RATE_LIMIT_PARTNER_REQUESTS_PER_MINUTE, issue 42), counted in
 * PostgreSQL (the rate limiter's rate_limit_hits) so that every instance shares one limit, without a write per
 * call. A write per call was the partner API's ceiling: a busy key's calls all update one row, each waiting for
 * the one before to commit (73 availability calls a second in the benchmark, p99 over a second).
 *
 * Each instance counts a key's calls in memory and adds them to the database's count at most every SYNC_MS (one
 * statement, not awaited by the call), learning there what the other instances counted. A call is refused when
 * the count last read, plus this instance's calls since, passes the limit. The first call of a key on an
 * instance waits for the database's count. On one instance the count is exact; with several, a key may get
 * through up to what the others took in the last SYNC_MS before every instance refuses it. The window is the
 * rate limiter's: fixed, from its first call, reset once it has run its length (by this instance's clock too).
 */
import type { RateLimiter } from '../accounts/rate-limiter';

/** How often a key's calls are added to the shared count (real time, whatever the request clock says). */
const SYNC_MS = 1000;

interface KeyCount {
  key: string;
  /** The database's count when last read (this instance's calls added up to then included). */
  shared: number;
  /** Calls being added to the database's count now. */
  sending: number;
  /** Calls since, not yet sent. */
  pending: number;
  /** When the window started, by the request clock (ms). */
  windowStart: number;
  /** When the count was last sent (performance.now()), and the last call's instant by the request clock. */
  sentAt: number;
  lastAt: number;
  sync: Promise<void> | undefined;
  timer: NodeJS.Timeout | undefined;
}

export class PartnerCallCounter {
  private readonly keys = new Map<string, KeyCount>();
  private readonly first = new Map<string, Promise<KeyCount>>();
  private closed = false;

  constructor(
    private readonly limiter: Pick<RateLimiter, 'hit'>,
    private readonly windowMs: number,
  ) {}

  /** Counts a call of `key` at `now`: the key's count in the window so far, this call included. */
  async hit(key: string, now: Date): Promise<{ count: number; resetInMs: number }> {
    const at = now.getTime();
    const known = this.keys.get(key);
    if (!known) {
      // The first call here: counted in the database at once, the other instances' calls learnt with it.
      let starting = this.first.get(key);
      if (!starting) {
        starting = this.limiter.hit(key, this.windowMs).then(({ count, resetInMs }) => {
          const state: KeyCount = {
            key,
            shared: count,
            sending: 0,
            pending: 0,
            windowStart: at + resetInMs - this.windowMs,
            sentAt: performance.now(),
            lastAt: at,
            sync: undefined,
            timer: undefined,
          };
          this.keys.set(key, state);
          return state;
        });
        this.first.set(key, starting);
        void starting.then(
          () => this.first.delete(key),
          () => this.first.delete(key),
        );
        const state = await starting;
        return this.answer(state, at);
      }
      // Another call of the same key was first: counted after it.
      return this.counted(await starting, at);
    }
    return this.counted(known, at);
  }

  private counted(state: KeyCount, at: number): { count: number; resetInMs: number } {
    if (at >= state.windowStart + this.windowMs) {
      // A new window: the database's starts afresh with the next calls sent.
      state.shared = 0;
      state.sending = 0;
      state.pending = 0;
      state.windowStart = at;
    }
    state.pending += 1;
    state.lastAt = at;
    this.schedule(state);
    return this.answer(state, at);
  }

  /** The calls not yet sent go at SYNC_MS from the last sending (at once when that is past). */
  private schedule(state: KeyCount): void {
    if (this.closed || state.sync || state.timer || state.pending === 0) return;
    const wait = SYNC_MS - (performance.now() - state.sentAt);
    if (wait <= 0) {
      this.send(state);
      return;
    }
    state.timer = setTimeout(() => {
      state.timer = undefined;
      this.send(state);
    }, wait);
    state.timer.unref();
  }

  /** Stops sending (the app is closing): what is not sent yet is not counted there. */
  close(): void {
    this.closed = true;
    for (const state of this.keys.values()) clearTimeout(state.timer);
  }

  private answer(state: KeyCount, at: number): { count: number; resetInMs: number } {
    return {
      count: state.shared + state.sending + state.pending,
      resetInMs: Math.max(0, state.windowStart + this.windowMs - at),
    };
  }

  /** Adds the calls not yet sent to the database's count, and learns the count there. */
  private send(state: KeyCount): void {
    if (this.closed || state.pending === 0) return;
    const at = state.lastAt;
    const window = state.windowStart;
    state.sending = state.pending;
    state.pending = 0;
    state.sentAt = performance.now();
    state.sync = this.limiter.hit(state.key, this.windowMs, state.sending).then(
      ({ count, resetInMs }) => {
        // An answer about a window this instance has since left behind is not this window's.
        if (state.windowStart === window) {
          state.shared = count;
          state.windowStart = at + resetInMs - this.windowMs;
        }
        state.sending = 0;
        state.sync = undefined;
        this.schedule(state);
      },
      (error: unknown) => {
        // Not counted there: sent again with the next calls.
        if (state.windowStart === window) state.pending += state.sending;
        state.sending = 0;
        state.sync = undefined;
        console.error('Partner call counts:', error);
        this.schedule(state);
      },
    );
  }
}

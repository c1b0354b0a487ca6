/** HeldSnapshot's rules on their own (the caches' tests show them through the API): a fake feed, a counted read. */
import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../db/change-feed';
import { HeldSnapshot } from './held-snapshot';

function fakeFeed() {
  const listeners = new Set<ChangeListener>();
  return {
    live: true as boolean,
    subscribe(listener: ChangeListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    sync: async () => undefined as void,
    close: async () => undefined,
    notify(table: string, detail?: string) {
      for (const listener of listeners) listener(table, detail);
    },
    listeners,
  } satisfies ChangeFeed & Record<string, unknown>;
}

/** A snapshot whose reads answer `read n for scope` and, when `gated`, wait for `release()` (one each, in order). */
function counted(feed: ChangeFeed, ttl = 1000, maxAnswers = 2) {
  let reads = 0;
  const gates: Array<() => void> = [];
  const held = new HeldSnapshot<string, string>({
    feed,
    maxAnswers,
    read: async (now, scope) => {
      reads += 1;
      const value = `read ${reads} for ${scope}`;
      if (gated.on) await new Promise<void>((resolve) => gates.push(resolve));
      return { value, validUntil: now.getTime() + ttl };
    },
  });
  const gated = { on: false };
  return { held, gated, release: () => gates.shift()?.(), reads: () => reads };
}

const at = (ms: number) => new Date(1_800_000_000_000 + ms);

describe('HeldSnapshot', () => {
  it('reads once for many requests, until validUntil, and again for another scope', async () => {
    const { held, reads } = counted(fakeFeed());
    expect((await held.get(at(0), 'a'))?.value).toBe('read 1 for a');
    expect((await held.get(at(999), 'a'))?.value).toBe('read 1 for a');
    expect(reads()).toBe(1);
    expect((await held.get(at(1000), 'a'))?.value).toBe('read 2 for a');
    expect((await held.get(at(1001), 'b'))?.value).toBe('read 3 for b');
    expect(held.loads).toBe(3);
  });

  it('requests arriving during a load wait for it; a change during the load is not kept', async () => {
    const feed = fakeFeed();
    const { held, gated, release, reads } = counted(feed);
    gated.on = true;
    const waiting = [held.get(at(0)), held.get(at(1))];
    await Promise.resolve();
    expect(reads()).toBe(1);
    feed.notify('bookings');
    release();
    // The requests that waited get what was read; the next one reads again.
    expect((await Promise.all(waiting)).map((one) => one?.value)).toEqual(['read 1 for ', 'read 1 for ']);
    gated.on = false;
    expect((await held.get(at(2)))?.value).toBe('read 2 for ');
  });

  it('a request from before a load in flight does not take it (it could not use it)', async () => {
    const { held, gated, release, reads } = counted(fakeFeed());
    gated.on = true;
    const later = held.get(at(10));
    await Promise.resolve();
    const earlier = held.get(at(5));
    await Promise.resolve();
    expect(reads()).toBe(2);
    release();
    expect((await later)?.value).toBe('read 1 for ');
    release();
    expect((await earlier)?.value).toBe('read 2 for ');
  });

  it('holds nothing while the feed is down, and drops what it holds on a change', async () => {
    const feed = fakeFeed();
    const { held } = counted(feed);
    expect((await held.get(at(0)))?.value).toBe('read 1 for ');
    feed.notify('lots');
    expect((await held.get(at(1)))?.value).toBe('read 2 for ');
    feed.live = false;
    expect(await held.get(at(2))).toBeUndefined();
    expect(held.loads).toBe(2);
  });

  it('keeps answers with the snapshot, at most maxAnswers, and drops them with it', async () => {
    const feed = fakeFeed();
    const { held } = counted(feed);
    const first = await held.get(at(0));
    first?.answers.set('x', 'X');
    first?.answers.set('y', 'Y');
    first?.answers.set('z', 'Z');
    const again = await held.get(at(1));
    expect([again?.answers.get('x'), again?.answers.get('y'), again?.answers.get('z')]).toEqual([
      'X',
      'Y',
      undefined,
    ]);
    held.invalidate();
    expect((await held.get(at(2)))?.answers.get('x')).toBeUndefined();
  });

  it('close() stops listening', async () => {
    const feed = fakeFeed();
    const { held } = counted(feed);
    expect(feed.listeners.size).toBe(1);
    held.close();
    expect(feed.listeners.size).toBe(0);
  });

  describe('with changes it can apply', () => {
    /** A held number: a 'plus' change with a detail adds it, 'other' is not read, anything else drops it. */
    function adding(feed: ChangeFeed) {
      let reads = 0;
      const gates: Array<() => void> = [];
      const gated = { on: false };
      const held = new HeldSnapshot<number, string>({
        feed,
        maxAnswers: 10,
        read: async (now) => {
          reads += 1;
          if (gated.on) await new Promise<void>((resolve) => gates.push(resolve));
          return { value: 100 * reads, validUntil: now.getTime() + 1000 };
        },
        change: (current, table, detail) =>
          table === 'other'
            ? 'kept'
            : table === 'plus' && detail !== undefined
              ? { value: current.value + Number(detail), validUntil: current.validUntil - 100 }
              : 'drop',
      });
      return { held, gated, release: () => gates.shift()?.(), reads: () => reads };
    }

    it('brings the held value up to date instead of reading again; its answers go, a table not read keeps them', async () => {
      const feed = fakeFeed();
      const { held, reads } = adding(feed);
      const first = await held.get(at(0));
      first?.answers.set('x', 'X');
      feed.notify('other');
      expect((await held.get(at(1)))?.answers.get('x')).toBe('X');
      feed.notify('plus', '5');
      feed.notify('plus', '2');
      const updated = await held.get(at(2));
      expect(updated?.value).toBe(107);
      expect(updated?.answers.get('x')).toBeUndefined();
      // What a request already had is left as it was.
      expect(first?.value).toBe(100);
      expect([reads(), held.loads, held.updates]).toEqual([1, 1, 2]);
      // The new validity counts: 1000 - 2 × 100.
      expect((await held.get(at(799)))?.value).toBe(107);
      expect((await held.get(at(800)))?.value).toBe(200);
      feed.notify('lots');
      expect((await held.get(at(801)))?.value).toBe(300);
    });

    it('applies the changes announced while it loads once read; one it cannot apply means not kept', async () => {
      const feed = fakeFeed();
      const { held, gated, release } = adding(feed);
      gated.on = true;
      const waiting = held.get(at(0));
      await Promise.resolve();
      feed.notify('plus', '3');
      release();
      expect((await waiting)?.value).toBe(103);
      expect((await held.get(at(1)))?.value).toBe(103);
      expect(held.loads).toBe(1);

      feed.notify('lots');
      const again = held.get(at(2));
      await Promise.resolve();
      feed.notify('plus', '1');
      feed.notify('lots');
      release();
      // The request that waited gets what was read; it is not kept.
      expect((await again)?.value).toBe(200);
      gated.on = false;
      expect((await held.get(at(3)))?.value).toBe(300);
    });

    it('after a write, the next request waits for the feed to deliver every change before it', async () => {
      const feed = fakeFeed();
      let synced: () => void = () => undefined;
      feed.sync = () =>
        new Promise<void>((resolve) => {
          synced = () => {
            // The write's own change arrives before the sync's answer.
            feed.notify('plus', '9');
            resolve();
          };
        });
      const { held } = adding(feed);
      expect((await held.get(at(0)))?.value).toBe(100);
      held.afterWrite();
      let answered: number | undefined;
      const next = held.get(at(1)).then((got) => (answered = got?.value));
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(answered).toBeUndefined();
      synced();
      await next;
      expect(answered).toBe(109);
      expect(held.loads).toBe(1);
    });
  });
});

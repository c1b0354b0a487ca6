/**
 * The bring-up's live updates (issue 41): server-sent event streams fed by the database's change feed
 * (db/change-feed.ts), so that a step taken on any instance reaches every open board and every traveller's page on
 * every instance. Each instance holds its own open streams: the board's (by business date) and each booking's.
 * A notification 'bring_ups:<ids>' is read once (the changed cards) and written to every stream that shows them;
 * a gap in the feed (or a change too big to name its rows) tells the streams to read everything again. A change of
 * bookings (a pick-up moved by an extension or a late flight, a booking added or cancelled) sends each open day's
 * board again: one read per day and burst, whoever made it.
 *
 * Events: `board` (every card of the day, when a board stream opens or must read again), `card` (one changed card),
 * `bring-up` (a booking's bring-up in the traveller's words). A stream closes after LIVE_STREAM_SECONDS; the
 * browser opens it again (`retry`), which also keeps proxies from holding a connection forever.
 */
import type { ServerResponse } from 'node:http';
import type { Config } from '../config/config';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { boardCards, cardsOf, travellerBringUp } from './bring-up-board';

const HEARTBEAT_MS = 25_000;

interface Stream {
  write(event: string, data: string): void;
  end(): void;
}

type Group<K> = Map<K, Set<Stream>>;

function join<K>(group: Group<K>, key: K, stream: Stream): () => void {
  const set = group.get(key) ?? new Set<Stream>();
  set.add(stream);
  group.set(key, set);
  return () => {
    set.delete(stream);
    if (set.size === 0) group.delete(key);
  };
}

export class BringUpHub {
  private readonly boards: Group<string> = new Map();
  private readonly bookings: Group<number> = new Map();
  private readonly unsubscribe: () => void;
  /** Bookings changed while a read is under way: read together next (one read per burst, in order). */
  private pending = new Set<number>();
  private everything = false;
  private boardsAgain = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    feed: ChangeFeed,
  ) {
    this.unsubscribe = feed.subscribe((table, detail) => this.changed(table, detail));
  }

  /** Open streams on this instance (the benchmark and the health of a busy desk). */
  get connections(): number {
    let count = 0;
    for (const set of [...this.boards.values(), ...this.bookings.values()]) count += set.size;
    return count;
  }

  private changed(table: string, detail: string | undefined): void {
    if (table === '*' || (table === 'bring_ups' && !detail)) {
      this.everything = true;
    } else if (table === 'bring_ups' && detail) {
      for (const id of detail.split(',')) if (/^\d+$/.test(id)) this.pending.add(Number(id));
    } else if (table === 'bookings' && this.boards.size) {
      this.boardsAgain = true;
    } else {
      return;
    }
    this.schedule();
  }

  private schedule(): void {
    this.running ??= this.flush().finally(() => {
      this.running = undefined;
      if (this.pending.size || this.everything || this.boardsAgain) this.schedule();
    });
  }

  private async flush(): Promise<void> {
    // Let the notifications of one burst gather (they arrive within the same tick or two).
    await new Promise((resolve) => setImmediate(resolve));
    const ids = [...this.pending];
    const everything = this.everything;
    const boardsAgain = this.boardsAgain;
    this.pending = new Set();
    this.everything = false;
    this.boardsAgain = false;
    try {
      if (boardsAgain && !everything) for (const date of this.boards.keys()) await this.sendBoard(date);
      if (everything) {
        for (const date of this.boards.keys()) await this.sendBoard(date);
        for (const id of this.bookings.keys()) await this.sendBooking(id);
        return;
      }
      const watched = ids.filter((id) => this.bookings.has(id));
      if (this.boards.size) {
        for (const card of await cardsOf(this.db, this.config, ids)) {
          const streams = this.boards.get(card.attributes.date);
          if (!streams) continue;
          const data = JSON.stringify(card);
          for (const stream of streams) stream.write('card', data);
        }
      }
      for (const id of watched) await this.sendBooking(id);
    } catch (error) {
      console.error('bring-up live update failed', error);
    }
  }

  private async sendBoard(date: string, only?: Stream): Promise<void> {
    const data = JSON.stringify(await boardCards(this.db, this.config, date));
    for (const stream of only ? [only] : (this.boards.get(date) ?? [])) stream.write('board', data);
  }

  private async sendBooking(bookingId: number, only?: Stream): Promise<void> {
    const data = JSON.stringify({
      type: 'bring-ups',
      id: String(bookingId),
      attributes: await travellerBringUp(this.db, bookingId),
    });
    for (const stream of only ? [only] : (this.bookings.get(bookingId) ?? [])) stream.write('bring-up', data);
  }

  /** The board of business date `date` on `raw`: every card at once, then each change. */
  async openBoard(raw: ServerResponse, date: string): Promise<void> {
    const stream = this.open(raw);
    const leave = join(this.boards, date, stream);
    raw.on('close', leave);
    await this.sendBoard(date, stream);
  }

  /** A booking's bring-up on `raw`: as it is, then each change. */
  async openBooking(raw: ServerResponse, bookingId: number): Promise<void> {
    const stream = this.open(raw);
    const leave = join(this.bookings, bookingId, stream);
    raw.on('close', leave);
    await this.sendBooking(bookingId, stream);
  }

  private readonly open = (raw: ServerResponse): Stream => {
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write('retry: 1000\n\n');
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const lifetime = setTimeout(() => raw.end(), this.config.bringUp.streamMs);
    const stop = () => {
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      this.all.delete(raw);
    };
    raw.on('close', stop);
    this.all.add(raw);
    return {
      write: (event, data) => {
        if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${data}\n\n`);
      },
      end: () => raw.end(),
    };
  };

  private readonly all = new Set<ServerResponse>();

  /** Ends every stream (the app is closing: its server waits for no open stream) and stops listening. */
  close(): void {
    this.unsubscribe();
    for (const raw of this.all) raw.end();
    this.all.clear();
  }
}

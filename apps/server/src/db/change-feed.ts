/**
 * Committed changes to the tables quotes are computed from, as PostgreSQL notifications: migration 0004's
 * statement triggers NOTIFY `parking_changes` with the table's name after every insert, update, delete or
 * truncate of bookings, lots and the rate and exceptional-day tables, whoever writes (any instance, the
 * abandon job, a psql session). Every instance LISTENs, so a cache held in memory is dropped (or brought up to
 * date) within milliseconds of a commit anywhere. With PGlite the notifications arrive in-process, before the
 * writing statement's promise resolves.
 *
 * A payload is the table's name, or the table's name, a colon and a detail the table's trigger adds: the
 * bookings' (migration 0015) tells the rows a statement changed, so that the quotes' held presence is updated
 * rather than read again (pricing/quote-cache.ts). Listeners get the two apart.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DatabaseHandle } from './client';

const CHANGES_CHANNEL = 'parking_changes';
const SYNC = 'sync';

export interface ChangeFeed {
  /** Whether notifications flow: false while the listening connection is down (a cache must not serve then). */
  readonly live: boolean;
  /**
   * `listener` runs after each committed change (its table's name, and the trigger's detail when it gave one),
   * and when the feed goes down or comes back (table '*').
   */
  subscribe(listener: ChangeListener): () => void;
  /**
   * Resolves once every change committed before the call has been delivered to the listeners: a NOTIFY
   * of our own on the listening connection, which the server delivers after all the earlier ones.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export type ChangeListener = (table: string, detail?: string) => void;

class Listeners {
  private readonly set = new Set<ChangeListener>();
  add(listener: ChangeListener) {
    this.set.add(listener);
    return () => void this.set.delete(listener);
  }
  emit(payload: string) {
    if (payload === SYNC) return;
    const colon = payload.indexOf(':');
    const table = colon < 0 ? payload : payload.slice(0, colon);
    const detail = colon < 0 ? undefined : payload.slice(colon + 1);
    for (const listener of this.set) listener(table, detail);
  }
}

function pgliteFeed(pglite: PGlite): ChangeFeed {
  const listeners = new Listeners();
  let unlisten: Promise<() => Promise<void>> | undefined = pglite.listen(CHANGES_CHANNEL, (payload) =>
    listeners.emit(payload),
  );
  return {
    live: true,
    subscribe: (listener) => listeners.add(listener),
    async sync() {
      await unlisten;
    },
    async close() {
      const stop = await unlisten;
      unlisten = undefined;
      await stop?.().catch(() => undefined);
    },
  };
}

/** A dedicated connection LISTENing; reconnects after a second when it drops, reporting the gap to listeners. */
async function postgresFeed(url: string): Promise<ChangeFeed> {
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) listeners.emit(message.payload ?? '');
    });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      live = false;
      listeners.emit('*');
      void next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => lost()), 1000);
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost();
      throw error;
    }
    live = true;
    // Whatever changed while nobody listened.
    listeners.emit('*');
  };
  await connect();
  // One round trip at a time on the listening connection: a sync asked for while one is under way waits for
  // the next, which answers every caller that asked meanwhile (it starts after all of them asked).
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  // A NOTIFY takes a transaction id, so its commit would wait for a WAL flush (milliseconds on a busy disk,
  // while the quotes after a booking wait for the sync): nothing is lost with it, so it does not wait
  // (synchronous_commit off for that one transaction; the notifications' order is the commits' all the same).
  const roundTrip = async () => {
    if (client && live)
      await client.query("SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)", [
        CHANGES_CHANNEL,
        SYNC,
      ]);
  };
  const sync = (): Promise<void> => {
    if (!running) {
      const started = roundTrip().finally(() => {
        if (running === started) running = undefined;
      });
      running = started;
      return started;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return sync();
      });
    return queued;
  };
  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.add(listener),
    sync,
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      live = false;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The feed of the handle's database: in-process for PGlite, a LISTEN connection for a PostgreSQL server. */
export async function openChangeFeed(handle: DatabaseHandle, url: string | undefined): Promise<ChangeFeed> {
  if (handle.pglite) return pgliteFeed(handle.pglite);
  if (!url) throw new Error('A PostgreSQL change feed needs the database URL');
  return postgresFeed(url);
}

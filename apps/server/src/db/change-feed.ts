/**
 * Committed changes to the tables quotes are computed from, as PostgreSQL notifications: migration 0004's
 * statement triggers NOTIFY `parking_changes` with the table's name after every insert, update, delete or
 * truncate of bookings, lots and the rate and exceptional-day tables, whoever writes (any instance, the
 * abandon job, a psql session). Every instance LISTENs, so a cache held in memory is dropped within
 * milliseconds of a commit anywhere. With PGlite the notifications arrive in-process, before the writing
 * statement's promise resolves.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DatabaseHandle } from './client';

export const CHANGES_CHANNEL = 'parking_changes';
const SYNC = 'sync';

export interface ChangeFeed {
  /** Whether notifications flow: false while the listening connection is down (a cache must not serve then). */
  readonly live: boolean;
  /** `listener` runs after each committed change (its table's name), and when the feed goes down or comes back. */
  subscribe(listener: (table: string) => void): () => void;
  /**
   * Resolves once every change committed before the call has been delivered to the listeners: a NOTIFY
   * of our own on the listening connection, which the server delivers after all the earlier ones.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

class Listeners {
  private readonly set = new Set<(table: string) => void>();
  add(listener: (table: string) => void) {
    this.set.add(listener);
    return () => void this.set.delete(listener);
  }
  emit(table: string) {
    if (table === SYNC) return;
    for (const listener of this.set) listener(table);
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
  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.add(listener),
    async sync() {
      if (client && live) await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, SYNC]);
    },
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

/**
 * The partner API's keys from memory (issue 42): every partner call names its key, and the availability call is
 * the partners' hot path. Every key (its hash, whether it is revoked, when it was last used) with its partner's name
 * and status is held, read in one statement (a few hundred rows at most), with the quotes' rules for keeping it
 * current (pricing/held-snapshot.ts): dropped on any committed change to the partners or their keys, by anyone
 * (migration 0031's triggers; a key's last use is not a change), after TTL_MS, and whenever the change feed is
 * down (then each call reads its key from the database, as before); after a write this instance makes
 * (http/route.ts), its next calls wait until the feed has delivered it. A key revoked, or a partner paused, is
 * refused at the next call, on every instance.
 */
import { eq } from 'drizzle-orm';
import type { ChangeFeed } from '../db/change-feed';
import type { Database, Executor } from '../db/client';
import { partnerApiKeys, partners } from '../db/schema/index';
import { HeldSnapshot } from '../pricing/held-snapshot';
import type { RateLimiter } from '../accounts/rate-limiter';
import { PartnerCallCounter } from './partner-call-counter';

const TTL_MS = 60_000;
/** The tables the keys are read from: a change to any other leaves them as they are. */
const READ = new Set(['partners', 'partner_api_keys', '*']);
/** A key's last use is noted to the minute: one write a minute, not one a call. */
const USE_NOTED_MS = 60_000;
/** The partner API's limit counts calls per key in a fixed window of a minute. */
const CALL_WINDOW_MS = 60_000;

/** A key as the partner API's authentication reads it. */
export interface KeyRow {
  keyId: number;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  id: number;
  name: string;
  status: string;
}

const keyColumns = {
  keyId: partnerApiKeys.id,
  revokedAt: partnerApiKeys.revokedAt,
  lastUsedAt: partnerApiKeys.lastUsedAt,
  id: partners.id,
  name: partners.name,
  status: partners.status,
};

/** The key whose sha256 is `hash`, read from the database (no key: undefined). */
export async function readKey(db: Executor, hash: string): Promise<KeyRow | undefined> {
  const [found] = await db
    .select(keyColumns)
    .from(partnerApiKeys)
    .innerJoin(partners, eq(partners.id, partnerApiKeys.partnerId))
    .where(eq(partnerApiKeys.keyHash, hash))
    .limit(1);
  return found;
}

export class PartnerKeyCache {
  private readonly held: HeldSnapshot<Map<string, KeyRow>, never>;
  /** When this instance last noted each key's use (ms), beside what the keys' rows said when read. */
  private readonly noted = new Map<number, number>();

  constructor(db: Database, feed: ChangeFeed) {
    this.held = new HeldSnapshot({
      feed,
      maxAnswers: 0,
      read: async (now) => {
        const rows = await db
          .select({ ...keyColumns, hash: partnerApiKeys.keyHash })
          .from(partnerApiKeys)
          .innerJoin(partners, eq(partners.id, partnerApiKeys.partnerId));
        return {
          value: new Map(rows.map(({ hash, ...row }) => [hash, row])),
          validUntil: now.getTime() + TTL_MS,
        };
      },
      change: (_held, table) => (READ.has(table) ? 'drop' : 'kept'),
    });
  }

  /** The key whose sha256 is `hash` at `now`: null when there is none, undefined when the database must say. */
  async find(now: Date, hash: string): Promise<KeyRow | null | undefined> {
    const held = await this.held.get(now);
    if (!held) return undefined;
    return held.value.get(hash) ?? null;
  }

  /** Whether the key's last use is to be written now (none noted in the last minute); noted as written if so. */
  useDue(key: KeyRow, now: Date): boolean {
    const last = Math.max(this.noted.get(key.keyId) ?? -Infinity, key.lastUsedAt?.getTime() ?? -Infinity);
    if (last > now.getTime() - USE_NOTED_MS && last <= now.getTime()) return false;
    this.noted.set(key.keyId, now.getTime());
    return true;
  }

  /** After a write this instance made: its next calls wait until the change feed has delivered it. */
  afterWrite(): void {
    this.held.afterWrite();
  }

  /** Loads from the database, for the tests. */
  get loads(): number {
    return this.held.loads;
  }

  close(): void {
    this.held.close();
  }
}

interface PartnerCallServices {
  partnerKeys: PartnerKeyCache | undefined;
  partnerCalls: PartnerCallCounter;
}

/** The partner API's services of an app: its keys held (when it has a change feed), its calls counted. */
export function partnerCallServices(
  db: Database,
  limiter: RateLimiter,
  feed: ChangeFeed | undefined,
): PartnerCallServices {
  return {
    partnerKeys: feed ? new PartnerKeyCache(db, feed) : undefined,
    partnerCalls: new PartnerCallCounter(limiter, CALL_WINDOW_MS),
  };
}

export function closePartnerCallServices(services: PartnerCallServices): void {
  services.partnerKeys?.close();
  services.partnerCalls.close();
}

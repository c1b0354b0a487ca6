/**
 * Availability pushed in seconds (issue 42, item 3). Every change that may alter what partners may sell leaves a
 * row in partner_push_changes in its own transaction (migration 0028's triggers; the allotment release sweep
 * below). The insert is announced on the change feed: every instance hears it and claims the unclaimed rows
 * (`FOR UPDATE SKIP LOCKED`: each row claimed by one instance), queuing in the same transaction one job per partner
 * with a webhook, naming the lots and days touched. The job (jobs/side-effect-handlers.ts) reads the partner's
 * availability when it runs and POSTs it, signed (webhook-signature.ts); a failure is retried with backoff.
 */
import { and, asc, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import { addDaysToDate, businessDate, eachDate, startOfBusinessDay } from '@parking/domain/dates';
import { iso } from '@parking/domain/api-values';
import { partnerPlaces, releaseInstant } from '@parking/domain/partners';
import type { Config } from '../config/config';
import type { ChangeFeed } from '../db/change-feed';
import type { Executor } from '../db/executor';
import { enqueue, type SideEffectJob } from '../db/job-queue';
import {
  blockoutPeriods,
  lots,
  partnerAllotments,
  partnerPushAttempts,
  partnerPushChanges,
  partners,
  partnerWebhooks,
} from '../db/schema/index';
import type { Services } from '../context';
import { staySupply, type SupplyContext } from './partner-availability';
import { signatureHeader, SIGNATURE_HEADER } from './webhook-signature';

export interface PushRange {
  lotId: number;
  from: string;
  to: string;
}

/** The days a partner may be told about: today to the booking horizon. */
export function pushHorizon(config: Config, now: Date): { first: string; last: string } {
  const first = businessDate(now, config.timeZone);
  return { first, last: addDaysToDate(first, config.stayLimits.horizonDays) };
}

type ChangeRow = typeof partnerPushChanges.$inferSelect;

/** A change's days within the horizon, or null when none is in it. */
function changeDays(change: ChangeRow, config: Config, now: Date): { from: string; to: string } | null {
  const { first, last } = pushHorizon(config, now);
  const tz = config.timeZone;
  const from = change.fromDate ?? (change.fromAt ? businessDate(change.fromAt, tz) : first);
  const to = change.toDate ?? (change.toAt ? businessDate(change.toAt, tz) : last);
  const clipped = { from: from < first ? first : from, to: to > last ? last : to };
  return clipped.from <= clipped.to ? clipped : null;
}

/**
 * Claims the changes not yet claimed and queues, in the same transaction, one push per partner with a webhook
 * (paused partners are told nothing). Answers how many pushes it queued.
 */
async function queuePartnerPushes(db: Executor, config: Config, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const unclaimed = tx
      .select({ id: partnerPushChanges.id })
      .from(partnerPushChanges)
      .where(isNull(partnerPushChanges.claimedAt))
      .orderBy(asc(partnerPushChanges.id))
      .limit(1000)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(partnerPushChanges)
      .set({ claimedAt: now })
      .where(inArray(partnerPushChanges.id, unclaimed))
      .returning();
    if (claimed.length === 0) return 0;
    const hooked = await tx
      .select({ partnerId: partnerWebhooks.partnerId })
      .from(partnerWebhooks)
      .innerJoin(partners, eq(partners.id, partnerWebhooks.partnerId))
      .where(ne(partners.status, 'paused'));
    if (hooked.length === 0) return 0;
    const lotIds = (await tx.select({ id: lots.id }).from(lots)).map((lot) => lot.id);
    let queued = 0;
    for (const { partnerId } of hooked) {
      const byLot = new Map<number, { from: string; to: string }>();
      for (const change of claimed) {
        if (change.partnerId !== null && change.partnerId !== partnerId) continue;
        const days = changeDays(change, config, now);
        if (!days) continue;
        for (const lotId of change.lotId === null ? lotIds : [change.lotId]) {
          if (!lotIds.includes(lotId)) continue;
          const held = byLot.get(lotId);
          byLot.set(lotId, {
            from: held && held.from < days.from ? held.from : days.from,
            to: held && held.to > days.to ? held.to : days.to,
          });
        }
      }
      if (byLot.size === 0) continue;
      const ranges = [...byLot].map(([lotId, days]) => ({ lotId, ...days }));
      await enqueue(tx, { kind: 'partner-availability', partnerId, ranges });
      queued += 1;
    }
    return queued;
  });
}

/**
 * Allotments whose release hour for a day passed within the last day: a change for that lot and day, once
 * (`dedupe_key`). Claimed rows older than three days, past any release's window, are deleted, and push attempts
 * older than 30 days.
 */
async function recordAllotmentReleases(db: Executor, config: Config, now: Date): Promise<number> {
  const tz = config.timeZone;
  const today = businessDate(now, tz);
  const allotments = await db.select().from(partnerAllotments);
  let recorded = 0;
  for (const allotment of allotments) {
    const lastDay = addDaysToDate(today, Math.ceil(allotment.releaseHours / 24) + 1);
    for (const date of eachDate(addDaysToDate(today, -1), lastDay)) {
      const at = releaseInstant(date, allotment.releaseHours, tz).getTime();
      if (at > now.getTime() || at <= now.getTime() - 86_400_000) continue;
      const inserted = await db
        .insert(partnerPushChanges)
        .values({
          lotId: allotment.lotId,
          fromDate: date,
          toDate: date,
          dedupeKey: `release:${allotment.id}:${date}`,
        })
        .onConflictDoNothing()
        .returning({ id: partnerPushChanges.id });
      recorded += inserted.length;
    }
  }
  await db
    .delete(partnerPushChanges)
    .where(lt(partnerPushChanges.claimedAt, new Date(now.getTime() - 3 * 86_400_000)));
  // The partners' screens show the last pushes: a month of them is kept.
  await db
    .delete(partnerPushAttempts)
    .where(lt(partnerPushAttempts.at, new Date(now.getTime() - 30 * 86_400_000)));
  return recorded;
}

/** The availability message: the partner's places on each day of each range, its stop-sells and the closures. */
export async function availabilityMessage(ctx: SupplyContext, partnerId: number, ranges: PushRange[]) {
  const tz = ctx.services.config.timeZone;
  const lotRows = ranges.length
    ? await ctx.db
        .select()
        .from(lots)
        .where(
          inArray(
            lots.id,
            ranges.map((range) => range.lotId),
          ),
        )
    : [];
  const answer: Array<{
    lot: string;
    days: Array<{
      date: string;
      places: number;
      stopSell: boolean;
      closures: Array<{ start: string; end: string }>;
    }>;
  }> = [];
  for (const range of ranges) {
    const lot = lotRows.find((row) => row.id === range.lotId);
    if (!lot) continue;
    const start = startOfBusinessDay(range.from, tz);
    const end = startOfBusinessDay(addDaysToDate(range.to, 1), tz);
    // The stay's own drop-off and pick-up are not a partner's: each day's closures are listed instead.
    const { days } = await staySupply(ctx, lot, partnerId, start, new Date(end.getTime() - 1));
    const closures = await ctx.db
      .select({ start: blockoutPeriods.startDatetime, end: blockoutPeriods.endDatetime })
      .from(blockoutPeriods)
      .where(
        and(
          eq(blockoutPeriods.blockType, 'parking'),
          lt(blockoutPeriods.startDatetime, end),
          gte(blockoutPeriods.endDatetime, start),
        ),
      );
    answer.push({
      lot: lot.slug,
      days: days.map((day) => {
        const dayStart = startOfBusinessDay(day.date, tz);
        const dayEnd = startOfBusinessDay(addDaysToDate(day.date, 1), tz);
        return {
          date: day.date,
          places: partnerPlaces({ ...day, closed: false }, partnerId, ctx.now, tz),
          stopSell: day.stopSold.has(partnerId),
          closures: closures
            .filter((closure) => closure.start < dayEnd && closure.end >= dayStart)
            .map((closure) => ({ start: iso(closure.start), end: iso(closure.end) })),
        };
      }),
    });
  }
  return { type: 'availability', partner: String(partnerId), sentAt: iso(ctx.now), lots: answer };
}

/** The job: the partner's availability now for the days named, POSTed signed to its webhook; a refusal throws. */
export async function pushAvailability(
  services: Pick<Services, 'database' | 'config' | 'clock'>,
  job: Extract<SideEffectJob, { kind: 'partner-availability' }>,
): Promise<void> {
  const [hook] = await services.database
    .select({ url: partnerWebhooks.url, secret: partnerWebhooks.secret })
    .from(partnerWebhooks)
    .innerJoin(partners, eq(partners.id, partnerWebhooks.partnerId))
    .where(and(eq(partnerWebhooks.partnerId, job.partnerId), ne(partners.status, 'paused')));
  // The webhook was removed or the partner paused since: nothing to tell.
  if (!hook) return;
  const now = services.clock();
  const { first } = pushHorizon(services.config, now);
  const ranges = job.ranges
    .map((range) => ({ ...range, from: range.from < first ? first : range.from }))
    .filter((range) => range.from <= range.to);
  const ctx: SupplyContext = { db: services.database, now, services: { config: services.config } };
  const message = await availabilityMessage(ctx, job.partnerId, ranges);
  const body = JSON.stringify(message);
  // What the partner's screen shows of each attempt (partner_push_attempts), recorded whatever the outcome.
  const record = (outcome: { delivered: boolean; httpStatus: number | null; error: string }) =>
    services.database.insert(partnerPushAttempts).values({
      partnerId: job.partnerId,
      at: now,
      days: message.lots.reduce((sum, lot) => sum + lot.days.length, 0),
      resync: job.resync === true,
      ...outcome,
    });
  let response: Response;
  try {
    response = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signatureHeader(hook.secret, body, now),
      },
      body,
      signal: AbortSignal.timeout(10_000),
      redirect: 'error',
    });
    await response.body?.cancel();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await record({
      delivered: false,
      httpStatus: null,
      error: `The partner's webhook could not be reached: ${reason}`,
    });
    throw error;
  }
  const refused = response.ok ? '' : `The partner's webhook answered ${response.status}.`;
  await record({ delivered: response.ok, httpStatus: response.status, error: refused });
  if (!response.ok) throw new Error(refused);
}

/**
 * Every instance: on each announced change (and when the feed comes back), claim and queue, then run the queue.
 * Answers a stop that waits for a round in progress.
 */
export function listenForPartnerPushes(
  feed: ChangeFeed,
  services: { database: Executor; config: Config; clock: () => Date; jobs: { nudge(): void } },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const round = (): void => {
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = queuePartnerPushes(services.database, services.config, services.clock())
      .then((queued) => {
        if (queued > 0) services.jobs.nudge();
      })
      .catch((error: unknown) => console.error('Partner pushes:', error))
      .finally(() => {
        running = null;
        if (again) round();
      });
  };
  const unsubscribe = feed.subscribe((table) => {
    if (table === 'partner_push_changes' || table === '*') round();
  });
  return async () => {
    unsubscribe();
    again = false;
    await running;
  };
}

/**
 * The sweep (every minute, main.ts): allotments released since the last round, and any change a lost
 * notification left unclaimed, queued; then the queue runs.
 */
export async function sweepPartnerPushes(services: {
  database: Executor;
  config: Config;
  clock: () => Date;
  jobs: { nudge(): void };
}): Promise<{ released: number; queued: number }> {
  const released = await recordAllotmentReleases(services.database, services.config, services.clock());
  const queued = await queuePartnerPushes(services.database, services.config, services.clock());
  if (queued > 0) services.jobs.nudge();
  return { released, queued };
}

/**
 * The waitlist of a full day (issue 24): join it, offer a freed place to the first whose stay now fits (held
 * for WAITLIST_HOLD_MINUTES, counted against capacity by pricing-data.ts), pass a lapsed hold on to the next,
 * book a held place, leave. Every step that counts places runs under the lot's lock (booking-rules.ts), so
 * a place is never both held and sold. Only entries confirmed by their address's owner (issue 38) are on the
 * list: an unconfirmed one is never offered anything. The domain's rules are in @parking/domain/waitlist.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { businessDate } from '@parking/domain/dates';
import { stayExceedsThreshold } from '@parking/domain/capacity';
import { stayLimitProblems } from '@parking/domain/stay-limits';
import {
  chooseOffers,
  holdExpiry,
  holdIsLive,
  OPEN_STATUSES,
  PENDING_CONFIRMATION_HOURS,
  pendingIsLive,
  QUEUED_STATUSES,
  waitlistMessages,
  type WaitlistJoinInput,
} from '@parking/domain/waitlist';
import type { Config } from '../config/config';
import type { RequestContext } from '../context';
import type { Executor } from '../db/client';
import { lots, waitlistEntries } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import type { MailMessage } from '../mail/mailer';
import { waitlistConfirmationMessage, waitlistJoinedMessage, waitlistOfferMessage } from './waitlist-emails';
import { waitlistTokenId, waitlistTokenMatches } from './waitlist-link';
import { lockLot, type LotRow } from '../bookings/booking-rules';
import { websitePresentByDay } from '../pricing/partner-holds';
import { queueMail } from '../mail/queue-mail';

export type WaitlistRow = typeof waitlistEntries.$inferSelect;

/** The entry a link's token opens, or null when the token is malformed, forged or names no entry. */
export async function entryOfToken(db: Executor, secret: string, token: string): Promise<WaitlistRow | null> {
  const id = waitlistTokenId(token);
  if (id === null) return null;
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  return entry && waitlistTokenMatches(secret, token, entry) ? entry : null;
}

/**
 * Joins the list for a stay the lot is full for (a stay with room is refused: it can be booked now). Anyone
 * may type any address, so the entry is `pending` and its address is emailed a link to confirm it; until
 * then it is on no list (issue 38). The caller learns nothing of an entry already there: whatever its state,
 * the answer is the same, and only its owner hears of it (waitlist/waitlist-routes.ts). Asked again for the same lot,
 * dates and address, an unconfirmed entry has its confirmation sent again (with a day from now to open it);
 * a confirmed one has the email its state calls for sent again (its place on the list, or the place held).
 * The per-address and per-network limits bound all of these.
 */
export async function joinWaitlist(
  ctx: RequestContext,
  input: WaitlistJoinInput,
  lotId: number,
): Promise<void> {
  const tz = ctx.services.config.timeZone;
  const today = businessDate(ctx.now, tz);
  if (input.startDate < today)
    throw new DomainError('invalid', waitlistMessages.pastDate, { field: 'startDate' });
  const [problem] = stayLimitProblems(input.startDate, input.endDate, today, ctx.services.config.stayLimits);
  if (problem)
    throw new DomainError('stay_limit', problem.message, {
      field: problem.field === 'startDatetime' ? 'startDate' : 'endDate',
    });

  const lot = await lockLot(ctx, lotId);
  // Asked before any entry is looked at: whether the stay is full must not depend on who asks.
  // Counted as the website's quote counts it: the places held for partners are not free.
  const present = await websitePresentByDay(ctx.db, {
    lotIds: [lot.id],
    startDate: input.startDate,
    endDate: input.endDate,
    timeZone: tz,
    now: ctx.now,
  });
  if (!stayExceedsThreshold(present.get(lot.id) ?? [], lot.spaces, lot.fillRateThreshold))
    throw new DomainError('not_full', waitlistMessages.notFull, { relationship: 'lot' });

  const [existing] = await ctx.db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.lotId, lot.id),
        eq(waitlistEntries.startDate, input.startDate),
        eq(waitlistEntries.endDate, input.endDate),
        eq(waitlistEntries.email, input.email),
        inArray(waitlistEntries.status, [...OPEN_STATUSES]),
      ),
    );
  const config = ctx.services.config;
  if (existing?.status === 'waiting') {
    await queueMail(ctx.db, waitlistJoinedMessage(config, existing, lot.name));
    return;
  }
  if (existing?.status === 'offered') {
    await queueMail(ctx.db, waitlistOfferMessage(config, existing, lot.name, tz));
    return;
  }
  const [entry] = existing
    ? await ctx.db
        .update(waitlistEntries)
        .set({ joined: ctx.now, updated: ctx.now })
        .where(eq(waitlistEntries.id, existing.id))
        .returning()
    : await ctx.db
        .insert(waitlistEntries)
        .values({
          nonce: randomBytes(18).toString('base64url'),
          email: input.email,
          lotId: lot.id,
          startDate: input.startDate,
          endDate: input.endDate,
          status: 'pending',
          joined: ctx.now,
          updated: ctx.now,
        })
        .returning();
  if (!entry) throw new Error('Waitlist entry not created');
  await queueMail(ctx.db, waitlistConfirmationMessage(config, entry, lot.name));
}

/**
 * The confirmation link opened (/waitlist/confirm/{token}): its entry is on the list from now on, in the
 * list's order from now (before it was on no list, so nobody confirmed earlier is passed), and is offered a
 * place at once if one is free. Answers the entry as it is then, or null when the token is malformed, forged,
 * names no entry or one whose day to confirm has passed. Opening it again changes nothing.
 */
export async function confirmWaitlist(ctx: RequestContext, token: string): Promise<WaitlistRow | null> {
  const secret = ctx.services.config.sessionSecret;
  const id = waitlistTokenId(token);
  if (id === null) return null;
  const [entry] = await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  if (!entry || !waitlistTokenMatches(secret, token, entry, 'waitlist-confirmation')) return null;
  if (entry.status !== 'pending') return entry;
  const lot = await lockLot(ctx, entry.lotId);
  // Read again under the lot's lock: a second click, or the sweep dropping it, may have come first.
  const [locked] = await ctx.db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entry.id))
    .for('update');
  if (!locked) return null;
  if (locked.status !== 'pending') return locked;
  if (!pendingIsLive(locked.joined, ctx.now)) return null;
  await ctx.db
    .update(waitlistEntries)
    .set({ status: 'waiting', joined: ctx.now, updated: ctx.now })
    .where(eq(waitlistEntries.id, locked.id));
  const mails = await offerPlaces(ctx.db, lot, requestRules(ctx));
  for (const mail of mails) await queueMail(ctx.db, mail);
  const [confirmed] = await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, locked.id));
  if (!confirmed) return null;
  // Offered at once, the offer says all; otherwise the welcome carries the way off the list.
  if (confirmed.status === 'waiting')
    await queueMail(ctx.db, waitlistJoinedMessage(ctx.services.config, confirmed, lot.name));
  return confirmed;
}

/**
 * Unconfirmed entries whose day to confirm has passed: deleted, as an address typed by someone else is
 * nothing to keep. Answers how many.
 */
export async function dropUnconfirmed(db: Executor, now: Date): Promise<number> {
  const due = and(
    eq(waitlistEntries.status, 'pending'),
    lte(waitlistEntries.joined, new Date(now.getTime() - PENDING_CONFIRMATION_HOURS * 3_600_000)),
  );
  // Asked first, as lapseHolds does: a DELETE of no rows would still announce a change to every instance.
  const [any] = await db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(due).limit(1);
  if (!any) return 0;
  const dropped = await db.delete(waitlistEntries).where(due).returning({ id: waitlistEntries.id });
  return dropped.length;
}

export interface WaitlistRules {
  now: Date;
  timeZone: string;
  holdMinutes: number;
  config: Config;
}

/**
 * Offers the lot's free places to its waitlist, first come first served (chooseOffers): each entry offered
 * holds its place from now on. The lot must be locked by the caller. Answers the emails to send once the
 * transaction has committed.
 */
export async function offerPlaces(db: Executor, lot: LotRow, rules: WaitlistRules): Promise<MailMessage[]> {
  const today = businessDate(rules.now, rules.timeZone);
  const waiting = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.lotId, lot.id),
        eq(waitlistEntries.status, 'waiting'),
        gte(waitlistEntries.endDate, today),
      ),
    )
    .orderBy(asc(waitlistEntries.joined), asc(waitlistEntries.id));
  // A stay already under way is offered only its days from today.
  const candidates = waiting.map((entry) => ({
    ...entry,
    startDate: entry.startDate < today ? today : entry.startDate,
  }));
  if (candidates.length === 0) return [];
  const from = candidates.reduce((min, entry) => (entry.startDate < min ? entry.startDate : min), today);
  const to = candidates.reduce((max, entry) => (entry.endDate > max ? entry.endDate : max), today);
  const present = await websitePresentByDay(db, {
    lotIds: [lot.id],
    startDate: from,
    endDate: to,
    timeZone: rules.timeZone,
    now: rules.now,
  });
  const offers = chooseOffers(candidates, present.get(lot.id) ?? [], from, lot);
  if (offers.length === 0) return [];
  const expires = holdExpiry(rules.now, rules.holdMinutes);
  const offered = await db
    .update(waitlistEntries)
    .set({ status: 'offered', offeredAt: rules.now, holdExpiresAt: expires, updated: rules.now })
    .where(
      and(
        inArray(
          waitlistEntries.id,
          offers.map((entry) => entry.id),
        ),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .returning();
  return offered.map((entry) => waitlistOfferMessage(rules.config, entry, lot.name, rules.timeZone));
}

const requestRules = (ctx: RequestContext): WaitlistRules => ({
  now: ctx.now,
  timeZone: ctx.services.config.timeZone,
  holdMinutes: ctx.services.config.waitlistHoldMinutes,
  config: ctx.services.config,
});

/**
 * A place may have freed in the lot (a cancellation, a change, a staff edit, a traveller leaving): offer it
 * now, under the lot's lock, and email whoever it is held for once the request has committed.
 */
export async function offerFreedPlaces(ctx: RequestContext, lotId: number): Promise<void> {
  const lot = await lockLot(ctx, lotId);
  const mails = await offerPlaces(ctx.db, lot, requestRules(ctx));
  for (const mail of mails) await queueMail(ctx.db, mail);
}

/** Holds that have lapsed: their travellers' turn has passed (their places count no more). Answers how many. */
export async function lapseHolds(db: Executor, now: Date): Promise<number> {
  const due = and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.holdExpiresAt, now));
  // Asked first: an UPDATE of no rows would still fire the table's change notification every minute, and
  // every instance would drop its held quotes for nothing.
  const [any] = await db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(due).limit(1);
  if (!any) return 0;
  const lapsed = await db
    .update(waitlistEntries)
    .set({ status: 'lapsed', updated: now })
    .where(due)
    .returning({ id: waitlistEntries.id });
  return lapsed.length;
}

/** The lots with travellers waiting for a stay that has not ended. */
export async function lotsWithWaiting(db: Executor, today: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ lotId: waitlistEntries.lotId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'waiting'), gte(waitlistEntries.endDate, today)));
  return rows.map((row) => row.lotId);
}

/**
 * The hold a booking from the wizard claims with its waitlist token: live, and for this lot and these
 * dates. Its place is then the one the booking takes (assertCapacity leaves it out; consumeHold ends it).
 */
export async function claimedHold(
  ctx: RequestContext,
  token: string,
  lotId: number,
  start: Date,
  end: Date,
): Promise<WaitlistRow> {
  const entry = await entryOfToken(ctx.db, ctx.services.config.sessionSecret, token);
  if (!entry)
    throw new DomainError('waitlist_link_invalid', waitlistMessages.linkInvalid, { field: 'waitlistToken' });
  // Read again under the lot's lock: the sweep may just have passed it on.
  const [locked] = await ctx.db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entry.id))
    .for('update');
  if (!locked || locked.status !== 'offered' || !holdIsLive(locked.holdExpiresAt, ctx.now))
    throw new DomainError('waitlist_hold_lapsed', waitlistMessages.holdLapsed, { field: 'waitlistToken' });
  const tz = ctx.services.config.timeZone;
  if (
    locked.lotId !== lotId ||
    locked.startDate !== businessDate(start, tz) ||
    locked.endDate !== businessDate(end, tz)
  )
    throw new DomainError('waitlist_hold_mismatch', waitlistMessages.holdMismatch, {
      field: 'waitlistToken',
    });
  return locked;
}

/** The held place is now the booking's: the entry leaves the list, booked. */
export async function consumeHold(ctx: RequestContext, entryId: number, bookingId: number): Promise<void> {
  await ctx.db
    .update(waitlistEntries)
    .set({ status: 'booked', bookingId, updated: ctx.now })
    .where(eq(waitlistEntries.id, entryId));
}

/** Leaves the list (from an emailed link); a place held for the traveller goes to the next at once. */
export async function leaveWaitlist(ctx: RequestContext, entry: WaitlistRow): Promise<void> {
  if (!(QUEUED_STATUSES as readonly string[]).includes(entry.status)) return;
  const lot = await lockLot(ctx, entry.lotId);
  const [left] = await ctx.db
    .update(waitlistEntries)
    .set({ status: 'left', updated: ctx.now })
    .where(and(eq(waitlistEntries.id, entry.id), inArray(waitlistEntries.status, [...QUEUED_STATUSES])))
    .returning({ id: waitlistEntries.id });
  if (left) {
    const mails = await offerPlaces(ctx.db, lot, requestRules(ctx));
    for (const mail of mails) await queueMail(ctx.db, mail);
  }
}

/** The lot's name, for the waitlist page. */
export async function lotName(db: Executor, lotId: number): Promise<string> {
  const [lot] = await db.select({ name: lots.name }).from(lots).where(eq(lots.id, lotId));
  return lot?.name ?? '';
}

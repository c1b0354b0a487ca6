/**
 * The privacy centre (issue 38):
 *
 * - GET personal-data/: the signed-in user's own data as a zip (privacy/privacy-export.ts), at most
 *   EXPORTS_PER_HOUR an hour per account (each reads every photo of theirs);
 * - POST account-closures/ {password}: closes the signed-in customer's account (privacy/account-closure.ts);
 * - GET account-closures/ and GET retention-runs/ (Admins): the closings and what the retention job did, newest
 *   first, with counts only (nothing that identifies the person).
 */
import { desc } from 'drizzle-orm';
import { accountClosureSchema, EXPORTS_PER_HOUR, privacyMessages } from '@parking/domain/privacy';
import { businessDate } from '@parking/domain/dates';
import { accountClosures, retentionRuns } from '../db/schema/index';
import { action, type Action } from '../http/action';
import { iso } from '@parking/domain/api-values';
import { closeAccount } from './account-closure';
import { collectPersonalData, zipPersonalData } from './privacy-export';

const HOUR_MS = 3_600_000;
/** The Admin lists show the latest rows (no paging: a year of daily runs, the recent closings). */
const LIST_LIMIT = 400;

export const privacyActions: Action[] = [
  action({
    method: 'GET',
    path: 'personal-data/',
    access: 'authenticated',
    readOnly: true,
    async throttle(ctx) {
      if (!ctx.user) return;
      await ctx.services.rateLimiter.consume(
        `personal-data:user:${ctx.user.id}`,
        EXPORTS_PER_HOUR,
        HOUR_MS,
        privacyMessages.tooManyExports,
      );
    },
    async handle(ctx, _input, reply) {
      const userId = ctx.user?.id ?? 0;
      const data = await collectPersonalData(ctx, userId);
      const day = businessDate(ctx.now, ctx.services.config.timeZone);
      return reply
        .status(200)
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="my-skypark-data-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(zipPersonalData(ctx, data));
    },
  }),
  action({
    method: 'POST',
    path: 'account-closures/',
    type: 'account-closures',
    input: accountClosureSchema,
    access: 'authenticated',
    async throttle(ctx) {
      if (!ctx.user) return;
      const limits = ctx.services.config.rateLimits;
      await ctx.services.rateLimiter.consume(
        `account-closure:user:${ctx.user.id}`,
        limits.requestsPerAccount,
        limits.windowMs,
        privacyMessages.tooManyAttempts,
      );
    },
    transaction: true,
    async handle(ctx, { attributes }) {
      const closed = await closeAccount(ctx, attributes.password);
      return {
        data: {
          type: 'account-closures',
          id: String(closed.id),
          attributes: {
            closedAt: iso(closed.closedAt),
            bookingsDeIdentified: closed.bookingsDeIdentified,
            vehiclesDeIdentified: closed.vehiclesDeIdentified,
            photosDeleted: closed.photosDeleted,
            sessionsEnded: closed.sessionsEnded,
          },
        },
      };
    },
  }),
  action({
    method: 'GET',
    path: 'account-closures/',
    access: 'admin',
    readOnly: true,
    async handle(ctx) {
      const rows = await ctx.db
        .select()
        .from(accountClosures)
        .orderBy(desc(accountClosures.closedAt), desc(accountClosures.id))
        .limit(LIST_LIMIT);
      return {
        data: rows.map((row) => ({
          type: 'account-closures',
          id: String(row.id),
          attributes: {
            closedAt: iso(row.closedAt),
            customerId: row.customerId === null ? null : String(row.customerId),
            bookingsDeIdentified: row.bookingsDeIdentified,
            vehiclesDeIdentified: row.vehiclesDeIdentified,
            photosDeleted: row.photosDeleted,
            sessionsEnded: row.sessionsEnded,
          },
        })),
        meta: { count: rows.length },
      };
    },
  }),
  action({
    method: 'GET',
    path: 'retention-runs/',
    access: 'admin',
    readOnly: true,
    async handle(ctx) {
      const rows = await ctx.db
        .select()
        .from(retentionRuns)
        .orderBy(desc(retentionRuns.startedAt), desc(retentionRuns.id))
        .limit(LIST_LIMIT);
      return {
        data: rows.map((row) => ({
          type: 'retention-runs',
          id: String(row.id),
          attributes: {
            startedAt: iso(row.startedAt),
            finishedAt: iso(row.finishedAt),
            retentionYears: row.retentionYears,
            photoRetentionDays: row.photoRetentionDays,
            customersDeIdentified: row.customersDeIdentified,
            bookingsDeIdentified: row.bookingsDeIdentified,
            photosDeleted: row.photosDeleted,
          },
        })),
        meta: { count: rows.length },
      };
    },
  }),
];

/**
 * The waitlist of full days (services/waitlist.ts). Anyone may join for a stay the lot is full for (the
 * wizard's and the home page's full-lot message); joining again for the same stay is the same entry. Staff
 * list the entries by day (the back office's Waitlist screen, the diary's count). Nobody edits one: a
 * traveller leaves from their emailed link (routes/waitlist.ts).
 */
import { and, gte, lte, sql } from 'drizzle-orm';
import type { WaitlistEntryAttributes } from '@parking/domain/api-contract/waitlist';
import { WAITLIST_STATUSES, waitlistJoinSchema, waitlistMessages } from '@parking/domain/waitlist';
import { isStaff } from '../context';
import { waitlistEntries } from '../db/schema/index';
import { readAttributes, readRelationshipIds } from '../jsonapi/document';
import { errors } from '../jsonapi/errors';
import type { ResourceDefinition } from '../jsonapi/resource';
import { iso } from '../jsonapi/values';
import { joinWaitlist, type WaitlistRow } from '../services/waitlist';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const waitlistEntriesResource: ResourceDefinition<WaitlistRow> = {
  type: 'waitlist-entries',
  table: waitlistEntries,
  idColumn: waitlistEntries.id,
  notFound: 'Waitlist entry not found',
  attributes: (row) =>
    ({
      email: row.email,
      startDate: row.startDate,
      endDate: row.endDate,
      status: row.status,
      joined: iso(row.joined),
      offeredAt: iso(row.offeredAt),
      holdExpiresAt: iso(row.holdExpiresAt),
    }) satisfies WaitlistEntryAttributes,
  relationships: { lot: { kind: 'one', type: 'lots', key: 'lotId' } },
  filters: {
    // The entries whose stay covers a day: the waitlist "of" that day.
    date: {
      kind: 'custom',
      apply: (value) => {
        if (!DATE.test(value)) throw errors.parameter('Enter a valid date.', 'filter[date]');
        return and(lte(waitlistEntries.startDate, value), gte(waitlistEntries.endDate, value));
      },
    },
    status: {
      kind: 'column',
      column: waitlistEntries.status,
      value: 'string',
      ops: ['eq', 'in'],
      choices: WAITLIST_STATUSES,
    },
    lot: { kind: 'column', column: waitlistEntries.lotId, value: 'int', ops: ['eq', 'in'] },
    email: { kind: 'column', column: waitlistEntries.email, value: 'string', ops: ['eq', 'icontains'] },
  },
  sorts: {
    joined: waitlistEntries.joined,
    id: waitlistEntries.id,
    startDate: waitlistEntries.startDate,
    // Those holding a place first, then those waiting, then the rest.
    status: sql`CASE ${waitlistEntries.status} WHEN 'offered' THEN 0 WHEN 'waiting' THEN 1 ELSE 2 END`,
  },
  defaultSort: 'status,joined,id',
  access: { list: 'staff', read: 'staff', create: 'anyone' },

  async throttle(ctx) {
    if (isStaff(ctx.user)) return;
    const { requestsPerIp, windowMs } = ctx.services.config.rateLimits;
    await ctx.services.rateLimiter.consume(
      `waitlist:ip:${ctx.ip}`,
      requestsPerIp,
      windowMs,
      waitlistMessages.tooMany,
    );
  },

  async create(ctx, doc) {
    const input = readAttributes(waitlistJoinSchema, doc);
    const { ids } = readRelationshipIds(doc, { lot: 'one' });
    if (ids.lot == null)
      throw errors.invalid('This field is required.', '/data/relationships/lot', 'required');
    return joinWaitlist(ctx, input, ids.lot);
  },
};

/**
 * The waitlist of full days (waitlist/waitlist.ts). Staff list the entries by day (the back office's Waitlist
 * screen, the diary's count). Anyone joins through waitlist/waitlist-routes.ts (`POST waitlist-entries/`, which answers
 * nothing of the entry, issue 38) rather than the generic create, whose answer is the stored row. Nobody edits
 * one: a traveller confirms and leaves from their emailed links (waitlist/waitlist-routes.ts).
 */
import { and, gte, lte, sql } from 'drizzle-orm';
import type { WaitlistEntryAttributes } from '@parking/domain/api-contract/waitlist';
import { WAITLIST_STATUSES } from '@parking/domain/waitlist';
import { waitlistEntries } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import type { ResourceDefinition } from '../jsonapi/resource';
import { iso } from '@parking/domain/api-values';
import type { WaitlistRow } from './waitlist';

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
  access: { list: 'staff', read: 'staff' },
};

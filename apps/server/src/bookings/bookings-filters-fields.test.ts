/**
 * The back office's booking list filters on a booking's own fields (back-office §7): ids, the customer
 * search (and the trigram index it reads), rego, status and payment status. On the bookings of
 * test/booking-list.ts, written straight into the database.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { bookings } from '../db/schema/index';
import { inline, sorted, useBookingList } from '../test/booking-list';
import { firstError } from '../test/server';
import { bookingSearch } from './booking-search-sql';

const { server, tokens, id, list, listCodes } = useBookingList();

describe('booking list filters (back office)', () => {
  it('id and id__in', async () => {
    expect(await listCodes({ 'filter[id]': id('FUTURE23') })).toEqual(['FUTURE23']);
    expect(sorted(await listCodes({ 'filter[id__in]': `${id('PARKED22')},${id('PASTPP24')}` }))).toEqual([
      'PARKED22',
      'PASTPP24',
    ]);
    expect((await list(tokens.sales, { 'filter[id]': 'x' })).status).toBe(400);
  });

  it.each([
    ['full name', 'alice nguyen', ['PARKED22', 'FUTURE23', 'DIARYA26', 'PAYLATE2']],
    [
      'last name',
      'SMITH',
      ['OPENEND2', 'PASTPP24', 'PENDNG25', 'DIARYB27', 'DIARYC28', 'DIARYX29', 'PAYNEXT2'],
    ],
    [
      'email',
      'bob.smith@',
      ['OPENEND2', 'PASTPP24', 'PENDNG25', 'DIARYB27', 'DIARYC28', 'DIARYX29', 'PAYNEXT2'],
    ],
    ['phone', '0411 222', ['PARKED22', 'FUTURE23', 'DIARYA26', 'PAYLATE2']],
    [
      'business',
      'acme',
      ['OPENEND2', 'PASTPP24', 'PENDNG25', 'DIARYB27', 'DIARYC28', 'DIARYX29', 'PAYNEXT2'],
    ],
    ['rego', 'fut003', ['FUTURE23']],
    ['booking code', 'paylate', ['PAYLATE2']],
    ['a LIKE wildcard taken literally', '%', []],
    ['nothing across two fields (last name then email)', 'nguyen alice@', []],
    ['nothing across two fields, even with a line break typed in', 'nguyen\nalice@', []],
  ])('customer_details by %s', async (_what, text, expected) => {
    expect(sorted(await listCodes({ 'filter[customer_details]': text }))).toEqual(sorted(expected));
  });

  it('customer_details reads the trigram index (bookings_search_trgm_idx), not every booking', async () => {
    // The search's expression must be the index's (migration 0006); with sequential scans off the plan
    // shows whether the planner can use the index at all.
    const query = server.handle.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(bookingSearch('smith'))
      .toSQL();
    const db = server.handle.db;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await tx.execute(sql.raw(`EXPLAIN ${inline(query.sql, query.params)}`));
      return rowsOf<{ 'QUERY PLAN': string }>(rows)
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('bookings_search_trgm_idx');
  });

  it('rego (exact) and rego__icontains', async () => {
    expect(await listCodes({ 'filter[rego]': 'PST004' })).toEqual(['PASTPP24']);
    expect(await listCodes({ 'filter[rego]': 'pst004' })).toEqual([]);
    expect(sorted(await listCodes({ 'filter[rego__icontains]': 'dia00' }))).toEqual([
      'DIARYA26',
      'DIARYB27',
      'DIARYC28',
      'DIARYX29',
    ]);
  });

  it('status and status__in, paymentStatus; unknown values are refused', async () => {
    expect(await listCodes({ 'filter[status]': 'pending' })).toEqual(['PENDNG25']);
    expect(sorted(await listCodes({ 'filter[status__in]': 'pending,cancelled' }))).toEqual([
      'DIARYX29',
      'PENDNG25',
    ]);
    expect(sorted(await listCodes({ 'filter[paymentStatus]': 'paid' }))).toEqual([
      'PARKED22',
      'PAYLATE2',
      'PAYNEXT2',
    ]);
    expect(await listCodes({ 'filter[paymentStatus]': 'refunded' })).toEqual(['PASTPP24']);
    expect(firstError((await list(tokens.sales, { 'filter[status]': 'done' })).body)).toMatchObject({
      status: '400',
      source: { parameter: 'filter[status]' },
    });
    expect((await list(tokens.sales, { 'filter[paymentStatus]': 'owing' })).status).toBe(400);
  });
});

/**
 * The back office's booking list beyond the filters by field and date: the extras filters (the Extras
 * report), sorting, paging and included resources. On the bookings of test/booking-list.ts.
 */
import { describe, expect, it } from 'vitest';
import { ALL, codes, sorted, useBookingList } from '../test/booking-list';
import { many } from '../test/server';

const { f, tokens, customerIds, id, list, listCodes } = useBookingList();

describe('booking list filters (back office)', () => {
  it('extras true and false; the Extras report call', async () => {
    expect(await listCodes({ 'filter[extras]': 'true' })).toEqual(['FUTURE23']);
    expect(sorted(await listCodes({ 'filter[extras]': 'false' }))).toEqual(
      sorted(ALL.filter((code) => code !== 'FUTURE23')),
    );
    expect((await list(tokens.sales, { 'filter[extras]': 'yes' })).status).toBe(400);
    // "extras not null", as the report words it.
    expect(await listCodes({ 'filter[extras__isnull]': 'false' })).toEqual(['FUTURE23']);
    expect((await listCodes({ 'filter[extras__isnull]': 'true' })).length).toBe(ALL.length - 1);
    const report = await list(tokens.sales, {
      'filter[extras__isnull]': 'false',
      'filter[end_datetime__gte]': '2026-11-01T00:00:00+11:00',
      'filter[end_datetime__lte]': '2026-11-30T23:59:59.999+11:00',
      'filter[status]': 'complete',
      sort: 'endDatetime',
      include: 'airlineOut,airlineIn,lot,extras',
    });
    expect(report.status).toBe(200);
    expect(codes(report.body)).toEqual(['FUTURE23']);
    expect(many(report.body)[0]?.attributes.extrasPrices).toEqual({ [String(f.wash.id)]: '30.00' });
    expect((report.body.included ?? []).map((resource) => resource.type).sort()).toEqual([
      'airlines',
      'extras',
      'lots',
    ]);
  });

  it('sorts: -created (the default), startDatetime, endDatetime, paymentDatetime', async () => {
    const newestFirst = [...ALL].reverse();
    expect(await listCodes({})).toEqual(newestFirst);
    expect(await listCodes({ sort: '-created' })).toEqual(newestFirst);
    const byStart = await listCodes({ sort: 'startDatetime' });
    expect(byStart.slice(0, 4)).toEqual(['PASTPP24', 'PARKED22', 'PENDNG25', 'OPENEND2']);
    expect(byStart.at(-1)).toBe('PAYNEXT2');
    const byEnd = await listCodes({ sort: 'endDatetime' });
    expect(byEnd[0]).toBe('PASTPP24');
    expect(byEnd.at(-1)).toBe('OPENEND2'); // no pick-up date sorts last, as PostgreSQL orders NULL
    expect((await listCodes({ sort: '-endDatetime' }))[0]).toBe('OPENEND2');
    const byPayment = await listCodes({ sort: 'paymentDatetime', 'filter[paymentStatus]': 'paid' });
    expect(byPayment).toEqual(['PARKED22', 'PAYLATE2', 'PAYNEXT2']);
    expect((await list(tokens.sales, { sort: 'rego' })).status).toBe(400);
  });

  it('pages: page size up to 10000 (the "all" choice), meta.pagination counts', async () => {
    const page = await list(tokens.sales, { 'page[size]': '2', 'page[number]': '2' });
    expect(page.body.meta?.pagination).toEqual({
      count: ALL.length,
      page: 2,
      pages: Math.ceil(ALL.length / 2),
    });
    expect(codes(page.body)).toEqual([...ALL].reverse().slice(2, 4));
    expect((await list(tokens.sales, { 'page[size]': '1000' })).status).toBe(200);
    expect((await list(tokens.sales, { 'page[size]': '10000' })).status).toBe(200);
    expect((await list(tokens.sales, { 'page[size]': '10001' })).status).toBe(400);
  });

  it('include=lot,extras,airlineOut,customer', async () => {
    const response = await list(tokens.sales, {
      'filter[id]': id('FUTURE23'),
      include: 'lot,extras,airlineOut,customer',
    });
    expect(response.status).toBe(200);
    const included = (response.body.included ?? [])
      .map((resource) => `${resource.type}:${resource.id}`)
      .sort();
    expect(included).toEqual(
      sorted([
        `lots:${f.outdoor.id}`,
        `extras:${f.wash.id}`,
        `airlines:${f.qantas.id}`,
        `customers:${customerIds.alice}`,
      ]),
    );
    expect((await list(tokens.sales, { include: 'nope' })).status).toBe(400);
  });
});

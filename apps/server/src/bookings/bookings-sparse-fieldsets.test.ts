/**
 * JSON:API sparse fieldsets on bookings (jsonapi/sparse.ts): the diary asks for the two dozen fields its rows show
 * of a thousand bookings, and the server selects, computes and sends only those. Each attribute read alone is the
 * attribute of the whole read (so every computed one declares what it reads); staff-only attributes stay staff's;
 * a name that is not a field is refused. On the bookings of test/booking-list.ts.
 */
import { describe, expect, it } from 'vitest';
import { ALL, BOOKINGS, useBookingList } from '../test/booking-list';
import { expectInvalidParameter } from '../test/jsonapi-list-fixtures';
import { api, many, one, type JsonResource } from '../test/server';

const { server, tokens, id, list } = useBookingList();

const byId = (rows: JsonResource[]) => new Map(rows.map((row) => [row.id, row]));

describe('sparse fieldsets on bookings', () => {
  it("answers only the diary's fields, with the relationships its includes follow left out", async () => {
    const response = await list(tokens.sales, {
      'filter[diaryDate]': '2026-12-05',
      'filter[status]': 'complete',
      include: 'airlineOut,airlineIn,lot',
      'fields[bookings]': 'bookingCode,firstName,lot',
    });
    expect(response.status).toBe(200);
    const rows = many(response.body);
    expect(rows.map((row) => row.attributes.bookingCode).sort()).toEqual(['DIARYA26', 'DIARYB27']);
    for (const row of rows) {
      expect(Object.keys(row.attributes).sort()).toEqual(['bookingCode', 'firstName']);
      expect(Object.keys(row.relationships ?? {})).toEqual(['lot']);
    }
    // The airlines are included although their linkage was not asked for.
    expect((response.body.included ?? []).map((item) => item.type).sort()).toEqual(['airlines', 'lots']);
  });

  it('reads each attribute and relationship alone as the whole read has it (staff, every booking)', async () => {
    const whole = await list(tokens.admin, {});
    expect(whole.status).toBe(200);
    const rows = byId(many(whole.body));
    expect(rows.size).toBe(ALL.length);
    const first = rows.values().next().value;
    if (!first) throw new Error('no booking');
    const names = [...Object.keys(first.attributes), ...Object.keys(first.relationships ?? {})];
    expect(names).toContain('returnBusTime');
    expect(names).toContain('notes');
    for (const name of names) {
      const response = await list(tokens.admin, { 'fields[bookings]': name });
      expect(response.status, name).toBe(200);
      for (const row of many(response.body)) {
        const full = rows.get(row.id);
        if (!full) throw new Error(`booking ${row.id} missing from the whole read`);
        const relationship = full.relationships?.[name];
        if (relationship) {
          expect(row.attributes, name).toEqual({});
          expect(row.relationships, name).toEqual({ [name]: relationship });
        } else {
          expect(row.attributes, name).toEqual({ [name]: full.attributes[name] });
          expect(row.relationships, name).toBeUndefined();
        }
      }
    }
  });

  it("never gives a customer the staff's attributes, asked for by name", async () => {
    const response = await list(tokens.alice, { 'fields[bookings]': 'bookingCode,notes,fuelLevel' });
    expect(response.status).toBe(200);
    const rows = many(response.body);
    expect(rows.length).toBe(4);
    for (const row of rows) expect(Object.keys(row.attributes)).toEqual(['bookingCode']);
  });

  it('narrows a single read, an included type, and answers an empty fieldset with type and id', async () => {
    const single = await api(
      server.app,
      'GET',
      `${BOOKINGS}${id('FUTURE23')}/?fields[bookings]=rego,extras&include=lot&fields[lots]=name`,
      { token: tokens.sales },
    );
    expect(single.status).toBe(200);
    const booking = one(single.body);
    expect(booking.attributes).toEqual({ rego: 'FUT003' });
    expect(Object.keys(booking.relationships ?? {})).toEqual(['extras']);
    expect(single.body.included?.map((item) => Object.keys(item.attributes))).toEqual([['name']]);
    const empty = await list(tokens.sales, { 'fields[bookings]': '', 'filter[rego]': 'FUT003' });
    expect(many(empty.body)).toEqual([{ type: 'bookings', id: id('FUTURE23'), attributes: {} }]);
  });

  it('refuses a field that is not one, an unknown type and a repeated fieldset (400)', async () => {
    expectInvalidParameter(
      await list(tokens.sales, { 'fields[bookings]': 'bookingCode,password' }),
      'fields[bookings]',
      'Unknown field "password" of "bookings".',
    );
    expectInvalidParameter(
      await list(tokens.sales, { 'fields[parcels]': 'weight' }),
      'fields[parcels]',
      'Unknown resource type "parcels".',
    );
    const repeated = await api(
      server.app,
      'GET',
      `${BOOKINGS}?fields[bookings]=rego&fields[bookings]=email`,
      { token: tokens.sales },
    );
    expectInvalidParameter(
      repeated,
      'fields[bookings]',
      'Parameter "fields[bookings]" may only be given once.',
    );
  });
});

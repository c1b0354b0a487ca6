/**
 * Issue 26: POST booking-quotes/ reads its usual document without zod (readBookingQuote, the action's quickInput).
 * Every document, valid or not, is answered exactly as when the schema reads it: the same request is sent with the
 * quick reading and with the schema alone, and the two answers compared (the quote's random id aside).
 */
import type * as quotes from '@parking/domain/quotes';
import { messages } from '@parking/domain/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, login } from '../test/factories';
import { pricedLots } from '../test/pricing-fixtures';
import { api, createTestServer, doc, type TestServer } from '../test/server';

const reading = vi.hoisted(() => ({ quick: true, answered: 0 }));

vi.mock('@parking/domain/quotes', async (importOriginal) => {
  const actual = await importOriginal<typeof quotes>();
  return {
    ...actual,
    readBookingQuote: (attributes: Readonly<Record<string, unknown>>) => {
      if (!reading.quick) return undefined;
      const read = actual.readBookingQuote(attributes);
      if (read !== undefined) reading.answered += 1;
      return read;
    },
  };
});

const URL = '/backend/api/v1/booking-quotes/';
let server: TestServer;
let lotId: number;
let staffToken: string;

beforeAll(async () => {
  server = await createTestServer();
  const lots = await pricedLots(server.handle.db);
  lotId = lots.indoor.id;
  await createUser(server.handle.db, { email: 'quick-staff@example.com', roles: ['Admins'] });
  staffToken = await login(server.app, 'quick-staff@example.com');
});
afterAll(() => server.close());

const START = '2026-12-01T06:00:00+11:00';
const END = '2026-12-04T20:00:00+11:00';

/** The documents the wizard and the back office send, and every kind of mistake in each field. */
const VALID: Array<Record<string, unknown>> = [
  { startDatetime: START, endDatetime: END },
  { startDatetime: START, endDatetime: END, extrasCost: '0.00', discountRate: '0', promoCode: '' },
  {
    startDatetime: '2026-11-30T19:00:00.000Z',
    endDatetime: '2026-12-04T09:00:00.000Z',
    extrasCost: '35.5',
    discountRate: 0,
    promoCode: null,
    calculateSubscriptionGaps: true,
  },
  {
    startDatetime: START,
    endDatetime: END,
    extrasCost: 12.25,
    discountRate: null,
    calculateSubscriptionGaps: null,
  },
  { startDatetime: '2026-12-01t06:00:00+1100', endDatetime: '2026-12-04T20:00Z', unknownField: 1 },
  { startDatetime: ` ${START} `, endDatetime: END, extrasCost: ' 3 ', discountRate: ' 0 ' },
  { startDatetime: START, endDatetime: END, discountRate: '0.15' },
  { startDatetime: START, endDatetime: END, discountRate: 0.33333, extrasCost: '1.5' },
];
const INVALID: Array<Record<string, unknown>> = [
  {},
  { startDatetime: START },
  { startDatetime: END, endDatetime: START },
  { startDatetime: START, endDatetime: START },
  { startDatetime: '2026-02-30T06:00:00Z', endDatetime: END },
  { startDatetime: '2026-12-01T06:00:00', endDatetime: END },
  { startDatetime: 'x'.repeat(50), endDatetime: END },
  { startDatetime: START, endDatetime: `${END}${' '.repeat(45)}x` },
  { startDatetime: '9999-12-31T23:59:59Z', endDatetime: END },
  { startDatetime: 1_780_000_000_000, endDatetime: END },
  { startDatetime: START, endDatetime: END, extrasCost: '12.555' },
  { startDatetime: START, endDatetime: END, extrasCost: -1 },
  { startDatetime: START, endDatetime: END, extrasCost: 'abc' },
  { startDatetime: START, endDatetime: END, discountRate: 1.5 },
  { startDatetime: START, endDatetime: END, discountRate: 'abc' },
  { startDatetime: START, endDatetime: END, calculateSubscriptionGaps: 'true' },
  { startDatetime: START, endDatetime: END, promoCode: 'x'.repeat(51) },
  { startDatetime: START, endDatetime: END, promoCode: 5 },
  { startDatetime: null, endDatetime: END, discountRate: 2, extrasCost: {}, promoCode: [] },
];

async function answer(attributes: Record<string, unknown>, quick: boolean, token?: string) {
  reading.quick = quick;
  const response = await api(server.app, 'POST', URL, {
    token,
    body: doc('booking-quotes', attributes, {
      relationships: { lot: { data: { type: 'lots', id: String(lotId) } } },
    }),
  });
  const id = !Array.isArray(response.body.data) ? response.body.data?.id : undefined;
  const text = response.raw.body;
  return { status: response.status, text: id ? text.replace(id, '<id>') : text, body: response.body };
}

describe('booking-quotes read without zod', () => {
  it('answers every document, valid or not, exactly as the schema alone does', async () => {
    reading.answered = 0;
    let compared = 0;
    for (const attributes of [...VALID, ...INVALID]) {
      for (const token of [undefined, staffToken]) {
        const quick = await answer(attributes, true, token);
        const schema = await answer(attributes, false, token);
        expect(quick.status, JSON.stringify(attributes)).toBe(schema.status);
        expect(quick.text, JSON.stringify(attributes)).toBe(schema.text);
        compared += 1;
      }
    }
    expect(compared).toBe((VALID.length + INVALID.length) * 2);
    // Every valid document but the one with spaces around its values (the schema's to trim) took the quick reading.
    expect(reading.answered).toBe((VALID.length - 1) * 2);
  });

  it('answers the valid documents with a quote and the invalid ones with the spec’s errors', async () => {
    for (const attributes of VALID) expect((await answer(attributes, true, staffToken)).status).toBe(201);
    for (const attributes of INVALID) {
      const { status, body } = await answer(attributes, true);
      expect(status, JSON.stringify(attributes)).toBe(400);
      for (const error of body.errors ?? []) expect(error.status).toBe('400');
    }
    // A datetime longer than the field allows is that field's error, not a server error.
    const long = await answer({ startDatetime: 'x'.repeat(50), endDatetime: END }, true);
    expect(long.body.errors).toEqual([
      {
        status: '400',
        code: 'invalid',
        detail: 'Ensure this field has no more than 40 characters.',
        source: { pointer: '/data/attributes/startDatetime' },
      },
    ]);
    const reversed = await answer({ startDatetime: END, endDatetime: START }, true);
    expect(reversed.body.errors?.[0]?.detail).toBe(messages.arrivalBeforeDeparture);
  });
});

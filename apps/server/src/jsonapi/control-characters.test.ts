/**
 * U+0000 and the other control characters in text fields (issue 38, finding 5): refused beside the field with
 * the domain's message, never a 500 (PostgreSQL stores no U+0000), and no personal data in the error log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parking/domain/messages';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { api, createTestServer, doc, firstError, type TestServer } from '../test/server';

const V1 = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
const logged: string[] = [];

beforeAll(async () => {
  server = await createTestServer({ logStream: { write: (line) => void logged.push(line) } });
  f = await bookingFixtures(server.handle.db);
});
afterAll(() => server.close());

const NUL = '\u0000';

describe('control characters in text fields', () => {
  const cases: Array<{ name: string; url: string; body: () => unknown; pointer: string }> = [
    {
      name: 'a login',
      url: `${V1}/sessions/`,
      body: () => doc('sessions', { email: `a${NUL}@example.com`, password: 'demo-pass-1' }),
      pointer: '/data/attributes/email',
    },
    {
      name: 'a password reset',
      url: `${V1}/password-resets/`,
      body: () => doc('password-resets', { email: `reset${NUL}@example.com` }),
      pointer: '/data/attributes/email',
    },
    {
      name: 'a contact message',
      url: `${V1}/contact-submissions/`,
      body: () =>
        doc('contact-submissions', {
          name: `Ann${NUL}`,
          email: 'ann@example.com',
          phone: '0400 000 000',
          message: 'Hello',
        }),
      pointer: '/data/attributes/name',
    },
    {
      name: 'a waitlist join',
      url: `${V1}/waitlist-entries/`,
      body: () =>
        doc(
          'waitlist-entries',
          { email: `wait\u0001${NUL}@example.com`, startDate: '2026-12-01', endDate: '2026-12-02' },
          { relationships: { lot: { data: { type: 'lots', id: String(f.outdoor.id) } } } },
        ),
      pointer: '/data/attributes/email',
    },
    {
      name: "a guest's booking",
      url: `${V1}/bookings/`,
      body: () => bookingDoc(f, { attributes: { firstName: `Jo${NUL}\u0007` } }),
      pointer: '/data/attributes/firstName',
    },
  ];
  for (const { name, url, body, pointer } of cases)
    it(`refuses them in ${name}, beside the field`, async () => {
      const response = await api(server.app, 'POST', url, { body: body() });
      expect(response.status).toBe(400);
      const error = firstError(response.body);
      expect(error?.detail).toBe(messages.controlCharacters);
      expect(error?.source?.pointer).toBe(pointer);
    });

  it('keeps tabs and line breaks in a message', async () => {
    const response = await api(server.app, 'POST', `${V1}/contact-submissions/`, {
      body: doc('contact-submissions', {
        name: 'Ann Lee',
        email: 'ann@example.com',
        phone: '0400 000 000',
        message: 'Line one\r\nLine two\tend',
      }),
    });
    expect(response.status).toBe(201);
  });

  it('logs no error for them', () => {
    expect(logged.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  });
});

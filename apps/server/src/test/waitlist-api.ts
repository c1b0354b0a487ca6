/**
 * The waitlist route tests (routes/waitlist*.test.ts): joining, confirming from the emailed link, the
 * links' tokens read back from the captured mail, an entry's row, the sweep, and a booking of the indoor
 * lot (the one the tests make full).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect } from 'vitest';
import { bookings, lots, waitlistEntries } from '../db/schema/index';
import { sweepWaitlist } from '../waitlist/waitlist-sweep';
import { bookingDoc, type Fixtures } from './booking-fixtures';
import { V1 } from './booking-server';
import { api, doc, type TestServer } from './server';

// The booking fixtures' stay: 1 to 3 December (Hobart).
export const STAY = { startDate: '2026-12-01', endDate: '2026-12-03' };

const PLACE_LINK = /\/waitlist\/(?!confirm\/)([^\s?]+)/;
const CONFIRMATION_LINK = /\/waitlist\/confirm\/([^\s?]+)/;

export function waitlistApi(server: TestServer, f: Fixtures) {
  const indoor = () => ({ lot: { data: { type: 'lots', id: String(f.indoor.id) } } });

  const join = (email: string, lotId = f.indoor.id, dates = STAY) =>
    api(server.app, 'POST', `${V1}/waitlist-entries/`, {
      body: doc(
        'waitlist-entries',
        { email, ...dates },
        { relationships: { lot: { data: { type: 'lots', id: String(lotId) } } } },
      ),
    });

  /** The link's token in the last email sent to `to` that has such a link (the waitlist page's by default). */
  function linkTokenSentTo(to: string, link = PLACE_LINK): string {
    for (const mail of [...server.mail].reverse().filter((message) => message.to === to)) {
      const match = link.exec(mail.text);
      if (match?.[1]) return decodeURIComponent(match[1]);
    }
    throw new Error(`no such waitlist link sent to ${to}`);
  }
  const confirmTokenSentTo = (to: string) => linkTokenSentTo(to, CONFIRMATION_LINK);

  const confirm = (token: string) =>
    api(server.app, 'POST', `${V1}/waitlist-confirmations/`, {
      body: doc('waitlist-confirmations', { token }),
    });

  /** Joins and confirms from the emailed link, as the address's owner does. */
  async function joinConfirmed(address: string) {
    expect((await join(address)).status).toBe(201);
    expect((await confirm(confirmTokenSentTo(address))).status).toBe(200);
  }

  const place = (token: string) =>
    api(server.app, 'GET', `${V1}/waitlist-places/${encodeURIComponent(token)}/`);
  const entryOf = async (email: string) =>
    (await server.handle.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email))).at(-1);
  const sweep = async () => {
    const swept = await sweepWaitlist(server.handle, server.config, server.clock.now());
    await server.app.services.jobs.drain();
    return swept;
  };
  const bookIndoor = (email: string, waitlistToken?: string) =>
    api(server.app, 'POST', `${V1}/bookings/`, {
      body: bookingDoc(f, {
        attributes: { email, ...(waitlistToken ? { waitlistToken } : {}) },
        relationships: indoor(),
      }),
    });

  return {
    indoor,
    join,
    linkTokenSentTo,
    confirmTokenSentTo,
    confirm,
    joinConfirmed,
    place,
    entryOf,
    sweep,
    bookIndoor,
  };
}

/** Each test of the calling block starts from an empty one-space indoor lot and an empty list. */
export function fullIndoorLotEachTest(server: TestServer, f: Fixtures) {
  beforeEach(async () => {
    await server.handle.db.delete(waitlistEntries);
    await server.handle.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.lotId, f.indoor.id));
    await server.handle.db
      .update(lots)
      .set({ spaces: 1, fillRateThreshold: '1' })
      .where(eq(lots.id, f.indoor.id));
  });
  afterEach(async () => {
    await server.handle.db
      .update(lots)
      .set({ spaces: f.indoor.spaces, fillRateThreshold: f.indoor.fillRateThreshold })
      .where(eq(lots.id, f.indoor.id));
  });
}

/** Partners made directly in the database for the partner API's tests and the authorisation matrix. */
import type { PartnerStatus } from '@parking/domain/partners';
import type { Executor } from '../db/client';
import { partnerApiKeys, partners } from '../db/schema/index';
import { newPartnerKey } from '../partners/partner-keys';

let sequence = 0;

/** A partner with one API key; answers the partner's row and the key in clear. */
export async function createPartner(db: Executor, status: PartnerStatus = 'live') {
  sequence += 1;
  const [partner] = await db
    .insert(partners)
    .values({
      name: `Partner ${sequence}`,
      contactEmail: `partner${sequence}@example.com`,
      commissionRate: '0.15',
      status,
    })
    .returning();
  if (!partner) throw new Error('partner not saved');
  const key = newPartnerKey();
  await db
    .insert(partnerApiKeys)
    .values({ partnerId: partner.id, label: 'Test', prefix: key.prefix, keyHash: key.hash });
  return { partner, key: key.key };
}

/**
 * A partner API booking's body: the test clock is 2026-11-21T09:00+11:00, the stay 1 to 3 December in the
 * outdoor lot (3 days: $52.00 with the booking fixtures' rates).
 */
export const partnerBookingBody = (attributes: Record<string, unknown> = {}) => ({
  data: {
    type: 'bookings',
    attributes: {
      lot: 'outdoor',
      start: '2026-12-01T08:00:00+11:00',
      end: '2026-12-03T18:00:00+11:00',
      title: 'Ms',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '0400 000 000',
      rego: 'abc 123',
      make: 'Toyota',
      model: 'Corolla',
      colour: 'Blue',
      flightNumberOut: 'QF1',
      ...attributes,
    },
  },
});

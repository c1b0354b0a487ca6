/**
 * The partner API in `npm run bench` (issue 42, bench/run.ts):
 * - seedBenchPartner: a live partner, its API key (kept to load `GET /partner/v1/availability` with, scenarios.ts)
 *   and an allotment of ALLOTMENT_PLACES places in the outdoor lot (so that every call works out a hold); and the
 *   seeded history's partner_push_changes dropped: three years of generated bookings are no partner's news, and
 *   left unclaimed they would be claimed a thousand a round for hours, under every measured call;
 * - measurePartnerFanOut: FANOUT_PARTNERS (50) live partners, each with a webhook on one local HTTP receiver the
 *   bench starts (a path per partner), then FANOUT_BOOKINGS online bookings one after another through the API.
 *   Each booking is timed from the moment its request is sent to the moment each partner's receiver has a push
 *   whose signature verifies under that partner's secret (webhook-signature.ts) and that names the booking's lot
 *   and first day: the commit, the trigger's change row, the change feed, the claim and the 50 jobs queued, the job
 *   runner reading each partner's availability and POSTing it. Figures over every (booking, partner) pair: p50 and
 *   the slowest; the target is every push within 5 s. The webhooks are removed afterwards.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray, isNull } from 'drizzle-orm';
import { addDaysToDate, businessDate, businessInstant } from '@parking/domain/dates';
import type { Database } from '../apps/server/src/db/client';
import {
  partnerAllotments,
  partnerApiKeys,
  partnerPushChanges,
  partners,
  partnerWebhooks,
} from '../apps/server/src/db/schema/index';
import { newPartnerKey } from '../apps/server/src/partners/partner-keys';
import {
  newWebhookSecret,
  SIGNATURE_HEADER,
  verifySignature,
} from '../apps/server/src/partners/webhook-signature';
import { API, QUICK } from './knobs';
import { deliveryFigure, type ApiFigure } from './latency';
import { JSONAPI, onlineBookingDoc } from './server-process';
import { TIME_ZONE } from './setup';

export const PARTNER_FANOUT_NAME = 'partner push fan-out: one booking to every partner webhook';
const FANOUT_PARTNERS = Number(process.env.BENCH_PARTNER_WEBHOOKS ?? 50);
const FANOUT_BOOKINGS = Number(process.env.BENCH_PARTNER_BOOKINGS ?? (QUICK ? 3 : 10));
/** The places held for the loaded partner in the outdoor lot, released 48 hours before each day. */
const ALLOTMENT_PLACES = 5;
/** How long a booking's pushes are waited for before the missing ones count as errors. */
const DEADLINE_MS = 30_000;

/** A partner with a key (answered in clear) and the given status. */
async function insertPartner(db: Database, name: string) {
  const [partner] = await db
    .insert(partners)
    .values({ name, contactEmail: 'bench-partner@example.com', commissionRate: '0.12', status: 'live' })
    .returning({ id: partners.id });
  if (!partner) throw new Error('partner not saved');
  const key = newPartnerKey();
  await db
    .insert(partnerApiKeys)
    .values({ partnerId: partner.id, label: 'Bench', prefix: key.prefix, keyHash: key.hash });
  return { id: partner.id, key: key.key };
}

/** The loaded partner's key, after the seeded history's push changes are dropped. */
export async function seedBenchPartner(db: Database, outdoorId: number): Promise<string> {
  await db.delete(partnerPushChanges);
  const partner = await insertPartner(db, 'Bench reseller');
  await db
    .insert(partnerAllotments)
    .values({ partnerId: partner.id, lotId: outdoorId, places: ALLOTMENT_PLACES, releaseHours: 48 });
  return partner.key;
}

interface Receiver {
  base: string;
  /** Per partner: booking's first day → when a valid push naming it arrived (performance.now()). */
  seen: Map<number, Map<string, number>>;
  invalid: number;
  close(): Promise<void>;
}

/** The local receiver: POST /hook/<partner id>, checked against that partner's secret, always answered 200. */
async function startReceiver(secrets: Map<number, string>, lotSlug: string): Promise<Receiver> {
  const seen = new Map<number, Map<string, number>>();
  const receiver = { invalid: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      response.writeHead(200).end();
      const partnerId = Number(/^\/hook\/(\d+)$/.exec(request.url ?? '')?.[1]);
      const secret = secrets.get(partnerId);
      const body = Buffer.concat(chunks).toString('utf8');
      const header = request.headers[SIGNATURE_HEADER.toLowerCase()];
      if (!secret || typeof header !== 'string' || !verifySignature(secret, body, header, new Date())) {
        receiver.invalid += 1;
        return;
      }
      const message = JSON.parse(body) as { lots?: Array<{ lot: string; days: Array<{ date: string }> }> };
      const days = seen.get(partnerId) ?? new Map<string, number>();
      seen.set(partnerId, days);
      for (const lot of message.lots ?? [])
        if (lot.lot === lotSlug) for (const day of lot.days) if (!days.has(day.date)) days.set(day.date, at);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    seen,
    get invalid() {
      return receiver.invalid;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function book(base: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${API}/bookings/`,
      { method: 'POST', agent: false, headers: { 'content-type': JSONAPI, accept: JSONAPI } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The scenario: its figures as one row of the API table (requests: the pushes timed). */
export async function measurePartnerFanOut(
  db: Database,
  base: string,
  ids: { lotId: number; lotSlug: string; vehicleTypeId: number; airlineId: number },
  now: Date,
): Promise<ApiFigure> {
  // What earlier scenarios changed is no news to partners that do not exist yet: claimed before they do.
  await db
    .update(partnerPushChanges)
    .set({ claimedAt: new Date() })
    .where(isNull(partnerPushChanges.claimedAt));
  const made = await Promise.all(
    Array.from({ length: FANOUT_PARTNERS }, (_, index) =>
      insertPartner(db, `Bench webhook partner ${index + 1}`),
    ),
  );
  const secrets = new Map(made.map((partner) => [partner.id, newWebhookSecret()]));
  const receiver = await startReceiver(secrets, ids.lotSlug);
  await db.insert(partnerWebhooks).values(
    made.map((partner) => ({
      partnerId: partner.id,
      url: `${receiver.base}/hook/${partner.id}`,
      secret: secrets.get(partner.id) ?? '',
    })),
  );
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  try {
    for (let index = 0; index < FANOUT_BOOKINGS; index += 1) {
      // A quiet day of its own for each booking, far enough ahead to have room.
      const date = addDaysToDate(businessDate(now, TIME_ZONE), 240 + index * 3);
      const start = businessInstant(date, '06:00:00', TIME_ZONE);
      const end = businessInstant(addDaysToDate(date, 1), '18:00:00', TIME_ZONE);
      const body = JSON.stringify(onlineBookingDoc(ids, start, end, 9_000_000 + index));
      const sent = performance.now();
      const status = await book(base, body);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== 201) errors += 1;
      const arrived = () => made.filter((partner) => receiver.seen.get(partner.id)?.has(date)).length;
      while (performance.now() < sent + DEADLINE_MS && arrived() < made.length)
        await new Promise((resolve) => setTimeout(resolve, 5));
      for (const partner of made) {
        const at = receiver.seen.get(partner.id)?.get(date);
        if (at === undefined) errors += 1;
        else latencies.push(at - sent);
      }
      // The queue's last jobs finish before the next booking.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await db.delete(partnerWebhooks).where(
      inArray(
        partnerWebhooks.partnerId,
        made.map((partner) => partner.id),
      ),
    );
    await receiver.close();
  }
  errors += receiver.invalid;
  return deliveryFigure({
    name: `${PARTNER_FANOUT_NAME} (${FANOUT_PARTNERS} partners, ${FANOUT_BOOKINGS} bookings)`,
    connections: FANOUT_PARTNERS,
    started,
    latencies,
    errors,
    statuses,
  });
}

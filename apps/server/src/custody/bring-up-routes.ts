/**
 * The return trip (issue 41); the contract is @parking/domain/api-contract/bring-up.ts.
 *
 *   GET  bring-up-board/?date=YYYY-MM-DD          staff: the day's pick-ups in the order the cars are needed
 *   GET  bring-up-board/events/?date=YYYY-MM-DD   staff: the same, live (server-sent events)
 *   POST bookings/{id}/bring-up/moves/            staff: move a card along (Landed, Asked for, Being brought up,
 *                                                 Ready at bay N); Handed back is the custody record's hand-back
 *   GET  manage-bookings/{id}/bring-up/           the booking's traveller (as manage my booking): its status
 *   GET  manage-bookings/{id}/bring-up/events/    the same, live
 *   POST manage-bookings/{id}/landed/             "I have landed": asks for the car, once; limited per network
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { bringUpMoveSchema, type BringUpStep } from '@parking/domain/bring-up';
import { businessDate } from '@parking/domain/dates';
import { DomainError } from '@parking/domain/errors';
import { z } from 'zod';
import { tooManyDetail } from '../accounts/rate-limiter';
import { authorise } from '../bookings/manage-booking-routes';
import { isStaff, type RequestContext } from '../context';
import { customers } from '../db/schema/index';
import { action } from '../http/action';
import { errors } from '../jsonapi/errors';
import type { RawQuery } from '../jsonapi/query';
import { boardCards, cardsOf, travellerBringUp } from './bring-up-board';
import { stepBringUp } from './bring-up';
import type { BringUpHub } from './bring-up-hub';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The board's date: `?date=`, else today in the business's time zone. */
function boardDate(ctx: RequestContext, query: RawQuery): string {
  const given = query.date;
  if (given === undefined) return businessDate(ctx.now, ctx.services.config.timeZone);
  if (typeof given !== 'string' || !DATE.test(given) || Number.isNaN(Date.parse(`${given}T00:00:00Z`)))
    throw errors.parameter('Enter a date as YYYY-MM-DD.', 'date');
  return given;
}

function liveHub(ctx: RequestContext): BringUpHub {
  const hub = ctx.services.bringUpHub;
  if (!hub) throw new DomainError('service_unavailable', 'Live updates are not available on this server.');
  return hub;
}

/** Hands the connection to the hub's stream (nothing else answers it). */
function stream(
  reply: FastifyReply,
  open: (raw: FastifyReply['raw']) => Promise<void>,
): Promise<FastifyReply> {
  reply.hijack();
  return open(reply.raw).then(
    () => reply,
    (error: unknown) => {
      console.error('bring-up stream failed', error);
      reply.raw.end();
      return reply;
    },
  );
}

/** The signed-in staff member's first name: who is bringing the car up, as the traveller is told. */
async function staffName(ctx: RequestContext): Promise<string> {
  const customerId = ctx.user?.customerId;
  if (customerId === null || customerId === undefined) return 'our team';
  const [person] = await ctx.db
    .select({ firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return person?.firstName.trim() || 'our team';
}

async function oneCard(ctx: RequestContext, bookingId: number) {
  const [card] = await cardsOf(ctx.db, ctx.services.config, [bookingId]);
  if (!card) throw errors.notFound('Booking not found');
  return { data: { type: 'bring-up-cards', ...card } };
}

const travellerDocument = async (ctx: RequestContext, bookingId: number) => ({
  data: { type: 'bring-ups', id: String(bookingId), attributes: await travellerBringUp(ctx.db, bookingId) },
});

export const bringUpActions = [
  action({
    method: 'GET',
    path: 'bring-up-board/',
    access: 'staff',
    readOnly: true,
    async handle(ctx, { query }) {
      const cards = await boardCards(ctx.db, ctx.services.config, boardDate(ctx, query));
      return { data: cards.map((card) => ({ type: 'bring-up-cards', ...card })) };
    },
  }),

  action({
    method: 'GET',
    path: 'bring-up-board/events/',
    access: 'staff',
    readOnly: true,
    async handle(ctx, { query }, reply) {
      const date = boardDate(ctx, query);
      const hub = liveHub(ctx);
      return stream(reply, (raw) => hub.openBoard(raw, date));
    },
  }),

  action({
    method: 'POST',
    path: 'bookings/:id/bring-up/moves/',
    type: 'bring-up-moves',
    input: bringUpMoveSchema,
    access: 'staff',
    transaction: true,
    status: 200,
    async handle(ctx, { id, attributes }) {
      const step: BringUpStep =
        attributes.state === 'asked'
          ? { state: 'asked', by: 'staff' }
          : attributes.state === 'bringing'
            ? { state: 'bringing', by: attributes.by ?? (await staffName(ctx)) }
            : attributes;
      await stepBringUp(ctx.db, id, step, { now: ctx.now, userId: ctx.user?.id ?? null });
      return oneCard(ctx, id);
    },
  }),

  action({
    method: 'GET',
    path: 'manage-bookings/:id/bring-up/',
    access: 'anyone',
    readOnly: true,
    load: authorise,
    handle: (ctx, { loaded }) => travellerDocument(ctx, loaded.id),
  }),

  action({
    method: 'GET',
    path: 'manage-bookings/:id/bring-up/events/',
    access: 'anyone',
    readOnly: true,
    load: authorise,
    async handle(ctx, { loaded }, reply) {
      const hub = liveHub(ctx);
      return stream(reply, (raw) => hub.openBooking(raw, loaded.id));
    },
  }),

  action({
    method: 'POST',
    path: 'manage-bookings/:id/landed/',
    type: 'bring-up-asks',
    input: z.object({}).strict(),
    access: 'anyone',
    // Counted per network before anything is looked at, as the look-up of a booking is.
    async throttle(ctx) {
      const { requestsPerIp, windowMs } = ctx.services.config.rateLimits;
      await ctx.services.rateLimiter.consume(
        `bring-up-ask:ip:${ctx.ip}`,
        requestsPerIp,
        windowMs,
        tooManyDetail(windowMs),
      );
    },
    load: authorise,
    transaction: true,
    status: 200,
    async handle(ctx, { loaded }) {
      await stepBringUp(
        ctx.db,
        loaded.id,
        { state: 'asked', by: isStaff(ctx.user) ? 'staff' : 'traveller' },
        {
          now: ctx.now,
          userId: ctx.user?.id ?? null,
        },
      );
      return travellerDocument(ctx, loaded.id);
    },
  }),
];

/**
 * Joining the waitlist, and its emailed links. Anyone may ask to join for any address, so the join only
 * emails that address a link to confirm (issue 38), limited per address and per network like password
 * resets, and answers the same whether or not the address is on the list already: it echoes what was sent,
 * under an id that names nothing. The confirmation link puts the entry on the list; the waitlist link
 * (/waitlist/{token}) then shows the traveller their place (and a place held for them, to book through the
 * wizard with the token), or takes them off the list. Whoever does not hold a token learns nothing: 404.
 *
 *   POST   waitlist-entries/          join (staff list the entries: waitlist/waitlist-entries-resource.ts)
 *   POST   waitlist-confirmations/    the confirmation link's token: on the list from now; repeatable
 *   GET    waitlist-places/{token}/   the entry as the page shows it
 *   DELETE waitlist-places/{token}/   leave the list (a held place goes to the next at once); repeatable
 */
import { randomUUID } from 'node:crypto';
import type {
  WaitlistConfirmationAttributes,
  WaitlistJoinAnswerAttributes,
  WaitlistPlaceAttributes,
} from '@parking/domain/api-contract/waitlist';
import { waitlistConfirmationSchema, waitlistJoinSchema, waitlistMessages } from '@parking/domain/waitlist';
import { inTransaction, isStaff, type RequestContext } from '../context';
import { action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { waitlistToken } from './waitlist-link';
import {
  confirmWaitlist,
  entryOfToken,
  joinWaitlist,
  leaveWaitlist,
  lotName,
  type WaitlistRow,
} from './waitlist';

const notFound = () => errors.notFound('This waitlist link is not valid.');

async function placeAttributes(ctx: RequestContext, entry: WaitlistRow): Promise<WaitlistPlaceAttributes> {
  // A hold past its time is over for its holder even before the sweep passes it on.
  const lapsed = entry.status === 'offered' && (!entry.holdExpiresAt || entry.holdExpiresAt <= ctx.now);
  return {
    status: lapsed ? 'lapsed' : entry.status,
    startDate: entry.startDate,
    endDate: entry.endDate,
    lotId: String(entry.lotId),
    lotName: await lotName(ctx.db, entry.lotId),
    holdExpiresAt:
      !lapsed && entry.status === 'offered' ? (entry.holdExpiresAt?.toISOString() ?? null) : null,
    email: entry.email,
  };
}

async function presentPlace(ctx: RequestContext, entry: WaitlistRow) {
  return {
    data: { type: 'waitlist-places', id: String(entry.id), attributes: await placeAttributes(ctx, entry) },
  };
}

/** The join's limits, per network and per address, in the waitlist's words (counted outside the transaction). */
const perNetwork = async (ctx: RequestContext) => {
  if (isStaff(ctx.user)) return;
  const { requestsPerIp, windowMs } = ctx.services.config.rateLimits;
  await ctx.services.rateLimiter.consume(
    `waitlist:ip:${ctx.ip}`,
    requestsPerIp,
    windowMs,
    waitlistMessages.tooMany,
  );
};
const perAddress = async (ctx: RequestContext, email: string) => {
  if (isStaff(ctx.user)) return;
  const { requestsPerEmail, windowMs } = ctx.services.config.rateLimits;
  await ctx.services.rateLimiter.consume(
    `waitlist:email:${email}`,
    requestsPerEmail,
    windowMs,
    waitlistMessages.tooManyForAddress,
  );
};

async function entryFor(ctx: RequestContext, token: string | undefined): Promise<WaitlistRow> {
  const entry = await entryOfToken(ctx.db, ctx.services.config.sessionSecret, token ?? '');
  if (!entry) throw notFound();
  return entry;
}

export const waitlistActions = [
  action({
    method: 'POST',
    path: 'waitlist-entries/',
    type: 'waitlist-entries',
    input: waitlistJoinSchema,
    relationships: { lot: 'one' },
    access: 'anyone',
    throttle: perNetwork,
    async handle(ctx, { attributes: input, ids }) {
      const lotId = ids.lot;
      if (lotId == null)
        throw errors.invalid('This field is required.', '/data/relationships/lot', 'required');
      await perAddress(ctx, input.email);
      await inTransaction(ctx, (tx) => joinWaitlist(tx, input, lotId));
      return {
        data: {
          type: 'waitlist-entries',
          id: randomUUID(),
          attributes: {
            email: input.email,
            startDate: input.startDate,
            endDate: input.endDate,
          } satisfies WaitlistJoinAnswerAttributes,
        },
      };
    },
  }),

  action({
    method: 'POST',
    path: 'waitlist-confirmations/',
    type: 'waitlist-confirmations',
    input: waitlistConfirmationSchema,
    access: 'anyone',
    throttle: perNetwork,
    transaction: true,
    status: 200,
    async handle(ctx, { attributes: { token } }) {
      const entry = await confirmWaitlist(ctx, token);
      if (!entry) throw errors.notFound(waitlistMessages.confirmationInvalid);
      return {
        data: {
          type: 'waitlist-confirmations',
          id: String(entry.id),
          attributes: {
            ...(await placeAttributes(ctx, entry)),
            // The token holder proved the address: the page links on to their place on the list.
            placeToken: waitlistToken(ctx.services.config.sessionSecret, entry),
          } satisfies WaitlistConfirmationAttributes,
        },
      };
    },
  }),

  action({
    method: 'GET',
    path: 'waitlist-places/:id/',
    pathId: 'text',
    access: 'anyone',
    readOnly: true,
    async handle(ctx, { params }) {
      return presentPlace(ctx, await entryFor(ctx, params.id));
    },
  }),

  action({
    method: 'DELETE',
    path: 'waitlist-places/:id/',
    pathId: 'text',
    access: 'anyone',
    transaction: true,
    status: 200,
    async handle(ctx, { params }) {
      const entry = await entryFor(ctx, params.id);
      await leaveWaitlist(ctx, entry);
      return presentPlace(ctx, await entryFor(ctx, params.id));
    },
  }),
];

/**
 * The waitlist's emailed link (/waitlist/{token}): the traveller it was sent to sees their place on the list
 * (and a place held for them, to book through the wizard with the token), or leaves the list. Whoever does
 * not hold the token learns nothing: 404.
 *
 *   GET    waitlist-places/{token}/   the entry as the page shows it
 *   DELETE waitlist-places/{token}/   leave the list (a held place goes to the next at once); repeatable
 */
import type { WaitlistPlaceAttributes } from '@parking/domain/api-contract/waitlist';
import type { RequestContext } from '../context';
import { action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { entryOfToken, leaveWaitlist, lotName, type WaitlistRow } from '../services/waitlist';

const notFound = () => errors.notFound('This waitlist link is not valid.');

async function presentPlace(ctx: RequestContext, entry: WaitlistRow) {
  // A hold past its time is over for its holder even before the sweep passes it on.
  const lapsed = entry.status === 'offered' && (!entry.holdExpiresAt || entry.holdExpiresAt <= ctx.now);
  return {
    data: {
      type: 'waitlist-places',
      id: String(entry.id),
      attributes: {
        status: lapsed ? 'lapsed' : entry.status,
        startDate: entry.startDate,
        endDate: entry.endDate,
        lotId: String(entry.lotId),
        lotName: await lotName(ctx.db, entry.lotId),
        holdExpiresAt:
          !lapsed && entry.status === 'offered' ? (entry.holdExpiresAt?.toISOString() ?? null) : null,
        email: entry.email,
      } satisfies WaitlistPlaceAttributes,
    },
  };
}

async function entryFor(ctx: RequestContext, token: string | undefined): Promise<WaitlistRow> {
  const entry = await entryOfToken(ctx.db, ctx.services.config.sessionSecret, token ?? '');
  if (!entry) throw notFound();
  return entry;
}

export const waitlistActions = [
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

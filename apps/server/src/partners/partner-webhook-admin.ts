/**
 * A partner's webhook in the back office (issue 42, Admins only):
 *
 * - GET partners/:id/webhook/: the address the partner registered (never its signing secret) and its last pushes,
 *   each delivered or failed, when, and the HTTP status the webhook answered (partner_push_attempts);
 * - POST partners/:id/webhook/push/: pushes the partner's whole horizon now (a resync), through the job queue as
 *   every push goes, queued in the request's transaction; its outcome joins the last pushes.
 */
import { desc, eq } from 'drizzle-orm';
import { iso } from '@parking/domain/api-values';
import type { PartnerPushAttributes, PartnerWebhookAttributes } from '@parking/domain/api-contract/partners';
import { partnerWebhookMessages } from '@parking/domain/partners';
import type { RequestContext } from '../context';
import { enqueue } from '../db/job-queue';
import { lots, partnerPushAttempts, partners, partnerWebhooks } from '../db/schema/index';
import { action, type Action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { pushHorizon } from './partner-push';

/** How many of the last pushes the partner's screen shows. */
const LAST_PUSHES = 10;

type PartnerRow = typeof partners.$inferSelect;

async function loadPartner(ctx: RequestContext, { id }: { id: number }): Promise<PartnerRow> {
  const [partner] = await ctx.db.select().from(partners).where(eq(partners.id, id));
  if (!partner) throw errors.notFound('Partner not found');
  return partner;
}

async function webhookOf(ctx: RequestContext, partnerId: number) {
  const [hook] = await ctx.db
    .select({ url: partnerWebhooks.url, created: partnerWebhooks.created })
    .from(partnerWebhooks)
    .where(eq(partnerWebhooks.partnerId, partnerId));
  return hook;
}

export const partnerWebhookActions: Action[] = [
  action({
    method: 'GET',
    path: 'partners/:id/webhook/',
    access: 'admin',
    readOnly: true,
    load: loadPartner,
    async handle(ctx, { loaded: partner }) {
      const hook = await webhookOf(ctx, partner.id);
      const pushes = await ctx.db
        .select()
        .from(partnerPushAttempts)
        .where(eq(partnerPushAttempts.partnerId, partner.id))
        .orderBy(desc(partnerPushAttempts.at), desc(partnerPushAttempts.id))
        .limit(LAST_PUSHES);
      const attributes: PartnerWebhookAttributes = {
        url: hook?.url ?? null,
        registered: hook ? iso(hook.created) : null,
        pushes: pushes.map((push): PartnerPushAttributes => ({
          at: iso(push.at),
          delivered: push.delivered,
          httpStatus: push.httpStatus,
          error: push.error,
          days: push.days,
          resync: push.resync,
        })),
      };
      return { data: { type: 'partner-webhooks', id: String(partner.id), attributes } };
    },
  }),
  action({
    method: 'POST',
    path: 'partners/:id/webhook/push/',
    access: 'admin',
    transaction: true,
    status: 202,
    load: loadPartner,
    async handle(ctx, { loaded: partner }) {
      if (partner.status === 'paused') throw errors.conflict(partnerWebhookMessages.paused);
      const hook = await webhookOf(ctx, partner.id);
      if (!hook) throw errors.conflict(partnerWebhookMessages.noWebhook);
      const { first, last } = pushHorizon(ctx.services.config, ctx.now);
      const lotRows = await ctx.db.select({ id: lots.id }).from(lots).orderBy(lots.id);
      await enqueue(ctx.db, {
        kind: 'partner-availability',
        partnerId: partner.id,
        ranges: lotRows.map((lot) => ({ lotId: lot.id, from: first, to: last })),
        resync: true,
      });
      return {
        data: {
          type: 'partner-webhook-pushes',
          id: `${partner.id}:${first}:${last}`,
          attributes: { from: first, to: last, lots: lotRows.length },
        },
      };
    },
  }),
];

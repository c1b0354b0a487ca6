/**
 * The partner API at /partner/v1/ (issue 42). Each route is a partnerRoute (partner-auth.ts: the key, the
 * partner's status, the per-key limit) and is declared in the authorisation matrix's table
 * (test/authorisation-matrix-table.ts, PARTNER_ROUTES). Add new partner routes here.
 */
import type { FastifyInstance } from 'fastify';
import { partnerMessages, partnerStaySchema } from '@parking/domain/partners';
import type { partnerAvailabilityResponseSchema } from '@parking/domain/partner-bookings';
import type { z } from 'zod';
import type { Services } from '../context';
import { lots, partnerWebhooks } from '../db/schema/index';
import { ApiError, errors } from '../jsonapi/errors';
import { iso } from '@parking/domain/api-values';
import type { RawQuery } from '../jsonapi/query';
import { WrittenAnswer } from '../pricing/written-answer';
import { partnerRoute } from './partner-auth';
import { availabilityOf } from './partner-availability';
import { createPartnerBooking, idempotencyKeyOf } from './partner-booking-create';
import { amendPartnerBooking, cancelPartnerBooking, readOwnBooking } from './partner-booking-manage';
import { partnerDocsHtml, partnerOpenApi } from './partner-openapi';
import { availabilityMessage, pushHorizon } from './partner-push';
import { newWebhookSecret } from './webhook-signature';

const PARTNER_API = '/partner/v1';
/** The longest availability address whose answer is kept with the held data (the quotes' rule for theirs). */
const MAX_KEPT_URL = 512;

const AVAILABILITY_PARAMS = ['lot', 'start', 'end'] as const;

/** The availability call's parameters: each once, none unknown, the stay's instants in order. */
function readStayQuery(query: RawQuery): { lot: string; start: Date; end: Date } {
  for (const [key, value] of Object.entries(query)) {
    if (!(AVAILABILITY_PARAMS as readonly string[]).includes(key))
      throw errors.parameter(`Unknown query parameter "${key}".`, key);
    if (Array.isArray(value)) throw errors.parameter(`Parameter "${key}" may only be given once.`, key);
  }
  const lot = typeof query.lot === 'string' ? query.lot.trim() : '';
  if (!lot) throw errors.parameter('This parameter is required.', 'lot');
  const parsed = partnerStaySchema.safeParse({ start: query.start, end: query.end });
  if (!parsed.success) {
    throw new ApiError(
      400,
      parsed.error.issues.map((issue) => ({
        status: '400',
        code: 'invalid_parameter' as const,
        detail: issue.message,
        source: { parameter: String(issue.path[0] ?? 'start') },
      })),
    );
  }
  return { lot, ...parsed.data };
}

/** The webhook's address: http or https (a partner's receiver), at most 500 characters. */
function readWebhookUrl(body: unknown): string {
  const attributes =
    body && typeof body === 'object' && 'data' in body && body.data && typeof body.data === 'object'
      ? 'attributes' in body.data
        ? body.data.attributes
        : undefined
      : undefined;
  const url =
    attributes && typeof attributes === 'object' && 'url' in attributes ? attributes.url : undefined;
  let parsed: URL | null = null;
  try {
    parsed = typeof url === 'string' && url.length <= 500 ? new URL(url) : null;
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
    throw new ApiError(400, [
      {
        status: '400',
        code: 'invalid' as const,
        detail: partnerMessages.webhookUrl,
        source: { pointer: '/data/attributes/url' },
      },
    ]);
  return parsed.toString();
}

export function registerPartnerApi(app: FastifyInstance, services: Services): void {
  // The partner's webhook: registered (or replaced) with a new signing secret, shown in this answer only.
  app.put(
    `${PARTNER_API}/webhook`,
    partnerRoute(services, async (ctx, request) => {
      const url = readWebhookUrl(request.body);
      const secret = newWebhookSecret();
      await ctx.db
        .insert(partnerWebhooks)
        .values({ partnerId: ctx.partner.id, url, secret })
        .onConflictDoUpdate({ target: partnerWebhooks.partnerId, set: { url, secret, created: ctx.now } });
      return { data: { type: 'webhooks', id: String(ctx.partner.id), attributes: { url, secret } } };
    }),
  );
  // The whole horizon (or from..to within it) as a push would send it: to start afresh or to check.
  app.get(
    `${PARTNER_API}/availability/resync`,
    partnerRoute<{ Querystring: RawQuery }>(services, async (ctx, request) => {
      const { first, last } = pushHorizon(ctx.services.config, ctx.now);
      const [from, to] = (['from', 'to'] as const).map((key) => {
        const value = request.query[key];
        if (value === undefined) return key === 'from' ? first : last;
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
          throw errors.parameter('Enter a date as YYYY-MM-DD.', key);
        return value;
      }) as [string, string];
      if (to < from) throw errors.parameter(partnerMessages.dateOrder, 'to');
      const days = { from: from < first ? first : from, to: to > last ? last : to };
      const lotRows = await ctx.db.select({ id: lots.id }).from(lots);
      const ranges = days.from <= days.to ? lotRows.map((lot) => ({ lotId: lot.id, ...days })) : [];
      const message = await availabilityMessage(ctx, ctx.partner.id, ranges);
      return { data: { type: 'availability-resync', id: `${days.from}:${days.to}`, attributes: message } };
    }),
  );
  app.get(
    `${PARTNER_API}/availability`,
    partnerRoute<{ Querystring: RawQuery }>(services, async (ctx, request) => {
      // A call already answered from the data held now is that answer: the same partner, status and query.
      const key =
        request.url.length <= MAX_KEPT_URL
          ? `partner ${ctx.partner.id} ${ctx.partner.status} ${request.url}`
          : undefined;
      const answered = key && (await ctx.services.quoteCache?.answers(ctx.now))?.get(key);
      if (answered) return answered;
      const stay = readStayQuery(request.query);
      const { lot, answer, responses } = await availabilityOf(ctx, ctx.partner.id, stay);
      const body = {
        data: {
          type: 'availability',
          id: `${lot.slug}:${iso(stay.start)}:${iso(stay.end)}`,
          attributes: {
            lot: lot.slug,
            start: iso(stay.start),
            end: iso(stay.end),
            startDate: answer.startDate,
            endDate: answer.endDate,
            available: answer.available,
            reason: answer.reason,
            places: answer.places,
            price: answer.price,
            currency: 'AUD',
            days: answer.days,
          },
        },
        meta: { partner: { id: String(ctx.partner.id), status: ctx.partner.status } },
      } satisfies z.input<typeof partnerAvailabilityResponseSchema>;
      if (key === undefined || !responses) return body;
      // Written once, kept with the data it was worked out from (dropped with it), sent compressed once.
      const written = new WrittenAnswer(JSON.stringify(body));
      responses.set(key, written);
      return written;
    }),
  );

  app.post(
    `${PARTNER_API}/bookings`,
    partnerRoute(services, async (ctx, request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const answer = await createPartnerBooking(ctx, key, request.body);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      reply.code(answer.status);
      return answer.body;
    }),
  );
  app.get(
    `${PARTNER_API}/bookings/:code`,
    partnerRoute<{ Params: { code: string } }>(services, (ctx, request) =>
      readOwnBooking(ctx, request.params.code),
    ),
  );
  app.patch(
    `${PARTNER_API}/bookings/:code`,
    partnerRoute<{ Params: { code: string } }>(services, (ctx, request) =>
      amendPartnerBooking(ctx, request.params.code, request.body),
    ),
  );
  app.delete(
    `${PARTNER_API}/bookings/:code`,
    partnerRoute<{ Params: { code: string } }>(services, (ctx, request) =>
      cancelPartnerBooking(ctx, request.params.code),
    ),
  );

  // The reference: public, no key needed (it describes the API, it holds no data).
  app.get(`${PARTNER_API}/openapi.json`, async (_request, reply) =>
    reply.type('application/json').send(partnerOpenApi()),
  );
  app.get(`${PARTNER_API}/docs`, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(partnerDocsHtml()),
  );
}

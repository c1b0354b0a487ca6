/**
 * GET quotes/?start_date&end_date&filter[lot.slug__in]&include=lot: one quote per lot for a date range (home page
 * and wizard step 1; the hottest read path), and the quotes' parts the price calendar shares. The cost of one
 * booking (POST booking-quotes/) is in booking-quotes-routes.ts.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { QuoteAttributes, QuoteBlockout } from '@parking/domain/api-contract/prices';
import { stayExceedsThreshold } from '@parking/domain/capacity';
import { addDaysToDate, businessDate, startOfBusinessDay, stayDays } from '@parking/domain/dates';
import { blockoutText, stayDayBlockouts, type BlockoutPeriod } from '@parking/domain/parking-blockouts';
import { formatAud, formatMoney } from '@parking/domain/money';
import type { LotPricing } from '@parking/domain/pricing';
import type { StayLimits } from '@parking/domain/stay-limits';
import { quoteDateProblems, quoteMessages, quotePriceCents } from '@parking/domain/quotes';
import { isStaff, type RequestContext } from '../context';
import { lots } from '../db/schema/index';
import { action, type Action } from '../http/action';
import { allowed, serialize, type ResourceObject } from '../jsonapi/engine';
import { ApiError, errors } from '../jsonapi/errors';
import { parseInclude, single, type RawQuery } from '../jsonapi/query';
import type { Registry } from '../jsonapi/registry';
import { iso } from '@parking/domain/api-values';
import { parkingBlockoutsBetween } from '../catalogue/blockout-queries';
import { heldByDay, withHeld } from './partner-holds';
import { parseQuoteData, quoteDataSql, type LotRow } from './pricing-data';
import { subscriptionCover, type SubscriptionCoverage } from '../subscriptions/subscription-cover';
import { WrittenAnswer } from './written-answer';

const SLUG_FILTERS = ['filter[lot.slug__in]', 'filter[lot.slug]'] as const;
/** Accepted and ignored: every lot's quote fits one page. */
const IGNORED_PARAMS = new Set(['_', 'page[number]', 'page[size]', 'sort']);
const DATE_PARAMS = { startDate: 'start_date', endDate: 'end_date' } as const;

export interface QuoteQuery {
  startDate: string;
  endDate: string;
  slugs: string[] | undefined;
  /** The filter parameter the slugs came from, for errors about them. */
  slugParam: string;
  includeLot: boolean;
}

export function parseQuoteQuery(query: RawQuery, today: string, limits: StayLimits): QuoteQuery {
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) throw errors.parameter(`Parameter "${key}" may only be given once.`, key);
    if (
      key === 'start_date' ||
      key === 'end_date' ||
      key === 'include' ||
      IGNORED_PARAMS.has(key) ||
      key.startsWith('fields[')
    )
      continue;
    if ((SLUG_FILTERS as readonly string[]).includes(key)) continue;
    const filter = /^filter\[(.+)\]$/.exec(key);
    throw errors.parameter(
      filter ? `Unknown filter "${filter[1]}".` : `Unknown query parameter "${key}".`,
      key,
    );
  }
  const problems = quoteDateProblems(single(query, 'start_date'), single(query, 'end_date'), today, limits);
  if (problems.length) {
    throw new ApiError(
      400,
      problems.map((problem) => ({
        status: '400',
        code: 'invalid_parameter',
        detail: problem.message,
        source: { parameter: DATE_PARAMS[problem.field] },
      })),
    );
  }
  let includeLot = false;
  for (const path of parseInclude(single(query, 'include'))) {
    if (path !== 'lot') throw errors.parameter(`Invalid include path "${path}".`, 'include');
    includeLot = true;
  }
  let slugs: string[] | undefined;
  let slugParam: string = SLUG_FILTERS[0];
  for (const param of SLUG_FILTERS) {
    const raw = single(query, param);
    if (raw === undefined) continue;
    slugParam = param;
    const values = raw.split(',').filter((part) => part !== '');
    if (values.length === 0) throw errors.parameter('Give at least one value.', param);
    if (values.length > 20) throw errors.parameter('Too many values.', param);
    slugs = [...new Set([...(slugs ?? []), ...values])];
  }
  return {
    startDate: single(query, 'start_date') ?? '',
    endDate: single(query, 'end_date') ?? '',
    slugs,
    slugParam,
    includeLot,
  };
}

/**
 * The lots quoted (the named ones, every name must exist; else all, in the lots list's order) and,
 * in the same statement, their prices and the places taken on each date as the website counts them (the cars
 * present and the places held for partners).
 */
export async function quotedLots(ctx: RequestContext, query: QuoteQuery) {
  const { slugs, slugParam, startDate, endDate } = query;
  const timeZone = ctx.services.config.timeZone;
  const cached = await ctx.services.quoteCache?.lookup(ctx.now, startDate, endDate);
  if (cached) {
    const lotRows = slugs ? cached.lots.filter((lot) => slugs.includes(lot.slug)) : cached.lots;
    for (const slug of slugs ?? []) {
      if (!lotRows.some((lot) => lot.slug === slug))
        throw errors.parameter(quoteMessages.unknownLot(slug), slugParam);
    }
    return {
      lotRows,
      pricing: cached.pricing,
      present: cached.present,
      blockouts: cached.blockouts,
      responses: cached.responses,
    };
  }
  const ids = sql`(SELECT id FROM lots ${slugs ? sql`WHERE slug IN ${slugs}` : sql``})`;
  const rows = await ctx.db
    .select({ lot: lots, data: quoteDataSql(ids, startDate, endDate, timeZone, ctx.now) })
    .from(lots)
    .where(slugs ? inArray(lots.slug, slugs) : undefined)
    .orderBy(asc(lots.name), asc(lots.id));
  for (const slug of slugs ?? []) {
    if (!rows.some((row) => row.lot.slug === slug))
      throw errors.parameter(quoteMessages.unknownLot(slug), slugParam);
  }
  const lotRows: LotRow[] = rows.map((row) => row.lot);
  const blockouts = await parkingBlockoutsBetween(
    ctx.db,
    startOfBusinessDay(startDate, timeZone),
    startOfBusinessDay(addDaysToDate(endDate, 1), timeZone),
  );
  const { pricing, present, holds } = parseQuoteData(lotRows, rows[0]?.data, startDate, endDate);
  // The places held for partners are taken, as far as the website is concerned (pricing/partner-holds.ts).
  const held = heldByDay(holds, startDate, stayDays(startDate, endDate), ctx.now, timeZone);
  return { lotRows, pricing, present: withHeld(present, held), blockouts, responses: undefined };
}

/** What a quote is computed from: the lots' pricing, the cars present on each day from `presentFrom`, the blockouts. */
export interface QuoteInputs {
  pricing: Map<number, LotPricing>;
  present: Map<number, number[]>;
  blockouts: readonly BlockoutPeriod[];
  timeZone: string;
  /** The first date `present` counts (the stay's own start by default). */
  presentFrom?: string;
}

/** One lot's quote for a stay (public-site §3 quotes): the price, the fill threshold, the blockouts on its days. */
export function quoteObject(
  lot: LotRow,
  stay: { startDate: string; endDate: string },
  inputs: QuoteInputs,
  cover: SubscriptionCoverage | undefined,
) {
  const { startDate, endDate } = stay;
  const lotPricing = inputs.pricing.get(lot.id);
  if (!lotPricing) throw new Error(`No pricing for lot ${lot.id}`);
  const cents = quotePriceCents(startDate, endDate, lotPricing, cover?.until);
  const skip = inputs.presentFrom ? stayDays(inputs.presentFrom, startDate) - 1 : 0;
  const present = (inputs.present.get(lot.id) ?? []).slice(skip, skip + stayDays(startDate, endDate));
  // The booking's save refuses a drop-off or pick-up inside these (the domain's rule, both places).
  const parkingBlockouts = stayDayBlockouts(inputs.blockouts, startDate, endDate, inputs.timeZone).map(
    ({ blockout, closes }): QuoteBlockout => ({
      message: blockoutText(blockout.message),
      startDatetime: iso(blockout.startDatetime),
      endDatetime: iso(blockout.endDatetime),
      closes,
    }),
  );
  return {
    type: 'quotes',
    id: `${lot.id}:${startDate}:${endDate}`,
    attributes: {
      price: formatMoney(cents),
      formattedPrice: formatAud(cents, { dropZeroCents: true }),
      startDate,
      endDate,
      fillThresholdExceeded: stayExceedsThreshold(present, lot.spaces, lot.fillRateThreshold),
      parkingBlockouts,
      // The subscription covers the stay from its first day (days after its end are priced).
      coveredBy: cover && cover.until >= startDate ? cover.plan : null,
    } satisfies QuoteAttributes,
    relationships: { lot: { data: { type: 'lots', id: String(lot.id) } } },
  };
}

/** The days a customer's own subscription covers, per lot (a customer's quote makes that lot free; staff quote list prices). */
export async function subscriptionCovers(
  ctx: RequestContext,
  lotRows: LotRow[],
): Promise<Array<SubscriptionCoverage | undefined>> {
  const subscriber = ctx.user && !isStaff(ctx.user) ? ctx.user.id : null;
  if (subscriber === null) return lotRows.map(() => undefined);
  const timeZone = ctx.services.config.timeZone;
  return Promise.all(
    lotRows.map((lot) => subscriptionCover(ctx.db, subscriber, lot.productCodename, ctx.now, timeZone)),
  );
}

export function quoteActions(registry: Registry): Action[] {
  return [
    action({
      method: 'GET',
      path: 'quotes/',
      access: 'anyone',
      async handle(ctx, input) {
        const timeZone = ctx.services.config.timeZone;
        // A visitor's request already answered from the data held now is that answer, before anything is parsed.
        const requestKey = `GET ${input.request.url}`;
        const answered =
          ctx.user === null ? (await ctx.services.quoteCache?.answers(ctx.now))?.get(requestKey) : undefined;
        if (answered !== undefined) return answered;
        const query = parseQuoteQuery(
          input.query,
          businessDate(ctx.now, timeZone),
          ctx.services.config.stayLimits,
        );
        const { startDate, endDate } = query;
        const { lotRows, pricing, present, blockouts, responses } = await quotedLots(ctx, query);
        // A visitor's quote depends only on the stay and the data held: the same one asked again (a popular
        // weekend, the wizard going back to step 1) is the response already written.
        const key =
          ctx.user === null && responses
            ? [startDate, endDate, query.slugs?.join(',') ?? '', query.includeLot].join('|')
            : undefined;
        const written = key === undefined ? undefined : responses?.get(key);
        if (written !== undefined) {
          responses?.set(requestKey, written);
          return written;
        }
        const covers = await subscriptionCovers(ctx, lotRows);
        const data = lotRows.map((lot, index) =>
          quoteObject(lot, { startDate, endDate }, { pricing, present, blockouts, timeZone }, covers[index]),
        );
        let included: ResourceObject[] | undefined;
        if (query.includeLot) {
          // The lots are read through their own definition, so its access rule and attributes apply.
          const lotsDef = registry.get('lots');
          included = allowed(lotsDef.access.read, ctx) ? await serialize(lotsDef, ctx, lotRows) : [];
        }
        const body = {
          data,
          ...(included ? { included } : {}),
          meta: { pagination: { count: data.length, page: 1, pages: 1 } },
        };
        if (key === undefined || !responses) return body;
        const answer = new WrittenAnswer(JSON.stringify(body));
        responses.set(key, answer);
        responses.set(requestKey, answer);
        return answer;
      },
    }),
  ];
}

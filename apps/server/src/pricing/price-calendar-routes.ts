/**
 * The price calendar of step 1 (issue 24): GET quotes/calendar/?start_date&end_date (the quotes' own
 * parameters and filters) answers, in one request, a quote per lot for the same stay starting up to
 * CALENDAR_SPREAD days earlier and later (the domain's calendarStays). Every cell is priced from one read
 * of the quote data: the quote cache's memory when the days are held there (no database round trip at all),
 * else one statement over the whole span, never one per cell.
 */
import { businessDate } from '@parking/domain/dates';
import { calendarStays } from '@parking/domain/price-calendar';
import { action, type Action } from '../http/action';
import { allowed, serialize, type ResourceObject } from '../jsonapi/engine';
import type { Registry } from '../jsonapi/registry';
import { WrittenAnswer } from './written-answer';
import { parseQuoteQuery, quotedLots, quoteObject, subscriptionCovers } from './quotes-routes';

export function priceCalendarActions(registry: Registry): Action[] {
  return [
    action({
      method: 'GET',
      path: 'quotes/calendar/',
      access: 'anyone',
      readOnly: true,
      async handle(ctx, input) {
        const timeZone = ctx.services.config.timeZone;
        const limits = ctx.services.config.stayLimits;
        const today = businessDate(ctx.now, timeZone);
        const query = parseQuoteQuery(input.query, today, limits);
        const stays = calendarStays(query.startDate, query.endDate, today, limits);
        const first = stays[0]?.startDate ?? query.startDate;
        const last = stays.at(-1)?.endDate ?? query.endDate;
        const span = await quotedLots(ctx, { ...query, startDate: first, endDate: last });
        const key =
          ctx.user === null && span.responses
            ? [
                'calendar',
                query.startDate,
                query.endDate,
                query.slugs?.join(',') ?? '',
                query.includeLot,
              ].join('|')
            : undefined;
        const written = key === undefined ? undefined : span.responses?.get(key);
        if (written !== undefined) return written;
        const covers = await subscriptionCovers(ctx, span.lotRows);
        const inputs = {
          pricing: span.pricing,
          present: span.present,
          blockouts: span.blockouts,
          timeZone,
          presentFrom: first,
        };
        const data = stays.flatMap((stay) =>
          span.lotRows.map((lot, index) => quoteObject(lot, stay, inputs, covers[index])),
        );
        let included: ResourceObject[] | undefined;
        if (query.includeLot) {
          const lotsDef = registry.get('lots');
          included = allowed(lotsDef.access.read, ctx) ? await serialize(lotsDef, ctx, span.lotRows) : [];
        }
        const body = {
          data,
          ...(included ? { included } : {}),
          meta: {
            pagination: { count: data.length, page: 1, pages: 1 },
            offsets: stays.map((stay) => stay.offset),
          },
        };
        if (key === undefined || !span.responses) return body;
        const answer = new WrittenAnswer(JSON.stringify(body));
        span.responses.set(key, answer);
        return answer;
      },
    }),
  ];
}

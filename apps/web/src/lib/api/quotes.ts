import { queryOptions } from '@tanstack/react-query';
import type { LotAttributes } from '@parking/domain/api-contract/catalogue';
import type { QuoteAttributes, QuoteBlockout } from '@parking/domain/api-contract/prices';
import { LOT_SLUGS } from '@parking/domain/constants';
import { apiRequest } from '@/lib/api/client';
import { IncludedIndex, relatedId, type ListDocument } from '@/lib/api/jsonapi';

export interface LotQuote {
  lotId: string;
  slug: string;
  name: string;
  price: string;
  formattedPrice: string;
  fillThresholdExceeded: boolean;
  /** The parking blockouts on the departure or return day (the same for every car park). */
  parkingBlockouts: QuoteBlockout[];
  /** The plan of the customer's own subscription that covers the stay ("Unlimited indoor parking"), or null. */
  coveredBy: string | null;
}

export interface QuoteRefusals {
  /** A blockout's message beside the date it takes whole (no drop-off, or no pick-up, that day). */
  startDate?: string;
  endDate?: string;
  /** Every car park is over its fill threshold for these dates. */
  allFull: boolean;
  /** The blockouts that take only part of a day: the times inside them are refused at the flights step. */
  partDay: QuoteBlockout[];
}

/**
 * What will refuse a booking for these dates, read from the quotes (the booking save's rules, applied by
 * the server to the quote): told where the dates are chosen, on the home form and at step 1.
 */
export function quoteRefusals(quotes: readonly LotQuote[] | undefined): QuoteRefusals {
  const blockouts = quotes?.[0]?.parkingBlockouts ?? [];
  const closing = (day: 'startDate' | 'endDate') =>
    blockouts.find((blockout) => blockout.closes.includes(day))?.message;
  return {
    startDate: closing('startDate'),
    endDate: closing('endDate'),
    allFull: Boolean(quotes?.length) && (quotes ?? []).every((quote) => quote.fillThresholdExceeded),
    partDay: blockouts.filter((blockout) => blockout.closes.length === 0),
  };
}

/** Whether the quotes refuse the dates outright (a day closed, or every car park full). */
export const datesRefused = (refusals: QuoteRefusals): boolean =>
  Boolean(refusals.startDate || refusals.endDate || refusals.allFull);

/** One quote per car park for the dates (public-site §7 "Quotes"), indoor first. */
export const quotesQuery = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: ['quotes', startDate, endDate],
    queryFn: async ({ signal }): Promise<LotQuote[]> => {
      const document = await apiRequest<ListDocument<QuoteAttributes>>('quotes', {
        signal,
        query: {
          start_date: startDate,
          end_date: endDate,
          'filter[lot.slug__in]': LOT_SLUGS.join(','),
          include: 'lot',
        },
      });
      const included = new IncludedIndex(document.included);
      const quotes = document.data.map((quote) => {
        const lotId = relatedId(quote, 'lot') ?? '';
        const lot = included.find<LotAttributes>('lots', lotId);
        return {
          lotId,
          slug: lot?.attributes.slug ?? '',
          name: lot?.attributes.name ?? '',
          price: quote.attributes.price,
          formattedPrice: quote.attributes.formattedPrice,
          fillThresholdExceeded: quote.attributes.fillThresholdExceeded,
          parkingBlockouts: quote.attributes.parkingBlockouts,
          coveredBy: quote.attributes.coveredBy,
        };
      });
      return quotes.sort((a, b) => LOT_SLUGS.indexOf(a.slug as never) - LOT_SLUGS.indexOf(b.slug as never));
    },
    // Fill rates move while people book: a quote older than half a minute is asked again.
    staleTime: 30_000,
  });

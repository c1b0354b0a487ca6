import { queryOptions } from '@tanstack/react-query';
import type { LotAttributes } from '@parking/domain/api-contract/catalogue';
import type { QuoteAttributes } from '@parking/domain/api-contract/prices';
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
}

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
        };
      });
      return quotes.sort((a, b) => LOT_SLUGS.indexOf(a.slug as never) - LOT_SLUGS.indexOf(b.slug as never));
    },
    // Fill rates move while people book: a quote older than half a minute is asked again.
    staleTime: 30_000,
  });

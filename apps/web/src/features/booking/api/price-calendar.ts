import { queryOptions } from '@tanstack/react-query';
import type { QuoteAttributes } from '@parking/domain/api-contract/prices';
import { quoteUnavailable, type QuoteUnavailable } from '@parking/domain/quote-standing';
import { apiRequest } from '@/lib/api/client';
import { relatedId, type ListDocument } from '@/lib/api/jsonapi';

export interface CalendarQuote {
  lotId: string;
  startDate: string;
  endDate: string;
  price: string;
  formattedPrice: string;
  /** Why it cannot be booked online (a blockout closes the departure or return day, or the car park is full), or null. */
  unavailable: QuoteUnavailable | null;
}

/**
 * The price calendar of step 1 (issue 24): the same stay starting up to three days earlier and later, every
 * car park's price of each, in one request (GET quotes/calendar/, answered from the server's held quotes).
 */
export const priceCalendarQuery = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: ['quote-calendar', startDate, endDate],
    queryFn: async ({ signal }): Promise<CalendarQuote[]> => {
      const document = await apiRequest<ListDocument<QuoteAttributes>>('quotes/calendar', {
        signal,
        query: { start_date: startDate, end_date: endDate },
      });
      return document.data.map((quote) => ({
        lotId: relatedId(quote, 'lot') ?? '',
        startDate: quote.attributes.startDate,
        endDate: quote.attributes.endDate,
        price: quote.attributes.price,
        formattedPrice: quote.attributes.formattedPrice,
        unavailable: quoteUnavailable(quote.attributes),
      }));
    },
    staleTime: 30_000,
  });

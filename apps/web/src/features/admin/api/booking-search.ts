/** The back office's one-step booking search: GET bookings/search/?q= (staff). */
import type { BookingSearchResultAttributes } from '@parking/domain/api-contract/booking-search';
import { apiRequest } from '@/lib/api/client';
import type { ListDocument, Resource } from '@/lib/api/jsonapi';

export type BookingSearchResult = Resource<BookingSearchResultAttributes>;

async function searchBookings(text: string, signal?: AbortSignal): Promise<BookingSearchResult[]> {
  const document = await apiRequest<ListDocument<BookingSearchResultAttributes>>('bookings/search', {
    query: { q: text },
    signal,
  });
  return document.data;
}

export const bookingSearchQuery = (text: string) => ({
  queryKey: ['booking-search', text],
  queryFn: ({ signal }: { signal: AbortSignal }) => searchBookings(text, signal),
  staleTime: 15_000,
});

/** The booking holding exactly this code, or null. */
export async function bookingWithCode(code: string): Promise<BookingSearchResult | null> {
  const found = await searchBookings(code);
  return found.find((row) => row.attributes.match === 'code') ?? null;
}

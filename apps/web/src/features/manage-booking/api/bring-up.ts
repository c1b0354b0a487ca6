/**
 * The traveller's return (issue 41): the booking's bring-up as the page shows it, live, and "I have landed" (asks
 * for the car once), with the same access as the rest of Manage my booking.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TravellerBringUpAttributes } from '@parking/domain/api-contract/bring-up';
import { apiRequest } from '@/lib/api/client';
import { writeDocument, type SingleDocument } from '@/lib/api/jsonapi';
import { headersFor } from './manage-booking';

export const bringUpQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['manage-booking', bookingId, 'bring-up'],
    queryFn: async ({ signal }): Promise<TravellerBringUpAttributes> =>
      (
        await apiRequest<SingleDocument<TravellerBringUpAttributes>>(
          `manage-bookings/${bookingId}/bring-up`,
          {
            signal,
            headers: headersFor(bookingId),
          },
        )
      ).data.attributes,
    retry: false,
  });

export async function askForCar(bookingId: string): Promise<TravellerBringUpAttributes> {
  const answer = await apiRequest<SingleDocument<TravellerBringUpAttributes>>(
    `manage-bookings/${bookingId}/landed`,
    { method: 'POST', headers: headersFor(bookingId), body: writeDocument('bring-up-asks', {}) },
  );
  return answer.data.attributes;
}

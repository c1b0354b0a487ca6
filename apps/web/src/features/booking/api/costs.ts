import { queryOptions, useMutation } from '@tanstack/react-query';
import type { BookingQuoteAttributes } from '@parking/domain/api-contract/prices';
import { apiRequest } from '@/lib/api/client';
import type { SingleDocument } from '@/lib/api/jsonapi';
import { bookingDocument, bookingQuoteDocument } from '../state/booking-payload';
import type { SavedBooking, WizardState } from '../state/wizard-state';

/** The cost calculation for the summary (POST booking-quotes/): every charge and the GST, by the server. */
export const bookingCostsQuery = (state: WizardState, customerId: string | null) => {
  const document = bookingQuoteDocument(state, customerId);
  return queryOptions({
    queryKey: ['booking-quotes', document],
    queryFn: async ({ signal }): Promise<BookingQuoteAttributes> => {
      const answer = await apiRequest<SingleDocument<BookingQuoteAttributes>>('booking-quotes', {
        method: 'POST',
        body: document,
        signal,
      });
      return answer.data.attributes;
    },
    staleTime: 0,
  });
};

interface BookingAnswer {
  bookingCode: string;
  clientSecret?: string | null;
  totalCost: string;
  amountPaid?: string;
  status: string;
  email: string;
}

/** Saves the booking (POST bookings/); the answer carries the card payment's secret. */
export function useSaveBooking() {
  return useMutation({
    mutationFn: async ({
      state,
      customerId,
      userId,
    }: {
      state: WizardState;
      customerId: string | null;
      userId: string | null;
    }): Promise<SavedBooking> => {
      const answer = await apiRequest<SingleDocument<BookingAnswer>>('bookings', {
        method: 'POST',
        body: bookingDocument(state, { customerId, userId }),
      });
      const booking = answer.data.attributes;
      return {
        id: answer.data.id,
        bookingCode: booking.bookingCode,
        clientSecret: booking.clientSecret ?? null,
        totalCost: booking.totalCost,
        amountPaid: booking.amountPaid ?? '0.00',
        status: booking.status,
        email: booking.email,
      };
    },
  });
}

/**
 * The booking form's charges (back-office §4): the stay its fields make, the extras on offer for it with their
 * prices for the vehicle type, and the server's cost calculation (POST booking-quotes), worked out again when
 * the lot, customer, dates, extras or discount change; until then, the saved booking's own.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { staffChargesSubscriptionGaps, staffStay } from '@parking/domain/booking-form';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import type { BookingQuoteAttributes } from '@parking/domain/api-contract/prices';
import { messages } from '@parking/domain/messages';
import { percentAsFraction } from '@parking/domain/numbers';
import { apiRequest, firstErrorDetail } from '@/lib/api/client';
import type { SingleDocument } from '@/lib/api/jsonapi';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import { bookingExtrasQuery, extraVariationsQuery } from '../api/booking-lookups';
import type { Charges } from './booking-charges-section';
import { extraPrice, extrasTotal } from './booking-extras-section';
import type { BookingForm } from './booking-form-context';

const PRICING_FIELDS = [
  'lot',
  'customer',
  'departureDate',
  'dropOffTime',
  'arrivalDate',
  'arrivalTime',
  'extras',
  'discountRate',
  'discount',
  'vehicleType',
] as const;

/** `saved`: the booking as stored (undefined for a new one, or until it has loaded). */
export function useBookingCharges(form: BookingForm, saved: BookingAttributes | undefined, isNew: boolean) {
  // The stay, the extras on offer for it, and their prices for the vehicle type.
  const [
    lot,
    customer,
    departureDate,
    dropOffTime,
    arrivalDate,
    arrivalTime,
    vehicleType,
    selectedExtras,
    discountRate,
  ] = useWatch({
    control: form.control,
    name: [
      'lot',
      'customer',
      'departureDate',
      'dropOffTime',
      'arrivalDate',
      'arrivalTime',
      'vehicleType',
      'extras',
      'discountRate',
    ],
  });
  const stay = useMemo(() => {
    const complete =
      [departureDate, arrivalDate].every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date ?? '')) &&
      /^\d{2}:\d{2}$/.test(dropOffTime ?? '');
    return complete
      ? staffStay(
          {
            departureDate: departureDate ?? '',
            dropOffTime: dropOffTime ?? '',
            arrivalDate: arrivalDate ?? '',
            arrivalTime: arrivalTime ?? '',
          },
          BUSINESS_TIME_ZONE,
        )
      : null;
  }, [departureDate, dropOffTime, arrivalDate, arrivalTime]);
  const extras = useQuery(bookingExtrasQuery(stay));
  const variations = useQuery(extraVariationsQuery(vehicleType ?? ''));
  const extrasChanged =
    form.getFieldState('extras', form.formState).isDirty ||
    form.getFieldState('vehicleType', form.formState).isDirty;
  const priceOf = (id: string) =>
    (!extrasChanged && saved?.extrasPrices[id]) ||
    extraPrice(
      extras.data?.find((extra) => extra.id === id),
      variations.data,
    );
  const selected = selectedExtras ?? [];
  const extrasCost = extrasTotal(selected, priceOf);

  // Back-office §4: the charges are worked out again when the lot, customer, dates, extras or discount change.
  const pricingChanged =
    isNew || PRICING_FIELDS.some((field) => form.getFieldState(field, form.formState).isDirty);
  const rate = percentAsFraction().safeParse(discountRate ?? '');
  const quoteRequest =
    stay && lot && rate.success && new Date(stay.endDatetime) > new Date(stay.startDatetime)
      ? {
          data: {
            type: 'booking-quotes',
            attributes: {
              ...stay,
              extrasCost,
              discountRate: rate.data,
              calculateSubscriptionGaps: staffChargesSubscriptionGaps(
                new Date(stay.startDatetime),
                new Date(),
              ),
            },
            relationships: {
              lot: { data: { type: 'lots', id: lot } },
              customer: { data: customer ? { type: 'customers', id: customer } : null },
            },
          },
        }
      : null;
  const quote = useQuery({
    queryKey: ['booking-quotes', quoteRequest],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<SingleDocument<BookingQuoteAttributes>>('booking-quotes', {
          method: 'POST',
          body: quoteRequest,
          signal,
        })
      ).data.attributes,
    enabled: pricingChanged && quoteRequest !== null,
    staleTime: 0,
    retry: false,
  });
  const charges: Charges | undefined = pricingChanged ? (quote.data ?? undefined) : saved;
  return {
    extras,
    selected,
    priceOf,
    charges,
    /** The charges are being worked out afresh. */
    calculating: pricingChanged && quote.isFetching,
    calculationError:
      pricingChanged && quote.isError ? firstErrorDetail(quote.error, messages.unknownError) : null,
  };
}

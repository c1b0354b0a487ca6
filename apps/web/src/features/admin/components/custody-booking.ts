/** What the desk's dialogs know of a booking, and what they refresh once a custody entry is saved. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CustodyStatus } from '@parking/domain/custody';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import { custodyQueryKey } from '@/lib/api/custody';
import { relatedId, type Resource } from '@/lib/api/jsonapi';

export interface CustodyBooking {
  id: string;
  bookingCode: string;
  name: string;
  rego: string;
  vehicle: string;
  lotId: string;
  lotRegionId: string | null;
  lotRegionRow: number | null;
  custodyStatus: CustodyStatus;
}

/** A booking as the desk's dialogs know it (the booking screen's; the diary builds its rows' own). */
export function custodyBookingOf(booking: Resource<BookingAttributes>): CustodyBooking {
  const a = booking.attributes;
  return {
    id: booking.id,
    bookingCode: a.bookingCode,
    name: `${a.firstName} ${a.lastName}`.trim(),
    rego: a.rego,
    vehicle: [a.colour, a.make, a.model].filter(Boolean).join(' '),
    lotId: relatedId(booking, 'lot') ?? '',
    lotRegionId: relatedId(booking, 'lotRegion'),
    lotRegionRow: a.lotRegionRow,
    custodyStatus: a.custodyStatus,
  };
}

/** The diary, the booking lists and screens, its Edit History and its record: each shows the change. */
export function useCustodySaved(bookingId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['resource', 'bookings'] }),
        queryClient.invalidateQueries({ queryKey: ['resource', 'booking-logs'] }),
        queryClient.invalidateQueries({ queryKey: custodyQueryKey(bookingId) }),
      ]),
    [queryClient, bookingId],
  );
}

/** What the desk's dialogs know of a booking, and what they refresh once a custody entry is saved. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CustodyStatus } from '@parking/domain/custody';
import { custodyQueryKey } from '@/lib/api/custody';

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

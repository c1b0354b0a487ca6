import { queryOptions } from '@tanstack/react-query';
import { slotOf, type SlotLevel } from '@parking/domain/slots';
import { apiRequest } from '@/lib/api/client';
import type { ListDocument } from '@/lib/api/jsonapi';

interface LotSlotAttributes {
  startDatetime: string;
  endDatetime: string;
  cars: number;
  capacity: number | null;
  level: SlotLevel;
}

export interface DaySlots {
  /** The most cars per slot; null is unlimited. */
  capacity: number | null;
  /** Cars through the desk, by slot number (domain slots.ts). */
  loads: Map<number, number>;
}

/**
 * How busy each 15-minute drop-off and pick-up slot of a business day is at a car park (issue 24): the
 * wizard's busy-ness and quieter times, the diary's slot load.
 */
export const lotSlotsQuery = (lotId: string, date: string) =>
  queryOptions({
    queryKey: ['lot-slots', lotId, date],
    queryFn: async ({ signal }): Promise<DaySlots> => {
      const document = await apiRequest<ListDocument<LotSlotAttributes>>(
        `lots/${encodeURIComponent(lotId)}/slots`,
        { signal, query: { date } },
      );
      const loads = new Map<number, number>();
      let capacity: number | null = null;
      for (const slot of document.data) {
        capacity = slot.attributes.capacity;
        loads.set(slotOf(new Date(slot.attributes.startDatetime)), slot.attributes.cars);
      }
      return { capacity, loads };
    },
    staleTime: 15_000,
  });

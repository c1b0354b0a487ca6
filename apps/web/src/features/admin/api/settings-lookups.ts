/**
 * What the settings screens choose from: every extra (private ones too: unavailable extras, blockout
 * extras), bus trips of a timetable (a flight's bus).
 * Keys start with ['resource', type] so that a save of that type refreshes them (resource-queries.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchList } from '@/lib/api/resources';
import type { BusTripAttributes, ExtraAttributes } from '@parking/domain/api-contract/catalogue';

interface NamedOption {
  id: string;
  name: string;
}

export interface ExtraOption extends NamedOption {
  extraType: string;
  public: boolean;
}

export const settingsExtrasQuery = queryOptions({
  queryKey: ['resource', 'extras', 'lookup', 'settings'],
  queryFn: async ({ signal }): Promise<ExtraOption[]> =>
    (await fetchList<ExtraAttributes>('extras', { page: 1, per: 500, sort: 'name' }, signal)).rows.map(
      (extra) => ({
        id: extra.id,
        name: extra.attributes.name,
        extraType: extra.attributes.extraType,
        public: extra.attributes.public,
      }),
    ),
  staleTime: 60_000,
});

export interface BusTripOption {
  id: string;
  /** '5:30 am' */
  label: string;
}

/** Back-office §5, §7: a flight's bus trip comes from its own timetable, ordered by departure time. */
export const busTripsQuery = (service: string) =>
  queryOptions({
    queryKey: ['resource', 'bus-trips', 'lookup', service],
    queryFn: async ({ signal }): Promise<BusTripOption[]> =>
      (
        await fetchList<BusTripAttributes>(
          'bus-trips',
          { page: 1, per: 500, sort: 'departureTime', filters: { service } },
          signal,
        )
      ).rows.map((trip) => ({
        id: trip.id,
        label: trip.attributes.formattedTime,
      })),
    enabled: service !== '',
    staleTime: 60_000,
  });

/** Extras for a stay and their prices for a vehicle type (public-site §7 "Extras", "Extra variations"). */
import { queryOptions } from '@tanstack/react-query';
import type { ExtraAttributes, ExtraVariationAttributes } from '@parking/domain/api-contract/catalogue';
import type { ExtraType } from '@parking/domain/constants';
import { apiRequest } from '@/lib/api/client';
import { relatedId, type ListDocument } from '@/lib/api/jsonapi';

export interface Extra {
  id: string;
  name: string;
  description: string;
  extraType: ExtraType;
  basePrice: string;
  /** False when it cannot be booked for this stay (switched off, a blockout, an exceptional day). */
  available: boolean;
}

/** The contract's extra, its type one of the known extra types (extras_type_valid). */
type KnownExtraAttributes = Omit<ExtraAttributes, 'extraType'> & { extraType: ExtraType };

export const extrasQuery = (startDatetime: string, endDatetime: string) =>
  queryOptions({
    queryKey: ['extras', startDatetime, endDatetime],
    queryFn: async ({ signal }): Promise<Extra[]> => {
      const document = await apiRequest<ListDocument<KnownExtraAttributes>>('extras', {
        signal,
        query: { 'filter[checkAvailability]': `${startDatetime},${endDatetime}`, 'page[size]': 200 },
      });
      return document.data.map((extra) => ({ id: extra.id, ...extra.attributes }));
    },
  });

/** Price of each extra for a vehicle type, by extra id. */
export const extraVariationsQuery = (vehicleTypeId: string) =>
  queryOptions({
    queryKey: ['extra-variations', vehicleTypeId],
    queryFn: async ({ signal }): Promise<Record<string, string>> => {
      const document = await apiRequest<ListDocument<ExtraVariationAttributes>>('extra-variations', {
        signal,
        query: { 'filter[vehicleType]': vehicleTypeId, 'page[size]': 500 },
      });
      return Object.fromEntries(
        document.data.flatMap((variation) => {
          const extraId = relatedId(variation, 'extra');
          return extraId ? [[extraId, variation.attributes.price]] : [];
        }),
      );
    },
    staleTime: 10 * 60_000,
  });

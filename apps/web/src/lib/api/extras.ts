/** Extras for a stay and their prices for a vehicle type (public-site §7 "Extras", "Extra variations"). */
import { queryOptions } from '@tanstack/react-query';
import type {
  ExtraAttributes,
  ExtrasAvailabilityMeta,
  ExtraVariationAttributes,
} from '@parking/domain/api-contract/catalogue';
import type { ExtraType } from '@parking/domain/constants';
import { apiRequest } from '@/lib/api/client';
import { relatedId, type JsonApiDocument, type ListDocument, type Resource } from '@/lib/api/jsonapi';

export interface Extra {
  id: string;
  name: string;
  description: string;
  extraType: ExtraType;
  basePrice: string;
  /** False when it cannot be booked for this stay (switched off, a blockout, an exceptional day). */
  available: boolean;
  /** Why the stay makes it unavailable: the notices (a blockout's message, an exceptional day) that name it. */
  notices: string[];
}

/** An extras list asked for a stay, with the notices of what makes extras unavailable in its meta. */
export type ExtrasForStayDocument<A extends object> = JsonApiDocument<Resource<A>[], ExtrasAvailabilityMeta>;

/** The notices of an extras list for a stay, by extra id. */
export function noticesByExtra(document: ExtrasForStayDocument<object>): Map<string, string[]> {
  const byExtra = new Map<string, string[]>();
  for (const notice of document.meta?.unavailableNotices ?? []) {
    for (const id of notice.extras) byExtra.set(id, [...(byExtra.get(id) ?? []), notice.message]);
  }
  return byExtra;
}

/** The distinct notices of some extras, in the order they first appear. */
export const distinctNotices = (extras: ReadonlyArray<{ notices?: readonly string[] }>): string[] => [
  ...new Set(extras.flatMap((extra) => extra.notices ?? [])),
];

/** The contract's extra, its type one of the known extra types (extras_type_valid). */
type KnownExtraAttributes = Omit<ExtraAttributes, 'extraType'> & { extraType: ExtraType };

export const extrasQuery = (startDatetime: string, endDatetime: string) =>
  queryOptions({
    queryKey: ['extras', startDatetime, endDatetime],
    queryFn: async ({ signal }): Promise<Extra[]> => {
      const document = await apiRequest<ExtrasForStayDocument<KnownExtraAttributes>>('extras', {
        signal,
        query: { 'filter[checkAvailability]': `${startDatetime},${endDatetime}`, 'page[size]': 200 },
      });
      const notices = noticesByExtra(document);
      return document.data.map((extra) => ({
        id: extra.id,
        ...extra.attributes,
        notices: notices.get(extra.id) ?? [],
      }));
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

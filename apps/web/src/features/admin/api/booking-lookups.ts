/**
 * What the booking form chooses from (back-office §7 "Lookups"): lots, their regions, airlines, flights
 * by airline and timetable, extras with their availability and the vehicle type's prices, discounts,
 * the customer's vehicles, staff for "parked by", and the edit history.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Service } from '@parking/domain/constants';
import { apiRequest } from '@/lib/api/client';
import { noticesByExtra, type ExtrasForStayDocument } from '@/lib/api/extras';
import { IncludedIndex, relatedId, type ListDocument } from '@/lib/api/jsonapi';
import { fetchList } from '@/lib/api/resources';
import type {
  CustomerAttributes,
  UserAttributes,
  VehicleAttributes,
} from '@parking/domain/api-contract/accounts';
import type { BookingLogAttributes } from '@parking/domain/api-contract/bookings';
import type {
  BusTripAttributes,
  DiscountAttributes,
  ExtraAttributes,
  ExtraVariationAttributes,
  FlightAttributes,
  LotAttributes,
  LotRegionAttributes,
  NamedAttributes,
} from '@parking/domain/api-contract/catalogue';

const HOUR = 60 * 60_000;

export interface Option {
  id: string;
  name: string;
}

export const lotsQuery = queryOptions({
  queryKey: ['resource', 'lots', 'lookup'],
  queryFn: async ({ signal }) =>
    (await fetchList<LotAttributes>('lots', { page: 1, per: 100, sort: 'name' }, signal)).rows.map((lot) => ({
      id: lot.id,
      ...lot.attributes,
    })),
  staleTime: 5 * 60_000,
});

export interface Region extends LotRegionAttributes {
  id: string;
}

/** Back-office §7 "lot regions by lot"; the rows of a region run from 1 to its count (§5). */
export const lotRegionsQuery = (lotId: string) =>
  queryOptions({
    queryKey: ['resource', 'lot-regions', 'lookup', lotId],
    queryFn: async ({ signal }): Promise<Region[]> =>
      (
        await fetchList<LotRegionAttributes>(
          'lot-regions',
          { page: 1, per: 500, sort: 'name', filters: { lot: lotId } },
          signal,
        )
      ).rows.map((region) => ({
        id: region.id,
        ...region.attributes,
      })),
    enabled: lotId !== '',
    staleTime: 60_000,
  });

export const airlinesQuery = queryOptions({
  queryKey: ['resource', 'airlines', 'lookup'],
  queryFn: async ({ signal }): Promise<Option[]> =>
    (await fetchList<NamedAttributes>('airlines', { page: 1, per: 500, sort: 'name' }, signal)).rows.map(
      (airline) => ({ id: airline.id, name: airline.attributes.name }),
    ),
  staleTime: HOUR,
});

export interface Flight {
  id: string;
  flightNumber: string;
  flightLabel: string;
  /** 'HH:mm:ss' */
  time: string;
  /** The shuttle's departure for a departing flight, 'HH:mm:ss'. */
  busTime: string | null;
}

/** Back-office §5: flights of the chosen airline and timetable, by time, departures with their bus. */
export const flightsQuery = (airlineId: string, service: Service, departure: boolean) =>
  queryOptions({
    queryKey: ['resource', 'flights', 'lookup', airlineId, service, departure],
    queryFn: async ({ signal }): Promise<Flight[]> => {
      const answer = await fetchList<FlightAttributes>(
        'flights',
        {
          page: 1,
          per: 500,
          sort: 'time',
          filters: { airline: airlineId, service, departure: String(departure) },
          include: departure ? 'busTrip' : undefined,
        },
        signal,
      );
      return answer.rows.map((flight) => ({
        id: flight.id,
        flightNumber: flight.attributes.flightNumber,
        flightLabel: flight.attributes.flightLabel,
        time: flight.attributes.time,
        busTime:
          answer.included.one<BusTripAttributes>(flight, 'busTrip', 'bus-trips')?.attributes.departureTime ??
          null,
      }));
    },
    enabled: airlineId !== '',
    staleTime: HOUR,
  });

/** An extra as the booking form offers it: the API contract's fields it reads, and the id. */
export type Extra = Pick<ExtraAttributes, 'name' | 'description' | 'basePrice' | 'available' | 'public'> & {
  id: string;
  /** Why the stay makes it unavailable (a blockout's message, an exceptional day). */
  notices: string[];
};

/** Every extra, `available` answering for the stay when there is one (blockouts, exceptional days). */
export const bookingExtrasQuery = (stay: { startDatetime: string; endDatetime: string } | null) =>
  queryOptions({
    queryKey: ['resource', 'extras', 'lookup', stay?.startDatetime ?? '', stay?.endDatetime ?? ''],
    queryFn: async ({ signal }): Promise<Extra[]> => {
      const document = await apiRequest<ExtrasForStayDocument<ExtraAttributes>>('extras', {
        signal,
        query: {
          'page[size]': 500,
          sort: 'name',
          ...(stay ? { 'filter[checkAvailability]': `${stay.startDatetime},${stay.endDatetime}` } : {}),
        },
      });
      const notices = noticesByExtra(document);
      return document.data.map((extra) => ({
        id: extra.id,
        ...extra.attributes,
        notices: notices.get(extra.id) ?? [],
      }));
    },
    // The list stays (and stays clickable) while a changed stay's availability loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Price by extra id for a vehicle type (back-office §4: the variation, else the base price). */
export const extraVariationsQuery = (vehicleTypeId: string) =>
  queryOptions({
    queryKey: ['resource', 'extra-variations', 'lookup', vehicleTypeId],
    queryFn: async ({ signal }): Promise<Record<string, string>> => {
      const answer = await fetchList<ExtraVariationAttributes>(
        'extra-variations',
        { page: 1, per: 500, filters: { vehicleType: vehicleTypeId } },
        signal,
      );
      return Object.fromEntries(
        answer.rows.flatMap((variation) => {
          const extraId = relatedId(variation, 'extra');
          return extraId ? [[extraId, variation.attributes.price]] : [];
        }),
      );
    },
    enabled: vehicleTypeId !== '',
    staleTime: 5 * 60_000,
  });

export interface Discount extends DiscountAttributes {
  id: string;
}

export const discountsQuery = queryOptions({
  queryKey: ['resource', 'discounts', 'lookup'],
  queryFn: async ({ signal }): Promise<Discount[]> =>
    (
      await fetchList<DiscountAttributes>('discounts', { page: 1, per: 500, sort: 'promoCode' }, signal)
    ).rows.map((discount) => ({ id: discount.id, ...discount.attributes })),
  staleTime: 60_000,
});

export interface SavedVehicle extends VehicleAttributes {
  id: string;
  vehicleTypeId: string;
}

/** Back-office §7: vehicles of an owner, regoUuid false, deleted false, with the vehicle type. */
export const customerVehiclesQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['resource', 'vehicles', 'lookup', customerId],
    queryFn: async ({ signal }): Promise<SavedVehicle[]> =>
      (
        await fetchList<VehicleAttributes>(
          'vehicles',
          {
            page: 1,
            per: 200,
            filters: { owner: customerId, regoUuid: 'false', deleted: 'false' },
            include: 'vehicleType',
          },
          signal,
        )
      ).rows.map((vehicle) => ({
        id: vehicle.id,
        vehicleTypeId: relatedId(vehicle, 'vehicleType') ?? '',
        ...vehicle.attributes,
      })),
    enabled: customerId !== '',
    staleTime: 30_000,
  });

/** Back-office §6: the parked-by list is limited to staff customers. */
export const staffCustomersQuery = queryOptions({
  queryKey: ['resource', 'customers', 'lookup', 'staff'],
  queryFn: async ({ signal }): Promise<Option[]> =>
    (
      await fetchList<CustomerAttributes>(
        'customers',
        { page: 1, per: 500, sort: 'firstName', filters: { staff: 'true' } },
        signal,
      )
    ).rows.map((customer) => ({
      id: customer.id,
      name: customer.attributes.fullName,
    })),
  staleTime: 5 * 60_000,
});

export interface HistoryEntry {
  id: string;
  timestamp: string;
  action: string;
  info: unknown;
  /** The user's full name, or Unknown User (back-office §2). */
  who: string;
}

/** Back-office §7: booking logs by booking, newest first, 5 per page (Admins only). */
export const bookingHistoryQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['resource', 'booking-logs', 'lookup', bookingId],
    queryFn: async ({ signal }): Promise<HistoryEntry[]> => {
      const document = await apiRequest<ListDocument<BookingLogAttributes>>('booking-logs', {
        signal,
        query: { 'filter[booking]': bookingId, sort: '-timestamp', 'page[size]': 5, include: 'user' },
      });
      const included = new IncludedIndex(document.included);
      return document.data.map((entry) => {
        const user = included.one<UserAttributes>(entry, 'user', 'users')?.attributes;
        const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
        return { id: entry.id, ...entry.attributes, who: name || 'Unknown User' };
      });
    },
  });

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';
import { isMoney, parseMoney } from '@parking/domain/money';
import { balanceToPayCents } from '@parking/domain/stay-phase';
import { apiRequest } from '@/lib/api/client';
import { IncludedIndex, type ListDocument, type Pagination, type Resource } from '@/lib/api/jsonapi';

interface BookingExtra {
  id: string;
  name: string;
  /** What the extra was sold at on this booking. */
  price: string | null;
}

/** A booking with the names of what it points at (car park, airlines, vehicle type, extras). */
export interface MyBooking extends BookingAttributes {
  id: string;
  lotName: string;
  vehicleTypeName: string;
  airlineOutName: string;
  airlineInName: string;
  extras: BookingExtra[];
}

/** The columns the API can sort by (`sort=` on bookings). */
export type BookingSortField =
  'bookingCode' | 'startDatetime' | 'endDatetime' | 'totalCost' | 'status' | 'created';
export interface BookingSort {
  field: BookingSortField;
  direction: 'asc' | 'desc';
}

/**
 * Which bookings the list shows: stays not over yet (upcoming and parked now, soonest first), past
 * stays (latest first), or every booking.
 */
export type BookingsView = 'current' | 'past' | 'all';

/** Each view's order until the traveller picks another. */
export const VIEW_SORT: Record<BookingsView, BookingSort> = {
  current: { field: 'startDatetime', direction: 'asc' },
  past: { field: 'startDatetime', direction: 'desc' },
  all: { field: 'created', direction: 'desc' },
};

export interface MyBookingsParams {
  customerId: string;
  view: BookingsView;
  /** The instant that divides current from past (ISO), fixed while the page is open. */
  now: string;
  page: number;
  pageSize: number;
  sort: BookingSort;
}

export interface MyBookingsPage {
  bookings: MyBooking[];
  pagination: Pagination;
}

function toBooking(resource: Resource<BookingAttributes>, included: IncludedIndex): MyBooking {
  const name = (relationship: string, type: string) =>
    included.one<NamedAttributes>(resource, relationship, type)?.attributes.name ?? '';
  return {
    ...resource.attributes,
    id: resource.id,
    lotName: name('lot', 'lots'),
    vehicleTypeName: name('vehicleType', 'vehicle-types'),
    airlineOutName: name('airlineOut', 'airlines'),
    airlineInName: name('airlineIn', 'airlines'),
    extras: included.many<NamedAttributes>(resource, 'extras', 'extras').map((extra) => ({
      id: extra.id,
      name: extra.attributes.name,
      price: resource.attributes.extrasPrices[extra.id] ?? null,
    })),
  };
}

/** Not over yet: no pick-up (open-ended) or a pick-up still to come. Past: picked up already. */
function viewFilter(view: BookingsView, now: string): Record<string, string> {
  if (view === 'current') return { 'filter[end_datetime__gte_or_isnull]': now };
  if (view === 'past') return { 'filter[end_datetime__lt]': now };
  return {};
}

/** My bookings (public-site §7): the customer's bookings with their related names, sorted and paged. */
export const myBookingsQuery = (params: MyBookingsParams) =>
  queryOptions({
    queryKey: ['bookings', 'mine', params],
    queryFn: async ({ signal }): Promise<MyBookingsPage> => {
      const document = await apiRequest<ListDocument<BookingAttributes>>('bookings', {
        signal,
        query: {
          'filter[customer]': params.customerId,
          ...viewFilter(params.view, params.now),
          include: 'airlineOut,airlineIn,extras,lot,vehicleType',
          sort: `${params.sort.direction === 'desc' ? '-' : ''}${params.sort.field}`,
          'page[number]': params.page,
          'page[size]': params.pageSize,
        },
      });
      const included = new IncludedIndex(document.included);
      return {
        bookings: document.data.map((resource) => toBooking(resource, included)),
        pagination: document.meta?.pagination ?? { count: document.data.length, page: params.page, pages: 1 },
      };
    },
    // Paging and sorting keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** The PDF invoice, opened in a new tab; the HttpOnly session cookie authorises it. */
export const invoiceUrl = (bookingId: string) =>
  `/backend/api/v1/bookings/${encodeURIComponent(bookingId)}/invoice/`;

/** What the traveller can still pay on this booking online, in cents (0 when nothing, or not payable). */
export function balanceToPay(booking: Pick<MyBooking, 'status' | 'totalCost' | 'amountPaid'>): number {
  if (!isMoney(booking.totalCost) || !isMoney(booking.amountPaid)) return 0;
  return balanceToPayCents({
    status: booking.status,
    totalCents: parseMoney(booking.totalCost),
    paidCents: parseMoney(booking.amountPaid),
  });
}

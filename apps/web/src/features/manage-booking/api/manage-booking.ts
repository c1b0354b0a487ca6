/**
 * Manage my booking's calls: find a booking by code and email (a guest's one-hour token, kept in this
 * tab's sessionStorage), read it, price and save a change, cancel, open a balance payment.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { writeDocument, type ResourceIdentifier, type SingleDocument } from '@/lib/api/jsonapi';

export interface ManagedBooking {
  id: string;
  bookingCode: string;
  status: string;
  paymentStatus: string;
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  startDatetime: string;
  endDatetime: string | null;
  lotName: string;
  lotSlug: string;
  rego: string;
  make: string;
  model: string;
  colour: string;
  vehicleTypeId: string | null;
  vehicleTypeName: string;
  airlineOutId: string | null;
  airlineOutName: string;
  airlineInId: string | null;
  airlineInName: string;
  flightNumberOut: string;
  flightNumberIn: string;
  busDepartureTime: string | null;
  passengersOut: number;
  passengersIn: number;
  extras: Array<{ id: string; name: string; price: string }>;
  promoCode: string;
  parkingCost: string;
  subscriptionDiscount: string;
  amountDiscounted: string;
  extrasCost: string;
  totalCost: string;
  gst: string;
  amountPaid: string;
  amountDue: string;
  canManage: boolean;
  cutoffDatetime: string;
  cutoffHours: number;
  cancellationRefund: string | null;
  fullParkingRefund: boolean;
  fullRefundHours: number;
}

export interface ChangeAnswer extends ManagedBooking {
  clientSecret: string | null;
  refunded: string;
  credit: string;
  /** A change that costs more is made once its difference is paid; its new days are held until holdExpires. */
  changePending: boolean;
  holdExpires: string | null;
  /** The promo code the booking was made with, when it does not apply to the new dates. */
  promoDropped: string | null;
}

export interface ChangeQuote {
  totalCost: string;
  gst: string;
  amountPaid: string;
  amountDue: string;
  refund: string;
  changed: string[];
  promoDropped: string | null;
}

/** A change as the API takes it: attributes, and the related vehicle type, airlines and extras. */
export interface BookingChange {
  attributes: {
    startDatetime: string;
    endDatetime: string;
    passengersOut: number;
    passengersIn: number;
    rego: string;
    make: string;
    model: string;
    colour: string;
    /** Only when the flights are changed. */
    flightNumberOut?: string;
    flightNumberIn?: string;
    busDepartureTime?: string | null;
  };
  relationships: {
    vehicleType: ResourceIdentifier;
    extras: ResourceIdentifier[];
    airlineOut?: ResourceIdentifier;
    airlineIn?: ResourceIdentifier;
  };
}

const STORAGE_KEY = 'manage-booking-access';

interface Access {
  bookingId: string;
  token: string;
  expires: string;
}

/** The guest's token for this booking, while it is valid. */
export function readAccess(bookingId: string): string | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Access | null;
    if (!stored || stored.bookingId !== bookingId || Date.parse(stored.expires) <= Date.now()) return null;
    return stored.token;
  } catch {
    return null;
  }
}

export function forgetAccess(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

const headersFor = (bookingId: string): Record<string, string> => {
  const token = readAccess(bookingId);
  return token ? { 'X-Manage-Token': token } : {};
};

/** Code and email → the booking's id; the token is stored for the calls that follow. */
export async function findBooking(input: { bookingCode: string; email: string }): Promise<string> {
  const answer = await apiRequest<SingleDocument<Access>>('manage-booking-sessions', {
    method: 'POST',
    body: writeDocument('manage-booking-sessions', input),
  });
  const access = answer.data.attributes;
  sessionStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({ bookingId: access.bookingId, token: access.token, expires: access.expires }),
  );
  return access.bookingId;
}

export const managedBookingQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['manage-booking', bookingId],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SingleDocument<Omit<ManagedBooking, 'id'>>>(
        `manage-bookings/${bookingId}`,
        { signal, headers: headersFor(bookingId) },
      );
      return { id: answer.data.id, ...answer.data.attributes };
    },
    retry: false,
  });

export async function quoteChange(bookingId: string, change: BookingChange): Promise<ChangeQuote> {
  const answer = await apiRequest<SingleDocument<ChangeQuote>>(`manage-bookings/${bookingId}/change-quotes`, {
    method: 'POST',
    headers: headersFor(bookingId),
    body: writeDocument(
      'change-quotes',
      { ...change.attributes },
      { relationships: { ...change.relationships } },
    ),
  });
  return answer.data.attributes;
}

export async function saveChange(bookingId: string, change: BookingChange): Promise<ChangeAnswer> {
  const answer = await apiRequest<SingleDocument<Omit<ChangeAnswer, 'id'>>>(
    `manage-bookings/${bookingId}/changes`,
    {
      method: 'POST',
      headers: headersFor(bookingId),
      body: writeDocument(
        'booking-changes',
        { ...change.attributes },
        { relationships: { ...change.relationships } },
      ),
    },
  );
  return { id: answer.data.id, ...answer.data.attributes };
}

export async function cancelBooking(bookingId: string): Promise<ManagedBooking & { refunded: string }> {
  const answer = await apiRequest<SingleDocument<Omit<ManagedBooking, 'id'> & { refunded: string }>>(
    `manage-bookings/${bookingId}/cancellation`,
    {
      method: 'POST',
      headers: headersFor(bookingId),
      body: writeDocument('cancellations', {}),
    },
  );
  return { id: answer.data.id, ...answer.data.attributes };
}

export async function openBalancePayment(
  bookingId: string,
): Promise<{ amount: string; clientSecret: string }> {
  const answer = await apiRequest<SingleDocument<{ amount: string; clientSecret: string }>>(
    `manage-bookings/${bookingId}/payments`,
    {
      method: 'POST',
      headers: headersFor(bookingId),
      body: writeDocument('payments', {}),
    },
  );
  return answer.data.attributes;
}

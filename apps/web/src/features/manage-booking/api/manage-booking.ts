/**
 * Manage my booking's calls: find a booking by code and email (a guest's one-hour token, kept in this
 * tab's sessionStorage), read it, price and save a change (or drop one waiting for its payment), cancel, open
 * a balance payment.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  BalancePaymentAttributes,
  BookingChangeAttributes,
  CancellationAttributes,
  ChangeQuoteAttributes,
  ManageBookingSessionAttributes,
  ManagedBookingAttributes,
} from '@parking/domain/api-contract/manage-booking';
import { apiRequest } from '@/lib/api/client';
import { writeDocument, type ResourceIdentifier, type SingleDocument } from '@/lib/api/jsonapi';

/** The booking as the page holds it: the API contract's attributes and the id. */
export type ManagedBooking = ManagedBookingAttributes & { id: string };

/** A saved change's answer: the booking as changed, what the change did with the money, and the id. */
export type ChangeAnswer = BookingChangeAttributes & { id: string };

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

/** Extend while away (issue 41): the car is with us, so only the pick-up is sent, later than booked. */
export interface StayExtension {
  attributes: { endDatetime: string };
  relationships: Record<string, never>;
}

const STORAGE_KEY = 'manage-booking-access';

/** The guest's token for this booking, while it is valid. */
function readAccess(bookingId: string): string | null {
  try {
    const stored = JSON.parse(
      sessionStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as ManageBookingSessionAttributes | null;
    if (!stored || stored.bookingId !== bookingId || Date.parse(stored.expires) <= Date.now()) return null;
    return stored.token;
  } catch {
    return null;
  }
}

export function forgetAccess(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** A guest's token as the header that authorises the calls about this booking (none for a signed-in customer). */
export const headersFor = (bookingId: string): Record<string, string> => {
  const token = readAccess(bookingId);
  return token ? { 'X-Manage-Token': token } : {};
};

/** Code and email → the booking's id; the token is stored for the calls that follow. */
export async function findBooking(input: { bookingCode: string; email: string }): Promise<string> {
  const answer = await apiRequest<SingleDocument<ManageBookingSessionAttributes>>('manage-booking-sessions', {
    method: 'POST',
    body: writeDocument('manage-booking-sessions', input),
  });
  return keepAccess(answer.data.attributes);
}

/** An emailed link's booking and signed token → the booking's id; its access is stored like a find's. */
export async function openEmailedLink(input: { bookingId: string; token: string }): Promise<string> {
  const answer = await apiRequest<SingleDocument<ManageBookingSessionAttributes>>('manage-booking-links', {
    method: 'POST',
    body: writeDocument('manage-booking-links', input),
  });
  return keepAccess(answer.data.attributes);
}

function keepAccess(access: ManageBookingSessionAttributes): string {
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
      const answer = await apiRequest<SingleDocument<ManagedBookingAttributes>>(
        `manage-bookings/${bookingId}`,
        { signal, headers: headersFor(bookingId) },
      );
      return { id: answer.data.id, ...answer.data.attributes };
    },
    retry: false,
  });

export async function quoteChange(
  bookingId: string,
  change: BookingChange | StayExtension,
): Promise<ChangeQuoteAttributes> {
  const answer = await apiRequest<SingleDocument<ChangeQuoteAttributes>>(
    `manage-bookings/${bookingId}/change-quotes`,
    {
      method: 'POST',
      headers: headersFor(bookingId),
      body: writeDocument(
        'change-quotes',
        { ...change.attributes },
        { relationships: { ...change.relationships } },
      ),
    },
  );
  return answer.data.attributes;
}

export async function saveChange(
  bookingId: string,
  change: BookingChange | StayExtension,
): Promise<ChangeAnswer> {
  const answer = await apiRequest<SingleDocument<BookingChangeAttributes>>(
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

export async function cancelBooking(bookingId: string): Promise<CancellationAttributes & { id: string }> {
  const answer = await apiRequest<SingleDocument<CancellationAttributes>>(
    `manage-bookings/${bookingId}/cancellation`,
    {
      method: 'POST',
      headers: headersFor(bookingId),
      body: writeDocument('cancellations', {}),
    },
  );
  return { id: answer.data.id, ...answer.data.attributes };
}

/** "Keep my booking as it is": drops the change waiting for its payment; answers the booking as it stays. */
export async function keepBooking(bookingId: string): Promise<ManagedBooking> {
  const answer = await apiRequest<SingleDocument<ManagedBookingAttributes>>(
    `manage-bookings/${bookingId}/pending-change`,
    { method: 'DELETE', headers: headersFor(bookingId) },
  );
  return { id: answer.data.id, ...answer.data.attributes };
}

export async function openBalancePayment(bookingId: string): Promise<BalancePaymentAttributes> {
  const answer = await apiRequest<SingleDocument<BalancePaymentAttributes>>(
    `manage-bookings/${bookingId}/payments`,
    {
      method: 'POST',
      headers: headersFor(bookingId),
      body: writeDocument('payments', {}),
    },
  );
  return answer.data.attributes;
}

/** A booking's arriving flight set by hand on the diary (issue 24): late by so much, cancelled, or on time. */
import type { BookingFlightDelayInput } from '@parking/domain/flight-delay';
import { apiRequest } from './client';

export async function saveFlightDelay(bookingId: string, attributes: BookingFlightDelayInput): Promise<void> {
  await apiRequest(`bookings/${bookingId}/flight-delays`, {
    method: 'POST',
    body: { data: { type: 'flight-delays', attributes } },
  });
}

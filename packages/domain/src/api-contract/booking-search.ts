/** The API contract: `GET bookings/search/?q=` (staff): the back office's one-step booking search. */

/** One booking found: enough to tell it from the others and open it. */
export interface BookingSearchResultAttributes {
  bookingCode: string;
  status: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  rego: string;
  startDatetime: string;
  endDatetime: string | null;
  /** The lot's name. */
  lot: string;
  /** How it was found: its exact code, its exact rego, or the text anywhere in its details. */
  match: 'code' | 'rego' | 'text';
}

/**
 * The channel a booking was sold through (issue 42, item 4): the website, staff at the desk or on the phone, or a
 * partner through the partner API. Derived here, once, from what the booking's row says, for every screen (diary,
 * bookings list, booking and check-in screens), the reports and the bookings export:
 *
 * - a booking that names a partner (bookings.partner_id) is that partner's, named by the partner's name;
 * - else a booking of a website type ("New - Website", "Regular - Website": back-office §9, the types the wizard
 *   saves) is the website's;
 * - else it is staff's (the back office's form: New, Regular, Staff, RACT...).
 *
 * The server's `filter[channel]` and the reports' breakdown count with the same rule (WEBSITE_BOOKING_TYPES).
 */
import type { BookingType } from './constants';

/** The booking types the website's wizard saves; staff's form offers them too, and they then read as Website. */
export const WEBSITE_BOOKING_TYPES = [
  'New - Website',
  'Regular - Website',
] as const satisfies readonly BookingType[];

/** What the bookings list filters by: `filter[channel]` takes one of these. */
export const CHANNEL_KINDS = ['website', 'staff', 'partner'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The filter's and the reports' words for each kind (a partner's bookings are named by the partner). */
export const CHANNEL_KIND_LABELS: Record<ChannelKind, string> = {
  website: 'Website',
  staff: 'Staff',
  partner: 'Partners',
};

/** What the rule reads of a booking: its type, and the name of the partner it names (null when none). */
export interface ChannelSource {
  bookingType: string | null;
  partnerName: string | null;
}

export interface BookingChannel {
  kind: ChannelKind;
  /** "Website", "Staff", or the partner's name. */
  label: string;
}

export const isWebsiteBookingType = (bookingType: string | null): boolean =>
  (WEBSITE_BOOKING_TYPES as readonly string[]).includes(bookingType ?? '');

export function bookingChannel(booking: ChannelSource): BookingChannel {
  // A partner without a name cannot be saved (partners.name is required); its bookings still read as a partner's.
  if (booking.partnerName !== null) return { kind: 'partner', label: booking.partnerName || 'Partner' };
  if (isWebsiteBookingType(booking.bookingType))
    return { kind: 'website', label: CHANNEL_KIND_LABELS.website };
  return { kind: 'staff', label: CHANNEL_KIND_LABELS.staff };
}

export const isChannelKind = (value: string): value is ChannelKind =>
  (CHANNEL_KINDS as readonly string[]).includes(value);

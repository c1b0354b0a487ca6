/** The bookings list's filter bar (back-office §7 "Booking list filters"), shared by the list and its CSV export. */
import { CHANNEL_KIND_LABELS, CHANNEL_KINDS } from '@parking/domain/booking-channel';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '@parking/domain/constants';
import { businessInstant } from '@parking/domain/dates';
import { normaliseRego } from '@parking/domain/rego';
import type { ListFilter } from '@/components/admin/filter-bar';
import { BUSINESS_TIME_ZONE } from '@/lib/format';

const words = (value: string) => {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const bookingFilters: readonly ListFilter[] = [
  {
    name: 'id',
    label: 'Booking ID',
    kind: 'text',
    api: (value): Record<string, string> =>
      /^\d+$/.test(value) ? { id: value } : { bookingCode: value.toUpperCase() },
  },
  {
    name: 'customer_details',
    label: 'Customer Details',
    kind: 'search',
    api: (value) => ({ customer_details: value }),
  },
  {
    name: 'rego',
    label: 'Rego',
    kind: 'search',
    api: (value) => ({ rego__icontains: normaliseRego(value) }),
  },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: BOOKING_STATUSES.map((value) => ({ value, label: words(value) })),
    api: (value) => ({ status: value }),
  },
  {
    name: 'date_from',
    label: 'Date From',
    kind: 'date',
    // Still on site that day or later: picked up from its start, or not yet given a pick-up.
    api: (value) => ({
      end_datetime__gte_or_isnull: businessInstant(value, '00:00', BUSINESS_TIME_ZONE).toISOString(),
    }),
  },
  {
    name: 'date_to',
    label: 'Date To',
    kind: 'date',
    // Back-office §5: the date-to runs to the end of the chosen day.
    api: (value) => ({
      start_datetime__lte: businessInstant(value, '23:59:59', BUSINESS_TIME_ZONE).toISOString(),
    }),
  },
  {
    name: 'paymentStatus',
    label: 'Payment Status',
    kind: 'select',
    options: PAYMENT_STATUSES.map((value) => ({ value, label: words(value) })),
    api: (value) => ({ paymentStatus: value }),
  },
  {
    name: 'currently_parked',
    label: 'Currently Parked',
    kind: 'select',
    options: [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ],
    api: (value) => ({ currently_parked: value }),
  },
  {
    // What it was sold through (issue 42): the website, staff, or any partner (each named in the Channel column).
    name: 'channel',
    label: 'Channel',
    kind: 'select',
    options: CHANNEL_KINDS.map((value) => ({ value, label: CHANNEL_KIND_LABELS[value] })),
    api: (value) => ({ channel: value }),
  },
];

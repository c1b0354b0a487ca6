/**
 * The texts of `messages` the home page's quote form shows (its dates' problems, the online-form blockout's
 * default): on their own so that the home page's first script carries these, not every message.
 * `messages` includes them: one text, every place.
 */
export const homeMessages = {
  required: 'This field is required.',
  dateInFuture: 'Date must be in the future',
  dateAfterDeparture: 'Date must be after the departure date',
  onlineBookingUnavailable:
    'Online bookings are currently unavailable. Please contact us on a phone number for enquiries.',
} as const;

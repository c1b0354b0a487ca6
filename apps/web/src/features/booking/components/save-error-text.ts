/**
 * The booking's save refusals as sentences (public-site §8: the booking summary's alert shows the pointer,
 * hidden for non_field_errors, and the detail): the field is named by the label the traveller filled it
 * in under, never by its attribute name ('Drop-off', not 'startDatetime').
 */
const LABELS: Record<string, string> = {
  title: 'Title',
  firstName: 'First name',
  lastName: 'Last name',
  phoneNumber: 'Phone number',
  email: 'Email',
  business: 'Business',
  rego: 'Rego',
  make: 'Make',
  model: 'Model',
  colour: 'Colour',
  vehicleType: 'Vehicle type',
  vehicle: 'Vehicle',
  startDatetime: 'Drop-off',
  endDatetime: 'Pick-up',
  lot: 'Car park',
  airlineOut: 'Departure airline',
  airlineIn: 'Return airline',
  flightNumberOut: 'Departure flight',
  flightNumberIn: 'Return flight',
  busDepartureTime: 'Bus departure time',
  passengersOut: 'Passengers flying out',
  passengersIn: 'Passengers coming home',
  extras: 'Extras',
  promoCode: 'Promo code',
  customer: 'Your details',
};

/**
 * The label of a server error's field, from its pointer ('/data/attributes/startDatetime' → 'Drop-off');
 * '' for non_field_errors, for no pointer, and for a field the traveller never sees.
 */
export function errorFieldLabel(pointer: string | undefined): string {
  if (!pointer || pointer.includes('non_field_error')) return '';
  const name = pointer.split('/').filter(Boolean).at(-1) ?? '';
  return LABELS[name] ?? '';
}

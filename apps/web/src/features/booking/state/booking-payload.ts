/**
 * From the wizard's answers to the API's documents: the stay's instants in the business's time zone,
 * the cost calculation (POST booking-quotes/) and the booking itself (POST bookings/).
 */
import { dropOffTime, pickUpTime } from '@parking/domain/drop-off';
import { businessInstant } from '@parking/domain/dates';
import { formatMoney, isMoney, parseMoney, type Cents } from '@parking/domain/money';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import { heldPlaceFor, type WizardState } from './wizard-state';

export interface StayInstants {
  startDatetime: string;
  endDatetime: string;
}

/** Drop-off and pick-up as ISO instants, once the flights step is answered; else null. */
export function stayInstants(state: Pick<WizardState, 'quote' | 'flights'>): StayInstants | null {
  if (!state.flights) return null;
  const start = dropOffTime(state.flights);
  const end = pickUpTime(state.flights);
  if (!start || !end) return null;
  return {
    startDatetime: businessInstant(state.quote.startDate, start, BUSINESS_TIME_ZONE).toISOString(),
    endDatetime: businessInstant(state.quote.endDate, end, BUSINESS_TIME_ZONE).toISOString(),
  };
}

/** Sum of the chosen extras' prices in cents (the domain's money: no floating point). */
export function extrasCents(state: Pick<WizardState, 'extras'>): Cents {
  return state.extras.ids.reduce((sum, id) => {
    const price = state.extras.prices[id];
    return sum + (price && isMoney(price) ? parseMoney(price) : 0);
  }, 0);
}

/** Sum of the chosen extras' prices, '124.00'. */
const extrasTotal = (state: Pick<WizardState, 'extras'>): string => formatMoney(extrasCents(state));

const ref = (type: string, id: string | null | undefined) => ({ data: id ? { type, id } : null });

/** The cost calculation's request for the summary. */
export function bookingQuoteDocument(state: WizardState, customerId: string | null) {
  const stay = stayInstants(state);
  return {
    data: {
      type: 'booking-quotes',
      attributes: {
        startDatetime: stay?.startDatetime ?? '',
        endDatetime: stay?.endDatetime ?? '',
        extrasCost: extrasTotal(state),
        promoCode: state.extras.promoCode,
        calculateSubscriptionGaps: true,
      },
      relationships: { lot: ref('lots', state.quote.lotId), customer: ref('customers', customerId) },
    },
  };
}

/** The booking as the wizard saves it (public-site §7 "Save booking"). */
export function bookingDocument(
  state: WizardState,
  session: { customerId: string | null; userId: string | null },
) {
  const { details, car, flights } = state;
  const stay = stayInstants(state);
  if (!details || !car || !flights || !stay) throw new Error('The booking is not complete');
  const held = heldPlaceFor(state);
  return {
    data: {
      type: 'bookings',
      attributes: {
        title: details.title,
        firstName: details.firstName,
        lastName: details.lastName,
        phoneNumber: details.phoneNumber,
        email: details.email,
        business: details.business,
        rego: car.rego,
        make: car.make,
        model: car.model,
        colour: car.colour,
        startDatetime: stay.startDatetime,
        endDatetime: stay.endDatetime,
        flightNumberOut: flights.notFlyingOut ? '' : flights.flightNumberOut,
        flightNumberIn: flights.notFlyingIn ? '' : flights.flightNumberIn,
        busDepartureTime: flights.notFlyingOut || !flights.busDepartureTime ? null : flights.busDepartureTime,
        passengersOut: flights.passengersOut,
        passengersIn: flights.passengersIn,
        promoCode: state.extras.promoCode,
        ...(held ? { waitlistToken: held.token } : {}),
      },
      relationships: {
        lot: ref('lots', state.quote.lotId),
        vehicleType: ref('vehicle-types', car.vehicleType),
        airlineOut: ref('airlines', flights.airlineOut),
        airlineIn: ref('airlines', flights.airlineIn),
        customer: ref('customers', session.customerId),
        vehicle: ref('vehicles', car.vehicle || null),
        lotRegion: ref('lot-regions', null),
        createdBy: ref('users', session.userId),
        extras: { data: state.extras.ids.map((id) => ({ type: 'extras', id })) },
      },
    },
  };
}

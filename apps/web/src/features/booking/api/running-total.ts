import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingQuoteAttributes } from '@parking/domain/api-contract/prices';
import { isMoney, parseMoney, type Cents } from '@parking/domain/money';
import { useAuth } from '@/lib/auth/auth-context';
import { extrasCents, stayInstants } from '../state/booking-payload';
import type { WizardState } from '../state/wizard-state';
import { bookingCostsQuery } from './costs';

const cents = (amount: string | undefined | null): Cents | null =>
  amount && isMoney(amount) ? parseMoney(amount) : null;

/**
 * The booking's charges as the server prices them (POST booking-quotes/, the domain's computeCosts) for
 * what is chosen now: asked again whenever the car park, the stay, a ticked extra or the promo code
 * changes. The previous answer stays on screen while the next one is asked, so that a total never blinks.
 */
export function useBookingCosts(state: WizardState) {
  const { customer } = useAuth();
  return useQuery({
    ...bookingCostsQuery(state, customer?.id ?? null),
    enabled: Boolean(state.quote.lotId) && stayInstants(state) !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The one running total the wizard shows (the summary beside every step, the phone's collapsed header,
 * step 6, step 7): the saved booking's total once it is saved; before that the server's calculation of the
 * stay with its extras and promo code; before the flights step gives the stay its times, the quote's
 * price for the car park (plus any extras, which cannot be discounted). Null until a car park is chosen.
 */
export function runningTotalCents(
  state: WizardState,
  costs: BookingQuoteAttributes | undefined,
): Cents | null {
  if (state.booking) return cents(state.booking.totalCost);
  if (!state.quote.lotId) return null;
  if (costs && stayInstants(state) !== null) return cents(costs.totalCost);
  const parking = cents(state.quote.price);
  return parking === null ? null : parking + extrasCents(state);
}

/** The running total, and whether a newer figure is on its way. */
export function useRunningTotal(state: WizardState): { cents: Cents | null; updating: boolean } {
  const costs = useBookingCosts(state);
  return {
    cents: runningTotalCents(state, costs.data),
    updating: !state.booking && (costs.isPlaceholderData || (costs.isFetching && !costs.data)),
  };
}

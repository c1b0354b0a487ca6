/**
 * How a seeded booking was paid: website bookings by card when made (refunded when cancelled), staff
 * bookings at the counter on return, over the phone ahead, or not yet.
 */
import { type BookingPlan, MINUTE, type SeedContext } from './context';

export interface Payment {
  paymentStatus: 'paid' | 'unpaid' | 'refunded';
  paymentMethod: string | null;
  paymentDatetime: Date | null;
  stripeComplete: boolean;
}

/** Draws from the random source in the same order as every earlier seed, so the data stays the same. */
export function payment({ rng, nowMs }: SeedContext, plan: BookingPlan): Payment {
  const endMs = plan.end.getTime();
  let paymentStatus: Payment['paymentStatus'] = 'unpaid';
  let paymentMethod: string | null = null;
  let paymentDatetime: Date | null = null;
  let stripeComplete = false;
  if (plan.channel === 'website') {
    if (plan.status === 'complete' || plan.status === 'cancelled') {
      paymentStatus = plan.status === 'complete' ? 'paid' : 'refunded';
      paymentMethod = 'stripe';
      paymentDatetime = new Date(plan.created.getTime() + rng.int(1, 6) * MINUTE);
      stripeComplete = true;
    }
  } else if (plan.status === 'complete') {
    if (endMs <= nowMs) {
      // Paid at the counter on return.
      paymentStatus = 'paid';
      paymentMethod = rng.weighted([
        ['eftpos', 40],
        ['visa', 20],
        ['mastercard', 15],
        ['cash', 15],
        ['account', 10],
      ] as const);
      paymentDatetime = new Date(Math.min(endMs + rng.int(5, 25) * MINUTE, nowMs));
    } else if (plan.prepaid) {
      paymentStatus = 'paid';
      paymentMethod = rng.weighted([
        ['visa', 45],
        ['mastercard', 30],
        ['account', 25],
      ] as const);
      paymentDatetime = new Date(plan.created.getTime() + rng.int(1, 10) * MINUTE);
    } else {
      paymentMethod = rng.chance(0.6) ? 'Payment on return' : null;
    }
  }
  if (paymentDatetime && paymentDatetime.getTime() > nowMs) paymentDatetime = new Date(nowMs);
  return { paymentStatus, paymentMethod, paymentDatetime, stripeComplete };
}

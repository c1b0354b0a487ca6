import { loadStripe, type Stripe } from '@stripe/stripe-js';

// One Stripe.js per publishable key for the page's life, as Stripe asks.
const stripes = new Map<string, Promise<Stripe | null>>();

export function stripeFor(key: string): Promise<Stripe | null> {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
  }
  return stripe;
}

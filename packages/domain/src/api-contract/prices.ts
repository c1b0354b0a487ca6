/** The API contract: Prices of a stay. Value formats and who sees what: see ./json.ts. */

/**
 * `quotes` (GET quotes/?start_date&end_date): one per lot for a stay's dates, for anyone; its lot is
 * related (`lot`, included with include=lot). A customer's own subscription makes its lot's price 0;
 * staff and visitors get the list price.
 */
export interface QuoteAttributes {
  /** "45.00" */
  price: string;
  /** "$45", "$45.50": whole dollars lose their ".00". */
  formattedPrice: string;
  /** 'YYYY-MM-DD', as asked. */
  startDate: string;
  /** 'YYYY-MM-DD', as asked. */
  endDate: string;
  /** The lot is fuller than its fill-rate threshold on a day of the stay. */
  fillThresholdExceeded: boolean;
  /**
   * The parking blockouts on the departure or the return day (the same for every lot): a booking's save
   * refuses a drop-off or pick-up inside one. Earliest first; empty when none.
   */
  parkingBlockouts: QuoteBlockout[];
  /**
   * The plan name of the customer's own subscription that covers the stay (all of it when the price is 0, its
   * first days otherwise: "Unlimited indoor parking"), or null.
   */
  coveredBy: string | null;
}

/** A parking blockout as a quote tells it (parking-blockouts.ts in the domain). */
export interface QuoteBlockout {
  /** The blockout's message, or the product's text when it has none. */
  message: string;
  /** The period (half-open): no drop-off or pick-up from its start until its end. */
  startDatetime: string;
  endDatetime: string;
  /** The quote's days it takes whole: no drop-off ('startDate') or pick-up ('endDate') at any time that day. */
  closes: ('startDate' | 'endDate')[];
}

/**
 * A stay's charges, in every answer that prices one: booking-quotes, manage-bookings and change-quotes.
 */
export interface StayChargesAttributes {
  parkingCost: string;
  subscriptionDiscount: string;
  amountDiscounted: string;
  extrasCost: string;
  totalCost: string;
  /** The GST included in the total. */
  gst: string;
}

/**
 * `booking-quotes` (POST booking-quotes/): the cost calculation of the wizard's summary and the back
 * office's booking form, for anyone (only staff may send a discount rate). The stay as taken, the rate
 * applied (a promo code's, for everyone but staff who give one), and the charges.
 */
export interface BookingQuoteAttributes extends StayChargesAttributes {
  startDatetime: string;
  endDatetime: string;
  /** The rate applied, a trimmed fraction ("0.15", "0"). */
  discountRate: string;
  calculateSubscriptionGaps: boolean;
  /** As sent, normalised ('' for none). */
  promoCode: string;
}

/**
 * `promo-codes` (POST promo-codes/): a promo code checked for a stay's drop-off, for anyone; a code that
 * does not apply is refused (400), not answered.
 */
export interface PromoCodeAttributes {
  /** The code as the discount holds it (upper case). */
  code: string;
  /** The discount's rate, a trimmed fraction ("0.1"). */
  discountRate: string;
  /** The drop-off window as sent, or null. */
  dropOffStart: string | null;
  dropOffEnd: string | null;
}

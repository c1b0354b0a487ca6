/**
 * Why a quoted stay cannot be booked online (issue 40, item 1), told the same way wherever a quote is shown
 * (the car park cards of step 1, the price calendar's days, the home form): a parking blockout that takes the
 * departure or return day whole closes the stay, with the blockout's own message; otherwise a car park over
 * its fill threshold is full. A closed day speaks first: calling in does not open it, as it may a full one.
 */

/** What a quote says about its stay (the quote answer's attributes, public-site §7 "Quotes"). */
export interface QuoteStanding {
  fillThresholdExceeded: boolean;
  parkingBlockouts: ReadonlyArray<{ message: string; closes: readonly string[] }>;
}

export type QuoteUnavailable =
  /** A day of the stay is closed: the message of the blockout that closes it. */
  | { reason: 'closed'; message: string }
  /** The car park is above its fill threshold on a day of the stay. */
  | { reason: 'full' };

/** Why the quote's stay cannot be booked online, or null when it can. */
export function quoteUnavailable(quote: QuoteStanding): QuoteUnavailable | null {
  const closing = quote.parkingBlockouts.find((blockout) => blockout.closes.length > 0);
  if (closing) return { reason: 'closed', message: closing.message };
  return quote.fillThresholdExceeded ? { reason: 'full' } : null;
}

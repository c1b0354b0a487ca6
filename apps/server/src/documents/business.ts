/**
 * Who the business is, as every document, email and the site's contact details print it. The values
 * come from the environment once (config.ts: BUSINESS_NAME, BUSINESS_ABN, BUSINESS_ADDRESS,
 * BUSINESS_PHONE, BUSINESS_EMAIL): there is no second copy to drift.
 */
export interface BusinessDetails {
  name: string;
  /** Printed one line each. */
  address: readonly string[];
  phone: string;
  email: string;
  /**
   * The registered ABN ('51 824 753 556'). Required in production; outside it, unset means the
   * invoice is titled "Invoice", not "Tax invoice" (an Australian tax invoice must show the ABN).
   */
  abn: string | null;
}

/** "Tax invoice" only when the ABN that makes it one is printed. */
export const invoiceTitle = (business: BusinessDetails): string => (business.abn ? 'Tax invoice' : 'Invoice');

/** A maps link to the business's address (the emails' and the site's "Get directions"). */
export const directionsUrl = (business: BusinessDetails): string =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(business.address.join(', '))}`;

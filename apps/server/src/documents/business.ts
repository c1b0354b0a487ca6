/**
 * Who issues the documents (invoices, printable reports): the one place to change the business's
 * name and contact details as they are printed.
 */
export interface BusinessDetails {
  name: string;
  /** Printed one line each. */
  address: readonly string[];
  phone: string;
  email: string;
  /**
   * The registered ABN, printed on tax invoices when set. Left unset rather than invented: an
   * Australian tax invoice needs the supplier's real ABN, so set it before issuing invoices.
   */
  abn: string | null;
}

export const BUSINESS: BusinessDetails = {
  name: 'SkyPark Airport Parking',
  address: ['Hobart Airport', 'Cambridge TAS 7170'],
  phone: '1300 975 707',
  email: 'bookings@skypark.example',
  abn: null,
};

/**
 * The business's contact details as the public site shows them: what an Admin entered in Site details
 * (issue 25) wins when it is set; a blank field falls back to the configured one (config.business, from the
 * environment). The name and ABN are always the configured ones. Emails and invoices still print
 * config.business: their templates are made without a database read.
 */
import type { BusinessDetails } from './business';

interface EnteredContact {
  contact_phone: string;
  address: string;
  email: string;
}

export function businessContact(business: BusinessDetails, entered: EnteredContact) {
  const or = (value: string, fallback: string) => (value.trim() !== '' ? value : fallback);
  return {
    contact_phone: or(entered.contact_phone, business.phone),
    address: or(entered.address, business.address.join(', ')),
    email: or(entered.email, business.email),
    business_name: business.name,
    abn: business.abn ?? '',
  };
}

/**
 * The business's contact details as the site, the emails and the invoices print them: what an Admin
 * entered in Site details (issue 25) wins when it is set; a blank field falls back to the configured one
 * (config.business, from the environment). The name and ABN are always the configured ones.
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { contentOptions } from '../db/schema/index';
import type { BusinessDetails } from './business';

/** The contact details entered in Site details, under the content backend's option names. */
export interface EnteredContact {
  contact_phone: string;
  address: string;
  email: string;
}

/** The one rule: an entered detail wins, a blank one is the configured one. The address is one line. */
function withEntered(business: BusinessDetails, entered: Partial<EnteredContact>): BusinessDetails {
  const phone = entered.contact_phone?.trim() ?? '';
  const email = entered.email?.trim() ?? '';
  const address = entered.address?.trim() ?? '';
  return {
    ...business,
    phone: phone || business.phone,
    email: email || business.email,
    // Printed one line per part, as BUSINESS_ADDRESS is: the commas separate them.
    address: address ? address.split(/\s*,\s*/).filter(Boolean) : business.address,
  };
}

/** The options document's contact fields for the site (with CMS_URL, the WordPress's entries win). */
export function businessContact(business: BusinessDetails, entered: EnteredContact) {
  const current = withEntered(business, entered);
  return {
    contact_phone: current.phone,
    address: entered.address.trim() || business.address.join(', '),
    email: current.email,
    business_name: business.name,
    abn: business.abn ?? '',
  };
}

/**
 * The business for an email or an invoice: config.business with the Site details applied. With CMS_URL
 * the content (and so the contact details) lives in the WordPress: the configured details are used.
 */
export async function currentBusiness(
  db: Executor,
  config: { business: BusinessDetails; cmsUrl: string | undefined },
): Promise<BusinessDetails> {
  if (config.cmsUrl) return config.business;
  const rows = await db
    .select()
    .from(contentOptions)
    .where(inArray(contentOptions.key, ['contact_phone', 'address', 'email']));
  const entered: Partial<EnteredContact> = {};
  for (const row of rows)
    if (typeof row.value === 'string') entered[row.key as keyof EnteredContact] = row.value;
  return withEntered(config.business, entered);
}

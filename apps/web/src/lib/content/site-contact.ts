import { useQuery } from '@tanstack/react-query';
import { site } from '@/config/site';
import { siteOptionsQuery } from './queries';

export interface SiteContact {
  phone: { display: string; href: string };
  address: string;
  email: string;
  hours: string;
  headerMessage: string;
  socialLinks: { network: string; url: string }[];
  businessName: string;
  /** '' when none is configured. */
  abn: string;
}

/** 'tel:' link of a phone number as written ('1300 975 707' → 'tel:1300975707'). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The business's contact details from the content backend's options, with the built-in phone number
 * while they load or when the backend has none: the header's phone link never waits for content.
 */
export function useSiteContact(): SiteContact {
  const { data } = useQuery(siteOptionsQuery);
  const phone = data?.contact_phone.trim();
  return {
    phone: phone ? { display: phone, href: telHref(phone) } : site.phone,
    address: data?.address ?? '',
    email: data?.email ?? '',
    hours: data?.hours ?? '',
    headerMessage: data?.header_message ?? '',
    socialLinks: data?.social_links ?? [],
    businessName: data?.business_name || site.name,
    abn: data?.abn ?? '',
  };
}

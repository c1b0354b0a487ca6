/**
 * The content backend's documents (public-site §7), as the server's content/documents.ts answers them:
 * every field present, HTML already sanitised, URLs already checked.
 */

type PageLayout = 'page' | 'feature-image' | 'contact';
export type MenuLocation = 'main' | 'footer' | 'footer_secondary';

export interface ContentRoute {
  path: string;
  title: string;
  layout: PageLayout;
}

export interface CallToAction {
  title: string;
  text: string;
  button_label: string;
  button_url: string;
}

interface ImageSize {
  url: string;
  width: number;
  height: number;
}

export interface FeaturedImage {
  alt: string;
  sizes: Record<'thumbnail' | 'medium' | 'large' | 'full', ImageSize | null>;
}

export interface ContentPage {
  id: string;
  path: string;
  title: string;
  layout: PageLayout;
  /** Sanitised HTML. */
  content: string;
  acf: {
    intro: string;
    accordion: { title: string; content: string }[];
    footer_cta: CallToAction | null;
  };
  featured_image: FeaturedImage | null;
}

export interface Frontpage {
  id: string;
  title: string;
  content: string;
  acf: {
    hero_title: string;
    hero_text: string;
    slides: { title: string; text: string }[];
    cta_logged_in_text: string;
    cta_guest_text: string;
    columns: { title: string; content: string; icon: string }[];
    location: { title: string; content: string; address: string; directions_url: string } | null;
    quotes: {
      title: string;
      slides_to_show: number;
      items: { quote: string; name: string; detail: string }[];
    } | null;
    footer_cta: CallToAction | null;
  };
}

export interface MenuItem {
  id: string;
  title: string;
  url: string;
}

export interface SiteOptions {
  contact_phone: string;
  address: string;
  email: string;
  hours: string;
  header_message: string;
  social_links: { network: string; url: string }[];
  /** The configured business (our server adds them; a WordPress answered alone has none). */
  business_name?: string;
  abn?: string;
}

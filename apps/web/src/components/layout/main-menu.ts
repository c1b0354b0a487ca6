import { paths } from '@/config/paths';

export interface MenuItem {
  label: string;
  href: string;
}

// The header's menu while the content backend's `main` menu loads, or when it cannot answer.
export const mainMenu: readonly MenuItem[] = [
  { label: 'Home', href: paths.home.path },
  { label: 'Get a quote', href: paths.bookingStep1.path },
];

import { paths } from '@/config/paths';

export interface MenuItem {
  label: string;
  href: string;
}

// Stands in for the content backend's `main` menu until that is wired up; the header renders whatever
// list it is given.
export const mainMenu: readonly MenuItem[] = [
  { label: 'Home', href: paths.home.path },
  { label: 'Get a quote', href: paths.bookingStep1.path },
];

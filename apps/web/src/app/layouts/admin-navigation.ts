/**
 * The back office's side navigation (back-office §2 "Access and shell"): what every staff member sees,
 * and what Admins see besides. One list, so that the menu and its tests read the same entries.
 */
import type { Role } from '@parking/domain/constants';
import { paths, type RouteEntry } from '@/config/paths';

export type AdminNavIcon =
  | 'wallet'
  | 'diary'
  | 'bringUp'
  | 'bookings'
  | 'customers'
  | 'vehicles'
  | 'contact'
  | 'discounts'
  | 'delivery'
  | 'partners'
  | 'privacy'
  | 'reports'
  | 'settings'
  | 'content';

export interface AdminNavItem {
  label: string;
  route: RouteEntry;
  icon?: AdminNavIcon;
  /** Report links carry the current start_date and end_date (back-office §2). */
  carriesReportDates?: boolean;
}

export interface AdminNavGroup {
  label: string;
  icon: AdminNavIcon;
  items: readonly AdminNavItem[];
}

export interface AdminNavSection {
  /** Who sees the section: any staff member, or Admins only. */
  roles?: readonly Role[];
  entries: readonly (AdminNavItem | AdminNavGroup)[];
}

export const isNavGroup = (entry: AdminNavItem | AdminNavGroup): entry is AdminNavGroup => 'items' in entry;

const ADMINS: readonly Role[] = ['Admins'];

/** Back-office §2: the Reports menu (Admins only); the three reports keep the dates being looked at. */
const REPORTS_GROUP: AdminNavGroup = {
  label: 'Reports',
  icon: 'reports',
  items: [
    { label: 'Overview', route: paths.adminReports, carriesReportDates: true },
    { label: 'Departing/Returning', route: paths.adminReportsInout, carriesReportDates: true },
    { label: 'Extras', route: paths.adminReportsExtras, carriesReportDates: true },
    { label: 'Imports & Reconciliation', route: paths.adminImports },
  ],
};

/** Back-office §2: the Settings menu, in the spec's order and words (Admins only). */
const SETTINGS_GROUP: AdminNavGroup = {
  label: 'Settings',
  icon: 'settings',
  items: [
    { label: 'Lots', route: paths.adminLots },
    { label: 'Airlines', route: paths.adminAirlines },
    { label: 'Flights', route: paths.adminFlights },
    { label: 'Buses', route: paths.adminBustrips },
    { label: 'Vehicle Types', route: paths.adminVehicletypes },
    { label: 'Extras', route: paths.adminExtras },
    { label: 'Rates', route: paths.adminRates },
    { label: 'Pricing/Availability', route: paths.adminDays },
    { label: 'Blockout Periods', route: paths.adminBlockoutPeriods },
    // Issue 38: "Staff must use two-factor sign-in".
    { label: 'Sign-in security', route: paths.adminSignInSecurity },
  ],
};

/** Issue 25: the marketing content of the public site (Admins only). */
const CONTENT_GROUP: AdminNavGroup = {
  label: 'Content',
  icon: 'content',
  items: [
    { label: 'Pages', route: paths.adminContentPages },
    { label: 'Menus', route: paths.adminContentMenus },
    { label: 'Home Page', route: paths.adminContentHome },
    { label: 'Site Details', route: paths.adminContentSite },
  ],
};

const ADMIN_NAVIGATION: readonly AdminNavSection[] = [
  {
    entries: [
      { label: 'Diary', route: paths.adminDiary, icon: 'diary' },
      // Issue 41: the return trip's board.
      { label: 'Bring-up board', route: paths.adminBringUp, icon: 'bringUp' },
      { label: 'Bookings', route: paths.adminBookings, icon: 'bookings' },
      { label: 'Customers', route: paths.adminCustomers, icon: 'customers' },
      { label: 'Vehicles', route: paths.adminVehicles, icon: 'vehicles' },
      { label: 'Contact', route: paths.adminContact, icon: 'contact' },
    ],
  },
  {
    roles: ADMINS,
    entries: [
      { label: 'Promo Codes', route: paths.adminDiscounts, icon: 'discounts' },
      // Issue 42: resellers selling through the partner API.
      { label: 'Partners', route: paths.adminPartners, icon: 'partners' },
      { label: 'Delivery problems', route: paths.adminDeliveryProblems, icon: 'delivery' },
      { label: 'Wallet updates', route: paths.adminWalletUpdates, icon: 'wallet' },
      { label: 'Privacy requests', route: paths.adminPrivacy, icon: 'privacy' },
      REPORTS_GROUP,
      SETTINGS_GROUP,
      CONTENT_GROUP,
    ],
  },
];

/** The sections a user with `roles` sees. */
export function navigationFor(roles: readonly string[]): AdminNavSection[] {
  return ADMIN_NAVIGATION.filter(
    (section) => !section.roles || section.roles.some((role) => roles.includes(role)),
  );
}

/**
 * The entry of the page at `pathname`: its own path, or the entry a page below belongs to (an edit or add
 * route); the longest such path wins, so that /admin/reports/inout is Departing/Returning, not Overview.
 */
export function currentEntryName(sections: readonly AdminNavSection[], pathname: string): string | null {
  let best: AdminNavItem | null = null;
  for (const entry of sections.flatMap((section) =>
    section.entries.flatMap((item) => (isNavGroup(item) ? item.items : [item])),
  )) {
    const path = entry.route.path;
    const matches = pathname === path || pathname.startsWith(`${path}/`);
    if (matches && (!best || path.length > best.route.path.length)) best = entry;
  }
  return best?.route.name ?? null;
}

/** A report link keeps the dates the user is looking at (start_date, end_date of the current query). */
export function navHref(item: AdminNavItem, currentSearch: string): string {
  if (!item.carriesReportDates) return item.route.path;
  const current = new URLSearchParams(currentSearch);
  const query = new URLSearchParams();
  for (const key of ['start_date', 'end_date']) {
    const value = current.get(key);
    if (value) query.set(key, value);
  }
  const search = query.toString();
  return search ? `${item.route.path}?${search}` : item.route.path;
}

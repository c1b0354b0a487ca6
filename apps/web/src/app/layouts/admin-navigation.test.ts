import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import {
  currentEntryName,
  isNavGroup,
  navHref,
  navigationFor,
  type AdminNavSection,
} from './admin-navigation';

const labels = (sections: AdminNavSection[]) =>
  sections.flatMap((section) =>
    section.entries.map((entry) =>
      isNavGroup(entry) ? `${entry.label}: ${entry.items.map((item) => item.label).join(', ')}` : entry.label,
    ),
  );

describe('the back office navigation (back-office §2, §6)', () => {
  it('gives every staff member the day-to-day screens', () => {
    expect(labels(navigationFor(['Sales']))).toEqual([
      'Diary',
      'Bring-up board',
      'Bookings',
      'Customers',
      'Vehicles',
      'Contact',
    ]);
  });

  it('gives Admins Promo Codes, Partners, Delivery problems, Wallet updates, Privacy requests, Reports, Settings and Content besides, in the spec’s order and words', () => {
    expect(labels(navigationFor(['Admins']))).toEqual([
      'Diary',
      'Bring-up board',
      'Bookings',
      'Customers',
      'Vehicles',
      'Contact',
      'Promo Codes',
      // Issue 42.
      'Partners',
      'Delivery problems',
      // Issue 41: the local wallet adapters' pushes and Google object updates.
      'Wallet updates',
      'Privacy requests',
      'Reports: Overview, Departing/Returning, Extras, Imports & Reconciliation',
      // Sign-in security: issue 38's "Staff must use two-factor sign-in".
      'Settings: Lots, Airlines, Flights, Buses, Vehicle Types, Extras, Rates, Pricing/Availability, Blockout Periods, Sign-in security',
      'Content: Pages, Menus, Home Page, Site Details',
    ]);
  });

  it('lets report links carry start_date and end_date from the current query, and nothing else', () => {
    const reports = navigationFor(['Admins'])
      .flatMap((section) => section.entries)
      .find((entry) => isNavGroup(entry) && entry.label === 'Reports');
    if (!reports || !isNavGroup(reports)) throw new Error('no Reports group');
    const [overview, inout, , imports] = reports.items;
    const search = '?start_date=2026-01-01&end_date=2026-03-31&page=3';
    expect(overview && navHref(overview, search)).toBe(
      '/admin/reports?start_date=2026-01-01&end_date=2026-03-31',
    );
    expect(inout && navHref(inout, '')).toBe('/admin/reports/inout');
    expect(imports && navHref(imports, search)).toBe('/admin/imports');
    expect(navHref({ label: 'Diary', route: paths.adminDiary }, search)).toBe('/admin/diary');
  });

  it('marks the entry of the page, the longest path winning', () => {
    const sections = navigationFor(['Admins']);
    expect(currentEntryName(sections, '/admin/reports/inout')).toBe('admin-reports-inout');
    expect(currentEntryName(sections, '/admin/reports')).toBe('admin-reports');
    expect(currentEntryName(sections, '/admin/bookings/12/checkin')).toBe('admin-bookings');
    expect(currentEntryName(sections, '/admin/nowhere')).toBeNull();
  });
});

import { paths } from '@/config/paths';
import { isSalesOrHigher } from '@/lib/auth/roles';
import type { SessionUser } from '@/lib/auth/session';
import type { MenuItem } from './main-menu';

/**
 * The signed-in user's menu (public-site §2): Profile, My Bookings, Manage my booking, My Vehicles,
 * Admin for sales-or-higher.
 */
export function accountLinks(user: Pick<SessionUser, 'roles'>): MenuItem[] {
  return [
    { label: 'Profile', href: paths.profile.path },
    { label: 'My Bookings', href: paths.bookings.path },
    { label: 'Manage my booking', href: paths.manageBooking.path },
    { label: 'My Vehicles', href: paths.vehicles.path },
    ...(isSalesOrHigher(user.roles) ? [{ label: 'Admin', href: paths.admin.path }] : []),
  ];
}

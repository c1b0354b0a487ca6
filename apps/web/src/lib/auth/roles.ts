/** The spec's role rules (public-site §6): a route's role list is open when empty, else one match is enough. */
import { ROLES, type Role } from '@parking/domain/constants';

/** Any signed-in user, whatever their roles: profile, bookings, vehicles. */
export const SIGNED_IN: readonly Role[] = ROLES;
/** Sales-or-higher: the admin area and the Admin menu entry. */
export const SALES_OR_HIGHER: readonly Role[] = ['Admins', 'Sales'];

export function hasAnyRole(userRoles: readonly string[], required: readonly Role[]): boolean {
  return required.length === 0 || required.some((role) => userRoles.includes(role));
}

export const isSalesOrHigher = (userRoles: readonly string[]) => hasAnyRole(userRoles, SALES_OR_HIGHER);

/** Admin means the Admins role (public-site §6): settings, promo codes, reports, deletes. */
export const ADMINS_ONLY: readonly Role[] = ['Admins'];
export const isAdmin = (userRoles: readonly string[]) => hasAnyRole(userRoles, ADMINS_ONLY);

import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import type { Role } from '@parking/domain/constants';
import { PageLoading } from '@/components/page-loading';
import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { hasAnyRole } from '@/lib/auth/roles';

/** What a route declares in its `handle`: the roles it needs, none meaning open to everyone. */
export interface RouteAccess {
  roles?: readonly Role[];
}

function rolesOf(handle: unknown): readonly Role[] {
  if (typeof handle !== 'object' || handle === null || !('roles' in handle) || !Array.isArray(handle.roles))
    return [];
  return handle.roles as readonly Role[];
}

/**
 * The navigation guard (public-site §2): for a route that needs roles, the session is loaded
 * first, then an anonymous visitor goes to login with `next`, and a signed-in user without one of the
 * roles goes to permission-denied. Every matched route's list must be met, so that a parent's rule
 * (the admin area's) also covers its children. Open routes render at once, without waiting.
 * `fillViewport`: the wait for the session fills the window (see PageLoading).
 *
 * A frame of its own (the back office) guards in two steps: its layout checks only the outermost rule
 * (`outermostOnly`: staff, or off to permission-denied), and a guard around its outlet renders `denied`
 * in place for a screen the staff member may not open, so that the refusal keeps the frame and its way back.
 */
export function RouteGuard({
  children,
  fillViewport = false,
  outermostOnly = false,
  denied,
}: {
  children: ReactNode;
  fillViewport?: boolean;
  outermostOnly?: boolean;
  denied?: ReactNode;
}) {
  const matches = useMatches();
  const location = useLocation();
  const { status, user, session, signingOut } = useAuth();
  const all = matches.map((match) => rolesOf(match.handle)).filter((roles) => roles.length > 0);
  const required = outermostOnly ? all.slice(0, 1) : all;

  if (required.length === 0) return children;
  if (status === 'loading') return <PageLoading fillViewport={fillViewport} />;
  if (!user) {
    // Logging out of a guarded page: home is on its way.
    if (signingOut) return null;
    return <Navigate to={loginHref({ next: `${location.pathname}${location.search}` })} replace />;
  }
  // Issue 38: staff who must set up two-factor sign-in reach nothing else until it is done (the server answers
  // 403 two_factor_setup_required meanwhile); /two-factor sends them on to `next` afterwards.
  if (session?.twoFactorSetupRequired && location.pathname !== paths.twoFactor.path)
    return (
      <Navigate
        to={`${paths.twoFactor.path}?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
        replace
      />
    );
  if (!required.every((roles) => hasAnyRole(user.roles, roles))) {
    if (denied !== undefined) return denied;
    return <Navigate to={paths.permissionDenied.path} replace />;
  }
  return children;
}

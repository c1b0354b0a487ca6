import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginHref, paths } from '@/config/paths';
import { setUnauthorizedListener } from '@/lib/api/client';
import { AuthContext, type AuthState } from './auth-context';
import { sessionQueryKey, sessionQueryOptions } from './session';

/**
 * Loads the current session at start-up and shares it. Also the app's answer to a 401 from any call
 * (public-site §2): the token is already cleared by the client; here the session is forgotten and
 * the browser goes to /login?next={the page it was on}.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { data, isPending } = useQuery(sessionQueryOptions);
  const [signingOut, setSigningOut] = useState(false);

  // The logout's navigation has arrived: a later loss of the session is a real one again.
  useEffect(() => {
    setSigningOut(false);
  }, [location.key]);

  // The listener is registered once; it reads the current location through a ref.
  const currentPath = useRef('');
  currentPath.current = `${location.pathname}${location.search}`;

  useEffect(() => {
    setUnauthorizedListener(() => {
      queryClient.setQueryData(sessionQueryKey, null);
      const here = currentPath.current;
      if (here.startsWith(paths.login.path)) return;
      void navigate(loginHref({ next: here }), { replace: true });
    });
    return () => setUnauthorizedListener(null);
  }, [navigate, queryClient]);

  const value = useMemo<AuthState>(() => {
    // A failed start-up check (server unreachable) leaves the visitor signed out rather than stuck.
    const session = data ?? null;
    return {
      status: isPending ? 'loading' : 'ready',
      session,
      user: session?.user ?? null,
      customer: session?.customer ?? null,
      signingOut,
      setSigningOut,
    };
  }, [data, isPending, signingOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api/client';
import { clearToken } from '@/lib/api/token-storage';
import { useAuth } from './auth-context';
import { sessionQueryKey } from './session';

/**
 * Logout (public-site §4): destroy the session on the server, forget the token and every cached answer that
 * belonged to the user, and go home. Marked as signing out meanwhile, so that the guarded page being
 * left does not send the browser to the login screen instead. A plain async function rather than a
 * mutation: the header carries it on every page, and TanStack's mutation machinery would weigh more
 * than the rest of it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { setSigningOut } = useAuth();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setSigningOut(true);
    setPending(true);
    try {
      await apiRequest<void>('sessions/current', { method: 'DELETE', handleUnauthorized: false });
    } catch {
      // Already gone on the server (expired, logged out elsewhere): the browser side still logs out.
    } finally {
      setPending(false);
      clearToken();
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await navigate(paths.home.path);
    }
  }, [navigate, queryClient, setSigningOut]);

  return { logout, pending };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@parking/domain/accounts';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';
import { clearToken, saveToken } from '@/lib/api/token-storage';
import { readSession, sessionQueryKey, type Session, type SessionDocument } from '@/lib/auth/session';

/**
 * Login (spec §7): POST sessions with email and password; the answer carries the token and the user
 * with their customer included, which becomes the session every screen reads.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<Session> => {
      const document = await apiRequest<SessionDocument>('sessions', {
        method: 'POST',
        body: writeDocument('sessions', { email: input.email, password: input.password }),
      });
      const token = document.data?.attributes.token;
      const session = readSession(document);
      if (!token || !session) throw new Error('The login answer carried no session');
      saveToken(token);
      return session;
    },
    onSuccess: (session) => {
      // Whatever was cached for a visitor (or a previous user) must not show to this one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, session);
    },
    onError: () => {
      // Spec §4: a failed login clears the session and the user.
      clearToken();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}

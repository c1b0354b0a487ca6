import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@parking/domain/accounts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { SecondFactor } from '@parking/domain/two-factor';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';
import { clearToken, saveToken } from '@/lib/api/token-storage';
import { readSession, sessionQueryKey, type Session, type SessionDocument } from '@/lib/auth/session';

/** A login whose password was right for an account with two-factor sign-in: its second step is awaited. */
export interface PendingLogin {
  loginToken: string;
  methods: SecondFactor[];
  /** The account's passkeys' challenge, for the browser's passkey prompt. */
  passkeyOptions: Record<string, unknown> | undefined;
}

export type LoginOutcome = { session: Session } | { pending: PendingLogin };

/** A session document as the signed-in session: its token kept, the session returned. */
function sessionFrom(document: SessionDocument): Session {
  const token = document.data?.attributes.token;
  const session = readSession(document);
  if (!token || !session) throw new Error('The login answer carried no session');
  saveToken(token);
  return session;
}

function remember(queryClient: QueryClient, session: Session) {
  // Whatever was cached for a visitor (or a previous user) must not show to this one.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, session);
}

function forget(queryClient: QueryClient) {
  // Public-site §4: a failed login clears the session and the user.
  clearToken();
  queryClient.setQueryData(sessionQueryKey, null);
}

/**
 * Login (public-site §7): POST sessions with email and password; the answer carries the token and the user
 * with their customer included, which becomes the session every screen reads. An account with two-factor
 * sign-in is answered 202 with a login token instead (issue 38): the second step follows.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<LoginOutcome> => {
      const document = await apiRequest<SessionDocument>('sessions', {
        method: 'POST',
        body: writeDocument('sessions', { email: input.email, password: input.password }),
      });
      const attributes = document.data?.attributes;
      if (attributes?.secondFactorRequired && attributes.loginToken)
        return {
          pending: {
            loginToken: attributes.loginToken,
            methods: attributes.methods ?? [],
            passkeyOptions: attributes.passkeyOptions,
          },
        };
      return { session: sessionFrom(document) };
    },
    onSuccess: (outcome) => {
      if ('session' in outcome) remember(queryClient, outcome.session);
    },
    onError: () => forget(queryClient),
  });
}

export type SecondStepProof = { code: string } | { recoveryCode: string } | { passkey: true };

/** Asks the browser for a passkey's answer to `options` (the library is loaded only when a passkey is used). */
async function passkeyAnswer(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return { ...answer };
}

/** The login's second step: an authenticator code, a recovery code or a passkey. */
export function useSecondStep(pending: PendingLogin) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (proof: SecondStepProof): Promise<Session> => {
      const attributes: Record<string, unknown> = { loginToken: pending.loginToken };
      if ('passkey' in proof) attributes.passkey = await passkeyAnswer(pending.passkeyOptions ?? {});
      else Object.assign(attributes, proof);
      return sessionFrom(
        await apiRequest<SessionDocument>('sessions/second-step', {
          method: 'POST',
          body: writeDocument('sessions', attributes),
        }),
      );
    },
    onSuccess: (session) => remember(queryClient, session),
  });
}

/** Signing in with a passkey alone: the server's challenge, the browser's prompt, the session. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Session> => {
      const challenge = await apiRequest<{
        data: { attributes: { challengeToken: string; options: Record<string, unknown> } };
      }>('passkey-challenges', { method: 'POST' });
      const { challengeToken, options } = challenge.data.attributes;
      const credential = await passkeyAnswer(options);
      return sessionFrom(
        await apiRequest<SessionDocument>('sessions/passkey', {
          method: 'POST',
          body: writeDocument('sessions', { challengeToken, credential }),
        }),
      );
    },
    onSuccess: (session) => remember(queryClient, session),
  });
}

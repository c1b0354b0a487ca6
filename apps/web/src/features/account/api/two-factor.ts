/**
 * Two-factor sign-in, managed by its owner (issue 38): GET two-factor/ (the factors), the authenticator's set-up
 * (POST two-factor/totp-setup/, then POST two-factor/totp/ with a code: ten recovery codes, shown once), turning
 * it off, new recovery codes, and passkeys (options, the browser's prompt, registration; removal).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { TwoFactorStatusAttributes } from '@parking/domain/two-factor';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';
import { sessionQueryKey } from '@/lib/auth/session';

const twoFactorKey = ['two-factor'] as const;

interface One<A> {
  data: { id: string; attributes: A };
}

export const twoFactorQuery = queryOptions({
  queryKey: twoFactorKey,
  queryFn: async ({ signal }) =>
    (await apiRequest<One<TwoFactorStatusAttributes>>('two-factor', { signal })).data.attributes,
  staleTime: 0,
});

export interface TotpSetup {
  secret: string;
  otpauthUri: string;
  /** An SVG data: URL drawn by the server. */
  qrCode: string;
}

/** After any change the factors, and the session (whose set-up may now be done), are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKey }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    ]);
}

export function useStartTotpSetup() {
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<One<TotpSetup>>('two-factor/totp-setup', { method: 'POST' })).data.attributes,
  });
}

export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await apiRequest<One<{ recoveryCodes: string[] }>>('two-factor/totp', {
          method: 'POST',
          body: writeDocument('totp-confirmations', { code }),
        })
      ).data.attributes.recoveryCodes,
    onSuccess: refresh,
  });
}

export function useTurnOffTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('two-factor/totp', { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useNewRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<One<{ recoveryCodes: string[] }>>('two-factor/recovery-codes', { method: 'POST' }))
        .data.attributes.recoveryCodes,
    onSuccess: refresh,
  });
}

export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await apiRequest<
        One<{ challengeToken: string; options: PublicKeyCredentialCreationOptionsJSON }>
      >('two-factor/passkey-options', { method: 'POST' });
      const { startRegistration } = await import('@simplewebauthn/browser');
      const credential = await startRegistration({ optionsJSON: options.data.attributes.options });
      await apiRequest<unknown>('two-factor/passkeys', {
        method: 'POST',
        body: writeDocument('passkeys', {
          challengeToken: options.data.attributes.challengeToken,
          name,
          credential: { ...credential },
        }),
      });
    },
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`two-factor/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

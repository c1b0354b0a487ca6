/**
 * Two-factor sign-in in the back office (issue 38, Admins): the setting "Staff must use two-factor sign-in"
 * (GET/PATCH two-factor-settings/) and a user's second factors, read and reset (GET/DELETE users/:id/two-factor/).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorStatusAttributes } from '@parking/domain/two-factor';
import { apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';

export interface TwoFactorSettings {
  staffRequired: boolean;
  /** Not set by an Admin yet: the server's default applies (on in production). */
  isDefault: boolean;
  staffRequiredDefault: boolean;
}

interface One<A> {
  data: { attributes: A };
}

const settingsKey = ['admin', 'two-factor-settings'] as const;
const userKey = (userId: string) => ['admin', 'users', userId, 'two-factor'] as const;

export const twoFactorSettingsQuery = queryOptions({
  queryKey: settingsKey,
  queryFn: async ({ signal }) =>
    (await apiRequest<One<TwoFactorSettings>>('two-factor-settings', { signal })).data.attributes,
});

export function useSaveTwoFactorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (staffRequired: boolean) =>
      (
        await apiRequest<One<TwoFactorSettings>>('two-factor-settings', {
          method: 'PATCH',
          body: writeDocument('two-factor-settings', { staffRequired }),
        })
      ).data.attributes,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

export const userTwoFactorQuery = (userId: string) =>
  queryOptions({
    queryKey: userKey(userId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<One<TwoFactorStatusAttributes>>(`users/${encodeURIComponent(userId)}/two-factor`, {
          signal,
        })
      ).data.attributes,
    staleTime: 0,
  });

export function useResetUserTwoFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<unknown>(`users/${encodeURIComponent(userId)}/two-factor`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKey(userId) }),
  });
}

/**
 * Wallet updates (issue 41, Admins): what the local wallet adapters recorded instead of sending, in
 * development, tests and the demo: each push to an Apple device and each Google Wallet object update.
 * GET wallet-deliveries/ lists the latest 200, newest first.
 */
import { queryOptions } from '@tanstack/react-query';
import type { WalletDeliveryAttributes } from '@parking/domain/api-contract/wallet';
import { apiRequest } from '@/lib/api/client';
import type { ListDocument, Resource } from '@/lib/api/jsonapi';

export type WalletDelivery = Resource<WalletDeliveryAttributes>;

export const walletDeliveriesQuery = queryOptions({
  queryKey: ['admin', 'wallet-deliveries'],
  queryFn: async ({ signal }): Promise<WalletDelivery[]> =>
    (await apiRequest<ListDocument<WalletDeliveryAttributes>>('wallet-deliveries', { signal })).data,
  staleTime: 0,
});

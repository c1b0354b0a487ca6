import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  PriceAttributes,
  ProductAttributes,
  SubscriptionAttributes,
} from '@parking/domain/api-contract/accounts';
import { apiRequest, isNotFound } from '@/lib/api/client';
import { IncludedIndex, type ListDocument } from '@/lib/api/jsonapi';

interface UserSubscription {
  id: string;
  /** The product's codename (unlimited_indoor_parking or unlimited_outdoor_parking). */
  codename: string;
  endDatetime: string;
  canceledAt: string | null;
  valid: boolean;
}

/** `unavailable`: this server has no subscriptions resource; the user's flags are all there is. */
export type UserSubscriptionsAnswer =
  { status: 'available'; subscriptions: UserSubscription[] } | { status: 'unavailable' };

/** Subscriptions (public-site §7, back-office §7 "Customer tabs"): a user's, with price and product included. */
const userSubscriptionsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['subscriptions', 'user', userId],
    queryFn: async ({ signal }): Promise<UserSubscriptionsAnswer> => {
      try {
        const document = await apiRequest<ListDocument<SubscriptionAttributes>>('subscriptions', {
          signal,
          query: { 'filter[user]': userId, include: 'price,price.product' },
        });
        const included = new IncludedIndex(document.included);
        const subscriptions = document.data.map((subscription) => {
          const price = included.one<PriceAttributes>(subscription, 'price', 'prices');
          const product = price && included.one<ProductAttributes>(price, 'product', 'products');
          return {
            id: subscription.id,
            codename: product?.attributes.metadata.codename ?? '',
            endDatetime: subscription.attributes.endDatetime,
            canceledAt: subscription.attributes.canceledAt,
            valid: subscription.attributes.valid,
          };
        });
        return { status: 'available', subscriptions };
      } catch (error) {
        if (isNotFound(error)) return { status: 'unavailable' };
        throw error;
      }
    },
  });

export const useUserSubscriptions = (userId: string) => useQuery(userSubscriptionsQuery(userId));

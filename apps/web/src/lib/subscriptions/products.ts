/** Subscription products and their prices, shared by the customer's profile and the back office's customer screen. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceAttributes, ProductAttributes } from '@parking/domain/api-contract/accounts';
import type { SubscriptionCodename } from '@parking/domain/constants';
import { apiRequest, isNotFound } from '@/lib/api/client';
import { IncludedIndex, type ListDocument } from '@/lib/api/jsonapi';

/** What a product's price shows: the contract's amount and billing period. */
type PriceFields = Pick<PriceAttributes, 'amount' | 'currency' | 'interval' | 'intervalCount'>;

export interface SubscriptionProduct {
  id: string;
  codename: string;
  name: string;
  description: string;
  /** The product's last price (public-site §7), the one a checkout would use. */
  price: (PriceFields & { id: string }) | null;
}

/**
 * What the subscription tab can offer. `unavailable`: this server has no products resource yet (the
 * payments release adds it), so the tab shows states from the user's flags and says purchases come soon.
 */
export type ProductsAnswer =
  { status: 'available'; products: SubscriptionProduct[] } | { status: 'unavailable' };

async function fetchProducts(signal: AbortSignal): Promise<ProductsAnswer> {
  try {
    const document = await apiRequest<ListDocument<ProductAttributes>>('products', {
      signal,
      query: { include: 'prices' },
    });
    const included = new IncludedIndex(document.included);
    const products = document.data.map((product) => {
      const prices = included.many<PriceAttributes>(product, 'prices', 'prices');
      const last = prices.at(-1);
      return {
        id: product.id,
        codename: product.attributes.metadata.codename,
        name: product.attributes.name,
        description: product.attributes.description,
        price: last ? { ...last.attributes, id: last.id } : null,
      };
    });
    return { status: 'available', products };
  } catch (error) {
    if (isNotFound(error)) return { status: 'unavailable' };
    throw error;
  }
}

const subscriptionProductsQuery = queryOptions({
  queryKey: ['products', 'subscriptions'],
  queryFn: ({ signal }) => fetchProducts(signal),
  staleTime: 10 * 60_000,
});

export const useSubscriptionProducts = () => useQuery(subscriptionProductsQuery);

export const productFor = (answer: ProductsAnswer | undefined, codename: SubscriptionCodename) =>
  answer?.status === 'available'
    ? answer.products.find((product) => product.codename === codename)
    : undefined;

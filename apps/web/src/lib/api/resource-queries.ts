/** TanStack Query options for the generic resource calls: one cache key scheme for every list and form. */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchList, fetchOne, type ListParams } from './resources';

const resourceKeys = {
  /** Every cached answer about a type: invalidated after any write to it. */
  all: (type: string) => ['resource', type] as const,
  list: (type: string, params: ListParams) => ['resource', type, 'list', params] as const,
  one: (type: string, id: string, include?: string) => ['resource', type, 'one', id, include ?? ''] as const,
};

export const listQuery = <A extends object>(type: string, params: ListParams) =>
  queryOptions({
    queryKey: resourceKeys.list(type, params),
    queryFn: ({ signal }) => fetchList<A>(type, params, signal),
    // The old page stays on screen, dimmed by a progress bar, while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const oneQuery = <A extends object>(type: string, id: string, include?: string) =>
  queryOptions({
    queryKey: resourceKeys.one(type, id, include),
    queryFn: ({ signal }) => fetchOne<A>(type, id, include, signal),
    staleTime: 0,
    // A missing record is an answer, not a hiccup.
    retry: false,
  });

/** After a write: every list and record of these types loads afresh. */
export async function invalidateTypes(client: QueryClient, ...types: string[]): Promise<void> {
  await Promise.all(types.map((type) => client.invalidateQueries({ queryKey: resourceKeys.all(type) })));
}

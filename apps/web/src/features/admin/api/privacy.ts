/**
 * Privacy requests (issue 38, Admins): GET account-closures/ lists the accounts their customers closed and what
 * each closing did; GET retention-runs/ what the daily retention job did on each run. Newest first, counts only:
 * nothing that identifies the person is left to show.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { ListDocument, Resource } from '@/lib/api/jsonapi';

export interface AccountClosureAttributes {
  closedAt: string;
  /** The de-identified customer record the kept bookings belong to. */
  customerId: string | null;
  bookingsDeIdentified: number;
  vehiclesDeIdentified: number;
  photosDeleted: number;
  sessionsEnded: number;
}

export interface RetentionRunAttributes {
  startedAt: string;
  finishedAt: string;
  retentionYears: number;
  photoRetentionDays: number;
  customersDeIdentified: number;
  bookingsDeIdentified: number;
  photosDeleted: number;
}

export type AccountClosure = Resource<AccountClosureAttributes>;
export type RetentionRun = Resource<RetentionRunAttributes>;

export const accountClosuresQuery = queryOptions({
  queryKey: ['admin', 'account-closures'] as const,
  queryFn: async ({ signal }): Promise<AccountClosure[]> =>
    (await apiRequest<ListDocument<AccountClosureAttributes>>('account-closures', { signal })).data,
  staleTime: 0,
});

export const retentionRunsQuery = queryOptions({
  queryKey: ['admin', 'retention-runs'] as const,
  queryFn: async ({ signal }): Promise<RetentionRun[]> =>
    (await apiRequest<ListDocument<RetentionRunAttributes>>('retention-runs', { signal })).data,
  staleTime: 0,
});

/**
 * A car's custody record (issue 23): read by staff, the booking's customer and a manage-booking
 * token's holder; written by staff at the desk. Photos are read through the API (never a public
 * address) and shown from the bytes fetched with the same authorisation.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CustodyRecordAttributes } from '@parking/domain/api-contract/custody';
import { apiFile, apiRequest } from './client';
import type { SingleDocument } from './jsonapi';

export type CustodyRecord = CustodyRecordAttributes & { id: string };

export const custodyQueryKey = (bookingId: string) => ['custody', bookingId] as const;

export const custodyQuery = (bookingId: string, headers: Record<string, string> = {}) =>
  queryOptions({
    queryKey: custodyQueryKey(bookingId),
    queryFn: async ({ signal }): Promise<CustodyRecord> => {
      const answer = await apiRequest<SingleDocument<CustodyRecordAttributes>>(
        `bookings/${bookingId}/custody`,
        {
          signal,
          headers,
        },
      );
      return { id: answer.data.id, ...answer.data.attributes };
    },
    retry: false,
  });

type CustodyWrite = 'check-ins' | 'moves' | 'hand-backs';
const WRITE_TYPES: Record<CustodyWrite, string> = {
  'check-ins': 'custody-check-ins',
  moves: 'custody-moves',
  'hand-backs': 'custody-hand-backs',
};

export async function saveCustody(
  bookingId: string,
  kind: CustodyWrite,
  document: { attributes: Record<string, unknown>; relationships: Record<string, unknown> },
): Promise<CustodyRecord> {
  const answer = await apiRequest<SingleDocument<CustodyRecordAttributes>>(
    `bookings/${bookingId}/custody/${kind}`,
    {
      method: 'POST',
      body: { data: { type: WRITE_TYPES[kind], ...document } },
    },
  );
  return { id: answer.data.id, ...answer.data.attributes };
}

export async function uploadCustodyPhoto(bookingId: string, photo: Blob): Promise<void> {
  await apiFile(`bookings/${bookingId}/custody/photos`, { method: 'POST', body: photo });
}

/** A photo's bytes as an object URL for <img>, fetched with the caller's authorisation; revoked when unused. */
export function usePhotoUrl(path: string, headers: Record<string, string> = {}): string | null {
  const header = JSON.stringify(headers);
  const blob = useQuery({
    queryKey: ['custody-photo', path],
    queryFn: async ({ signal }) =>
      (await apiFile(path, { headers: JSON.parse(header) as Record<string, string>, signal })).blob(),
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const made = URL.createObjectURL(blob.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob.data]);
  return url;
}

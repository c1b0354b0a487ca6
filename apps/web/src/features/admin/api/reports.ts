/**
 * The report resources (back-office §3 "Report data", §7 "Reports"): each POSTed with the range's
 * startDatetime and endDatetime, answered with the figures of every business day in it.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ChannelKind } from '@parking/domain/booking-channel';
import { businessInstant } from '@parking/domain/dates';
import type { ReportRange } from '@parking/domain/report-dates';
import { apiRequest } from '@/lib/api/client';
import { writeDocument, type SingleDocument } from '@/lib/api/jsonapi';
import { BUSINESS_TIME_ZONE } from '@/lib/format';

export interface LotVolumeGraph {
  labels: string[];
  values: { indoor: number[]; outdoor: number[] };
  fillRates: { indoor: number[]; outdoor: number[] };
  spaces: { indoor: number; outdoor: number };
}

export interface ArrivalDepartureGraph {
  labels: string[];
  values: { departure: number[]; arrival: number[] };
}

export interface ExtrasStats {
  rows: { extraId: string; name: string; count: number; revenue: string }[];
}

export interface BookingTypeStats {
  rows: { bookingType: string; count: number; totalCost: string; share: number }[];
}

/** Complete bookings dropped off in the range by channel (issue 42): Website, Staff, each partner by name. */
export interface ChannelStats {
  rows: { channel: string; kind: ChannelKind; count: number; totalCost: string; share: number }[];
}

/** The range as the reports take it: from the start of its first business day to the end of its last. */
export function reportPeriod(range: ReportRange) {
  return {
    startDatetime: businessInstant(range.startDate, '00:00:00', BUSINESS_TIME_ZONE).toISOString(),
    endDatetime: businessInstant(range.endDate, '23:59:59', BUSINESS_TIME_ZONE).toISOString(),
  };
}

const report =
  <T>(type: string) =>
  (range: ReportRange) =>
    queryOptions({
      queryKey: ['report', type, range.startDate, range.endDate],
      queryFn: async ({ signal }): Promise<T> =>
        (
          await apiRequest<SingleDocument<T & object>>(type, {
            method: 'POST',
            body: writeDocument(type, reportPeriod(range)),
            signal,
          })
        ).data.attributes,
      // The old figures stay (under a progress bar) while a new range loads.
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    });

export const lotVolumeQuery = report<LotVolumeGraph>('lot-volume-graphs');
export const arrivalDepartureQuery = report<ArrivalDepartureGraph>('arrival-departure-graphs');
export const extrasStatsQuery = report<ExtrasStats>('extras-stats');
export const bookingTypeStatsQuery = report<BookingTypeStats>('booking-type-stats');
export const channelStatsQuery = report<ChannelStats>('channel-stats');

/**
 * The online-form blockout current now (public-site §7 "Current form blockout"): home page and booking
 * wizard. Its meta carries the server's stay limits (MAX_STAY_DAYS, BOOKING_HORIZON_DAYS), so that the
 * quote forms tell a too-long stay or a too-distant departure beside the field before anything is sent.
 */
import { queryOptions } from '@tanstack/react-query';
import type { BlockoutPeriodAttributes } from '@parking/domain/api-contract/catalogue';
import { DEFAULT_STAY_LIMITS, type StayLimits } from '@parking/domain/stay-limits';
import { apiRequest } from './client';
import type { JsonApiDocument, Resource } from './jsonapi';

export interface FormBlockout {
  id: string;
  name: string;
  /** The blockout's own message, or '' (the notice then uses the spec's default text). */
  message: string;
  startDatetime: string;
  endDatetime: string;
}

export interface OnlineForm {
  blockout: FormBlockout | null;
  stayLimits: StayLimits;
}

type FormBlockoutDocument = JsonApiDocument<Resource<BlockoutPeriodAttributes> | null> & {
  meta?: { stayLimits?: { maxStayDays?: unknown; bookingHorizonDays?: unknown } };
};

const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;

export const currentFormBlockoutQuery = queryOptions({
  queryKey: ['blockout-periods', 'current-form'],
  queryFn: async ({ signal }): Promise<OnlineForm> => {
    const document = await apiRequest<FormBlockoutDocument>('blockout-periods/current_form_blockout', {
      signal,
    });
    const limits = document.meta?.stayLimits;
    // The server checks again on save whatever the browser was told.
    const stayLimits: StayLimits = {
      maxStayDays: positive(limits?.maxStayDays, DEFAULT_STAY_LIMITS.maxStayDays),
      horizonDays: positive(limits?.bookingHorizonDays, DEFAULT_STAY_LIMITS.horizonDays),
    };
    const blockout = document.data;
    if (!blockout) return { blockout: null, stayLimits };
    const { name, message, startDatetime, endDatetime } = blockout.attributes;
    return {
      blockout: { id: blockout.id, name, message: message ?? '', startDatetime, endDatetime },
      stayLimits,
    };
  },
  // A blockout starts or ends on the clock: ask again when the visitor comes back to the form.
  staleTime: 60_000,
});

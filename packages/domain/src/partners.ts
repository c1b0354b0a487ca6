/**
 * Partners (issue 42): resellers and aggregators that sell the car park's places through the partner API. What a
 * partner is (its statuses, its back-office form), what its API keys look like, and the rule of what it may sell
 * on a day beside the website: an allotment held for it until its release hour, stop-sells, closures.
 */
import { z } from 'zod';
import { addDaysToDate, businessDate, startOfBusinessDay } from './dates';
import { choice, email, optionalText, requiredDatetime, requiredText, calendarDate } from './fields';
import { messages } from './messages';
import { fraction, nonNegativeInt, percentAsFraction, positiveInt } from './numbers';

/** sandbox: its calls never take a real place; live: it sells; paused: its keys are refused (403). */
export const PARTNER_STATUSES = ['sandbox', 'live', 'paused'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/**
 * The partners whose allotments hold places from everyone else: live ones only. A sandbox partner never takes a
 * real place and a paused one sells nothing, so neither keeps a place from the website or the other partners.
 */
export const HOLDING_PARTNER_STATUSES = ['live'] as const satisfies readonly PartnerStatus[];

/**
 * An API key: a visible prefix naming it (shown in lists, safe to log) and a random secret. Only its sha256 is
 * stored; the whole key is shown once, when it is made.
 */
export const PARTNER_KEY_PREFIX = 'spk_';
/** The key's first characters kept in clear to tell keys apart: `spk_` and 8 more. */
export const PARTNER_KEY_VISIBLE = PARTNER_KEY_PREFIX.length + 8;

export const partnerMessages = {
  keyMissing: 'Send your API key as "Authorization: Bearer <key>" or in the X-Api-Key header.',
  keyInvalid: 'This API key is not valid.',
  keyRevoked: 'This API key has been revoked.',
  paused: 'This partner account is paused. Contact the car park to resume selling.',
  tooMany: (seconds: number) =>
    `Too many requests with this API key. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  stopSell: 'Sales are stopped for this lot on these dates.',
  noPlaces: 'No places are left for these dates.',
  closed: 'The car park does not take a drop-off or pick-up at this time.',
  webhookUrl: 'Enter the full address of your webhook, starting with https://.',
  unknownLot: (slug: string) => `No lot is called "${slug}".`,
  dateOrder: messages.dateAfterStart,
  releaseHours: 'Enter a whole number of hours from 0 to 8760.',
  places: 'Enter a whole number of places above 0.',
} as const;

/** The back office's Webhook section (Push Availability Now). */
export const partnerWebhookMessages = {
  noWebhook: 'This partner has not registered a webhook yet: it registers one through the partner API.',
  paused: 'This partner is paused: nothing is pushed to it until it is live or in sandbox again.',
} as const;

/** The back office's partner form (POST and PATCH partners/). */
export const partnerSchema = z.object({
  name: requiredText(100),
  contactName: optionalText(100),
  contactEmail: email,
  contactPhone: optionalText(30),
  commissionRate: fraction(),
  status: choice(PARTNER_STATUSES),
});

/** The same form in the back office: the commission typed as a percent (12.5), stored as a fraction (0.125). */
export const partnerFormSchema = partnerSchema.extend({ commissionRate: percentAsFraction() });
export type PartnerFormValues = z.input<typeof partnerFormSchema>;

/** A new key: only its label is chosen. */
export const partnerKeySchema = z.object({ label: requiredText(100) });

/** An allotment: places held on each day for the partner in a lot, released `releaseHours` before the day. */
export const partnerAllotmentSchema = z.object({
  places: positiveInt(partnerMessages.places),
  releaseHours: nonNegativeInt(partnerMessages.releaseHours).refine((hours) => hours <= 8760, {
    error: partnerMessages.releaseHours,
  }),
});

/** A stop-sell: the partner sells nothing in the lot from `startDate` to `endDate`, both included. */
export const partnerStopSellFields = z.object({
  startDate: calendarDate(),
  endDate: calendarDate(),
  reason: optionalText(200),
});
export const partnerStopSellSchema = partnerStopSellFields.refine(
  (value) => value.endDate >= value.startDate,
  { error: messages.dateAfterStart, path: ['endDate'] },
);

/** The back office's allotment and stop-sell dialogs: the same, with the lot chosen. */
const lotChoice = requiredText(20, messages.required);
export const allotmentFormSchema = partnerAllotmentSchema.extend({ lot: lotChoice });
export type AllotmentFormValues = z.input<typeof allotmentFormSchema>;
export const stopSellFormSchema = partnerStopSellFields
  .extend({ lot: lotChoice })
  .refine((value) => value.endDate >= value.startDate, { error: messages.dateAfterStart, path: ['endDate'] });
export type StopSellFormValues = z.input<typeof stopSellFormSchema>;

/** The partner API's stay: a drop-off and a pick-up instant, the pick-up after the drop-off. */
export const partnerStaySchema = z
  .object({ start: requiredDatetime(), end: requiredDatetime() })
  .refine((value) => value.end.getTime() > value.start.getTime(), {
    error: messages.dateAfterStart,
    path: ['end'],
  });

/** An allotment as the rule reads it. */
export interface Allotment {
  partnerId: number;
  places: number;
  releaseHours: number;
}

/** One lot on one business day: what is there to sell. */
export interface DaySupply {
  /** The business date (YYYY-MM-DD). */
  date: string;
  /** Places the lot sells on the day (its spaces under its fill threshold). */
  capacity: number;
  /** Places taken by everyone: the website's bookings, staff's, partners'. */
  taken: number;
  /** Of those, the places each partner's own bookings take. */
  takenByPartner: ReadonlyMap<number, number>;
  allotments: readonly Allotment[];
  /** Partners stopped from selling on the day. */
  stopSold: ReadonlySet<number>;
  /** Nothing may be sold on the day (a closure). */
  closed: boolean;
}

/** What a day's hold depends on: its date, the allotments in the lot, each partner's own bookings on it. */
export type HoldingDay = Pick<DaySupply, 'date' | 'allotments' | 'takenByPartner'>;

/**
 * The first instant of each business date asked for, per time zone: a hold is asked for on every day of the
 * quotes' 400-day window, and a named zone's midnight costs tens of microseconds to work out. Bounded.
 */
const dayStarts = new Map<string, number>();
function dayStartMs(date: string, timeZone: string): number {
  const key = `${timeZone} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    if (dayStarts.size >= 20_000) dayStarts.clear();
    start = startOfBusinessDay(date, timeZone).getTime();
    dayStarts.set(key, start);
  }
  return start;
}

/** The instant an allotment's places go back to everyone: `releaseHours` before the day starts. */
export function releaseInstant(date: string, releaseHours: number, timeZone: string): Date {
  return new Date(dayStartMs(date, timeZone) - releaseHours * 3_600_000);
}

/** The places still held for a partner on the day at `now` (none once released, none beyond its own bookings). */
export function heldPlaces(day: HoldingDay, allotment: Allotment, now: Date, timeZone: string): number {
  if (now.getTime() >= releaseInstant(day.date, allotment.releaseHours, timeZone).getTime()) return 0;
  return Math.max(0, allotment.places - (day.takenByPartner.get(allotment.partnerId) ?? 0));
}

/**
 * The places held for partners on the day at `now` (for all of them, or all but `except`): for each allotment not
 * yet released, its places its partner's own bookings have not taken. The website counts them as taken (its
 * quotes, its bookings' saves, the waitlist: the server's pricing/partner-holds.ts), so that it never sells what
 * is held; a partner counts those of the others (partnerPlaces).
 */
export function placesHeld(day: HoldingDay, now: Date, timeZone: string, except?: number): number {
  let held = 0;
  for (const allotment of day.allotments)
    if (allotment.partnerId !== except) held += heldPlaces(day, allotment, now, timeZone);
  return held;
}

/**
 * The first instant after `now` at which one of the allotments releases a day (undefined without any): the
 * places held are the same from `now` until then, whatever the day. Day D's places go at D's start less the
 * release hours, so the next to go is the day after the business date `releaseHours` from now.
 */
export function nextRelease(allotments: readonly Allotment[], now: Date, timeZone: string): Date | undefined {
  let next: number | undefined;
  for (const { releaseHours } of allotments) {
    const reached = businessDate(new Date(now.getTime() + releaseHours * 3_600_000), timeZone);
    const at = releaseInstant(addDaysToDate(reached, 1), releaseHours, timeZone).getTime();
    if (next === undefined || at < next) next = at;
  }
  return next === undefined ? undefined : new Date(next);
}

/** The places open to the website (and to any partner beyond its own allotment): none held for anyone. */
export function openPlaces(day: DaySupply, now: Date, timeZone: string): number {
  if (day.closed) return 0;
  return Math.max(0, day.capacity - day.taken - placesHeld(day, now, timeZone));
}

/**
 * What a partner may sell on the day: its own unreleased allotment left, plus the open places; none when stopped.
 * That is every place not held for another partner (allotments that add up to more than is left share what is).
 */
export function partnerPlaces(day: DaySupply, partnerId: number, now: Date, timeZone: string): number {
  if (day.closed || day.stopSold.has(partnerId)) return 0;
  return Math.max(0, day.capacity - day.taken - placesHeld(day, now, timeZone, partnerId));
}

/** A stay's places: the fewest of its days (a stay needs a place on every one of them). */
export function stayPlaces(days: readonly DaySupply[], placesOn: (day: DaySupply) => number): number {
  return days.length === 0 ? 0 : Math.min(...days.map(placesOn));
}

/** Whether `date` falls inside a stop-sell (dates inclusive). */
export const stopSellCovers = (stop: { startDate: string; endDate: string }, date: string): boolean =>
  stop.startDate <= date && date <= stop.endDate;

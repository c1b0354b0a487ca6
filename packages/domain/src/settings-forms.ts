/**
 * The back office's settings forms (back-office §2 "Settings screens", §5): lots and regions, airlines,
 * flights, bus trips, vehicle types, extras, rates, exceptional days and blockout periods. Each form holds
 * strings as its inputs do; the schemas give the API's attributes, which the server validates again with
 * the resource schemas of catalogue.ts.
 */
import { z } from 'zod';
import { extraSchema, extraVariationSchema, lotRegionSchema, lotSchema } from './catalogue';
import { BLOCK_TYPES, LOT_TYPES, SERVICES } from './constants';
import { instantOfBusinessLocal } from './dates';
import { calendarDate, choice, localDatetime, optionalText, requiredText, timeOfDay } from './fields';
import { messages } from './messages';
import { fraction, percentAsFraction, positiveInt, requiredMoney } from './numbers';

/** A blank fraction is no value at all (the lot then fills to 100 %); anything else is 0-1. */
const optionalFraction = () =>
  z.union([z.literal('').transform(() => null), z.null(), fraction()], { error: messages.fractionRange });

/** A blank count is no value at all (unlimited); anything else a whole number above 0. */
const optionalPositiveInt = () =>
  z.union([z.literal('').transform(() => null), z.null(), positiveInt()], {
    error: messages.numberGreaterThanZero,
  });

/** The choices are plain text while being edited ('' before one is made). */
type Editable<T> = { [K in keyof T]: T[K] extends string | undefined ? string : T[K] };

/** A chosen related record: the spec's "required object selection" holds a non-empty id. */
const selection = () => requiredText(20);

/**
 * Lot: name, slug, product codename and type required; spaces above 0; the fill rate threshold
 * optional, 0-1; the subscription's share of the parking charge shown as a percent.
 */
export const lotFormSchema = z.object({
  name: requiredText(100),
  slug: lotSchema.shape.slug,
  productCodename: requiredText(100),
  lotType: choice(LOT_TYPES),
  spaces: positiveInt(),
  fillRateThreshold: optionalFraction(),
  subscriptionParkingDiscount: percentAsFraction(),
  /** Cars per 15-minute drop-off and pick-up slot; blank is unlimited (issue 24). */
  slotCapacity: optionalPositiveInt(),
});
export type LotFormValues = Editable<z.input<typeof lotFormSchema>>;

/** A region of a lot: name required, rows above 0. */
export const regionFormSchema = lotRegionSchema;
export type RegionFormValues = z.input<typeof regionFormSchema>;

export const airlineFormSchema = z.object({ name: requiredText(100) });
export const vehicleTypeFormSchema = z.object({ name: requiredText(100) });

/** Bus trip: the timetable required; the departure time typed HH:mm, stored HH:mm:ss. */
export const busTripFormSchema = z.object({ service: choice(SERVICES), departureTime: timeOfDay() });
export type BusTripFormValues = Editable<z.input<typeof busTripFormSchema>>;

/** Flight: airline, timetable and flight number required; the bus trip only for a departure. */
export const flightFormSchema = z.object({
  airline: selection(),
  service: choice(SERVICES),
  departure: z.boolean(),
  flightNumber: requiredText(20),
  flightLabel: optionalText(100),
  time: timeOfDay(),
  busTrip: z.string(),
});
export type FlightFormValues = Editable<z.input<typeof flightFormSchema>>;
export type FlightFormOutput = z.output<typeof flightFormSchema>;

type FlightBusState = Pick<FlightFormValues, 'service' | 'departure' | 'busTrip'>;

/**
 * The bus trip a flight keeps after a change (back-office §4): none once it is not a departure, none once
 * its timetable changes (the old bus runs on the other timetable), otherwise the one chosen.
 */
export function flightBusTrip(previous: FlightBusState, next: FlightBusState): string {
  if (!next.departure) return '';
  if (next.service !== previous.service) return '';
  return next.busTrip;
}

/** The flights API's attributes and relationship ids for the form's output. */
export function flightPayload(values: FlightFormOutput) {
  return {
    attributes: {
      flightNumber: values.flightNumber,
      flightLabel: values.flightLabel,
      time: values.time,
      departure: values.departure,
      service: values.service,
    },
    airline: values.airline,
    busTrip: values.departure && values.busTrip ? values.busTrip : null,
  };
}

/** Extra: name and base price required; Available and Publicly Visible switches. */
export const extraFormSchema = extraSchema;
export type ExtraFormValues = Editable<z.input<typeof extraFormSchema>>;

/** One vehicle type's price of an extra (the Cost Variations table's inline editor). */
export const variationPriceSchema = extraVariationSchema.shape.price;

/** The first message of a value that fails `schema`, or undefined. */
export function firstProblem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** A price of one lot inside a form, with the stored row's id ('' when there is none yet). */
const lotRate = z.object({ id: z.string(), lot: z.string(), rate: requiredMoney() });
const lotSurcharge = z.object({ id: z.string(), lot: z.string(), surcharge: requiredMoney() });

/** Short-term rate day: days above 0, and once it exists a rate for every lot. */
export const rateDayFormSchema = z.object({ days: positiveInt(), rates: z.array(lotRate) });
export type RateDayFormValues = z.input<typeof rateDayFormSchema>;
export type RateDayFormOutput = z.output<typeof rateDayFormSchema>;

/** The Long Stay Rate card: every lot's daily rate beyond the rate table. */
export const longStayRatesSchema = z.object({ rates: z.array(lotRate) });
export type LongStayRatesValues = z.input<typeof longStayRatesSchema>;

/** Exceptional day: name and date required, a surcharge per lot, the extras it makes unavailable. */
export const exceptionalDayFormSchema = z.object({
  name: requiredText(100),
  date: calendarDate(),
  surcharges: z.array(lotSurcharge),
  unavailableExtras: z.array(z.string()),
});
export type ExceptionalDayFormValues = z.input<typeof exceptionalDayFormSchema>;
export type ExceptionalDayFormOutput = z.output<typeof exceptionalDayFormSchema>;

export interface LotName {
  id: string;
  name: string;
}

/**
 * One row per lot, sorted by lot name (back-office §2: exceptional rates sorted by lot name), holding the
 * stored row's id and amount for that lot, or `fallback` for a lot that has none yet.
 */
export function perLotRows(
  lots: readonly LotName[],
  stored: readonly { id: string; lot: string; amount: string }[],
  fallback: string,
) {
  return [...lots]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'))
    .map((lot) => {
      const row = stored.find((item) => item.lot === lot.id);
      return { id: row?.id ?? '', lot: lot.id, amount: row?.amount ?? fallback };
    });
}

const BLOCK_TYPE_LABELS: Record<(typeof BLOCK_TYPES)[number], string> = {
  parking: 'Parking',
  online_form: 'Online form',
  extra: 'Extra',
};
/** The block types as the form offers them; the API's values are the spec's (parking, online_form, extra). */
export const BLOCK_TYPE_OPTIONS = BLOCK_TYPES.map((value) => ({ value, label: BLOCK_TYPE_LABELS[value] }));
export const blockTypeLabel = (value: string) =>
  BLOCK_TYPE_LABELS[value as keyof typeof BLOCK_TYPE_LABELS] ?? value;

/** Blockout period: name, start, end and type required, the end after the start, extras for `extra` only. */
export const blockoutFormSchema = z
  .object({
    name: requiredText(100),
    message: optionalText(1000),
    startDatetime: localDatetime(),
    endDatetime: localDatetime(),
    blockType: choice(BLOCK_TYPES),
    extras: z.array(z.string()),
  })
  // Business-local strings of one zone compare as the instants they denote.
  .refine((value) => !value.startDatetime || !value.endDatetime || value.endDatetime > value.startDatetime, {
    error: messages.dateAfterStart,
    path: ['endDatetime'],
  });
export type BlockoutFormValues = Editable<z.input<typeof blockoutFormSchema>>;
export type BlockoutFormOutput = z.output<typeof blockoutFormSchema>;

/** The blockout-periods API's attributes and extras for the form's output. */
export function blockoutPayload(values: BlockoutFormOutput, timeZone: string) {
  return {
    attributes: {
      name: values.name,
      message: values.message,
      startDatetime: instantOfBusinessLocal(values.startDatetime, timeZone).toISOString(),
      endDatetime: instantOfBusinessLocal(values.endDatetime, timeZone).toISOString(),
      blockType: values.blockType,
    },
    extras: values.blockType === 'extra' ? values.extras : [],
  };
}

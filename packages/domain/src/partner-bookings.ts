/**
 * The partner API's bookings (issue 42): what a partner sends to book, amend and read a stay, and what it is
 * answered. These schemas validate the calls and are the OpenAPI document's schemas (the server generates
 * /partner/v1/openapi.json from them), so the document cannot drift from what the API accepts and answers.
 */
import { z } from 'zod';
import { TITLES } from './constants';
import { choice, email, optionalText, rego, requiredDatetime, requiredText } from './fields';
import { messages } from './messages';
import { travellerPassengers } from './numbers';

/** The longest Idempotency-Key accepted (a UUID is 36 characters). */
export const IDEMPOTENCY_KEY_MAX = 200;

export const partnerBookingMessages = {
  idempotencyKeyMissing: `Send an Idempotency-Key header (1 to ${IDEMPOTENCY_KEY_MAX} characters) with every booking you create.`,
  idempotencyKeyReused:
    'This Idempotency-Key was already used with a different request. Use a new key for a new booking.',
  unknownLot: (slug: string) => `No lot is called "${slug}".`,
  sandboxNotSaved:
    'Bookings made with a sandbox key are checked and priced but never saved: there is nothing to read, change or cancel.',
} as const;

/** The traveller's stay as a partner books it. */
export const partnerBookingCreateSchema = z
  .object({
    lot: requiredText(50).meta({
      description: 'The lot\'s slug, as GET /availability takes it (e.g. "indoor").',
    }),
    start: requiredDatetime().meta({ description: 'Drop-off, an ISO 8601 instant with its offset.' }),
    end: requiredDatetime().meta({ description: 'Pick-up, after the drop-off.' }),
    title: choice(TITLES),
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: email.meta({ description: "The traveller's email: the confirmation and manage link go there." }),
    phoneNumber: requiredText(30),
    rego: requiredText(20).transform((value) => value.replace(/\s+/g, '').toUpperCase()),
    make: requiredText(50),
    model: requiredText(50),
    colour: requiredText(30),
    flightNumberOut: optionalText(20),
    flightNumberIn: optionalText(20),
    passengersOut: travellerPassengers().optional().default(1),
    passengersIn: travellerPassengers().optional().default(1),
    notifyCustomer: z
      .boolean()
      .optional()
      .default(true)
      .meta({ description: 'false: the car park sends no confirmation email (the partner sends its own).' }),
  })
  .strict()
  .refine((value) => value.end.getTime() > value.start.getTime(), {
    error: messages.arrivalBeforeDeparture,
    path: ['end'],
  });
export type PartnerBookingCreate = z.output<typeof partnerBookingCreateSchema>;

/** An amendment: only what is sent changes (dates, car, flights). */
export const partnerBookingAmendSchema = z
  .object({
    start: requiredDatetime(),
    end: requiredDatetime(),
    rego,
    make: requiredText(50),
    model: requiredText(50),
    colour: requiredText(30),
    flightNumberOut: optionalText(20),
    flightNumberIn: optionalText(20),
  })
  .partial()
  .strict();
export type PartnerBookingAmend = z.output<typeof partnerBookingAmendSchema>;

/** A request body: the JSON:API document around the attributes. */
export const partnerBookingDocument = <S extends z.ZodType>(attributes: S) =>
  z.object({ data: z.object({ type: z.literal('bookings'), attributes }) });

const money = z.string().regex(/^\d+\.\d{2}$/);

/** A partner's booking as the API answers it. */
export const partnerBookingAttributesSchema = z.object({
  code: z.string(),
  sandbox: z.boolean().meta({ description: 'true: made with a sandbox key, never saved.' }),
  status: z.string(),
  lot: z.string(),
  start: z.string(),
  end: z.string(),
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  rego: z.string(),
  make: z.string(),
  model: z.string(),
  colour: z.string(),
  flightNumberOut: z.string(),
  flightNumberIn: z.string(),
  passengersOut: z.number().int(),
  passengersIn: z.number().int(),
  totalCost: money,
  owedByPartner: money.meta({ description: 'What the partner owes the car park for it, on account.' }),
  currency: z.literal('AUD'),
  created: z.string(),
});
export type PartnerBookingAttributes = z.output<typeof partnerBookingAttributesSchema>;

export const partnerBookingResponseSchema = z.object({
  data: z.object({ type: z.literal('bookings'), id: z.string(), attributes: partnerBookingAttributesSchema }),
});
export type PartnerBookingResponse = z.output<typeof partnerBookingResponseSchema>;

/** What DELETE answers: the booking cancelled, and what the cancellation took off the partner's account. */
export const partnerCancelResponseSchema = partnerBookingResponseSchema.extend({
  meta: z.object({ creditedToPartner: money }),
});

/** GET /availability's answer. */
export const partnerAvailabilityResponseSchema = z.object({
  data: z.object({
    type: z.literal('availability'),
    id: z.string(),
    attributes: z.object({
      lot: z.string(),
      start: z.string(),
      end: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      available: z.boolean(),
      reason: z.enum(['stop_sell', 'closed', 'slot_full', 'full']).nullable(),
      places: z.number().int(),
      price: money,
      currency: z.literal('AUD'),
      days: z.array(z.object({ date: z.string(), places: z.number().int(), stopSell: z.boolean() })),
    }),
  }),
  meta: z.object({ partner: z.object({ id: z.string(), status: z.string() }) }),
});

/** Every refusal: JSON:API errors with a stable code. */
export const partnerErrorsSchema = z.object({
  errors: z.array(
    z.object({
      status: z.string(),
      code: z.string(),
      detail: z.string(),
      source: z.object({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
    }),
  ),
});

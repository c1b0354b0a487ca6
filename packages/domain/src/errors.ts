/**
 * Every refusal the product makes, by its code: what a client (the web, a script) reads to tell one case from
 * another, whatever the words. The server's services throw a DomainError; the server maps it to its answer in
 * one place (apps/server/src/jsonapi/errors.ts: status, JSON pointer, detail, code, Retry-After), and the web reads
 * `code` from the error objects (apps/web/src/lib/api/client.ts: hasErrorCode).
 */

/**
 * How a payment provider refuses a card, a payment or a refund: Stripe's codes (the local simulation uses them too);
 * `card_error` is a card refusal with a code not listed here.
 */
export const PAYMENT_REFUSAL_CODES = [
  'card_declined',
  'card_error',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'invalid_cvc',
  'incorrect_number',
  'invalid_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'incorrect_zip',
  'authentication_required',
  'processing_error',
  'resource_missing',
  'payment_intent_unexpected_state',
  'session_closed',
  'charge_not_refundable',
  'amount_too_large',
] as const;
export type PaymentRefusalCode = (typeof PAYMENT_REFUSAL_CODES)[number];

export const ERROR_CODES = [
  // The request as a document (the JSON:API layer, Fastify's parsing).
  'parse_error',
  'bad_request',
  'too_large',
  'unsupported_media_type',
  'method_not_allowed',
  'invalid_parameter',
  'invalid_relationship',
  'conflict',
  // A field's value.
  'invalid',
  'required',
  'null',
  'unique',
  'read_only',
  'derived',
  'does_not_exist',
  'in_use',
  // Who may.
  'not_authenticated',
  'permission_denied',
  'two_factor_setup_required',
  /** A field only staff may set (a booking's region or discount, a quote's discount rate). */
  'staff_only',
  'not_found',
  'throttled',
  // Signing in, accounts.
  'authorization',
  'invalid_token',
  'invalid_password',
  'invalid_second_factor',
  'login_expired',
  'challenge_expired',
  'passkey_refused',
  'passkey_unknown',
  'email_registered',
  // A booking's rules.
  'lot_full',
  'slot_full',
  'stay_limit',
  'blocked_out',
  'online_form_blocked',
  'extra_unavailable',
  'promo_invalid',
  // Manage my booking.
  /** No booking has this code and email (Manage my booking's look-up). */
  'booking_not_found',
  'cancelled',
  'past_cutoff',
  'flight_not_on_return',
  'pay_first',
  'nothing_due',
  /** Extend while away (issue 41): the car is with us, so only a later return is taken. */
  'extension_only',
  'earlier_return',
  // Payments.
  'already_paid',
  'too_much',
  'card_by_hand',
  'refund_too_large',
  /** A client secret that names no payment of ours. */
  'payment_not_found',
  'payment_incomplete',
  'payment_refunded',
  'invalid_signature',
  ...PAYMENT_REFUSAL_CODES,
  // Subscriptions.
  'already_subscribed',
  'no_subscription',
  'not_configured',
  // The waitlist.
  'not_full',
  'waitlist_link_invalid',
  'waitlist_hold_lapsed',
  'waitlist_hold_mismatch',
  // Content.
  'content_managed_elsewhere',
  'content_unavailable',
  // The partner API (issue 42): its key, its account, what it may sell.
  /** No key sent (neither `Authorization: Bearer` nor X-Api-Key). */
  'partner_key_missing',
  /** A key that names no partner's key. */
  'partner_key_invalid',
  'partner_key_revoked',
  'partner_paused',
  'partner_rate_limited',
  /** A booking created without an Idempotency-Key header. */
  'idempotency_key_missing',
  /** An Idempotency-Key used before with another request body. */
  'idempotency_key_reused',
  /** The partner may not sell the stay: no places for it, a stop-sell, a closure or a full slot. */
  'partner_unavailable',
  // The server itself.
  'service_unavailable',
  'server_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const REFUSALS: ReadonlySet<string> = new Set(PAYMENT_REFUSAL_CODES);
/** A provider's refusal code as one of ours (`card_error` for one not listed). */
export const paymentRefusalCode = (code: string | undefined): PaymentRefusalCode =>
  code !== undefined && REFUSALS.has(code) ? (code as PaymentRefusalCode) : 'card_error';

/** An id that names no row, in Django REST framework's words (as the spec's client expects). */
export const doesNotExistDetail = (id: string | number) =>
  `Invalid pk "${String(id)}" - object does not exist.`;
/** The generic refusals' words, Django REST framework's too. */
export const NOT_FOUND_DETAIL = 'Not found.';
export const NOT_AUTHENTICATED_DETAIL = 'Authentication credentials were not provided.';

export interface DomainErrorOptions {
  /** The attribute the refusal is about: a name (`email`) or a path inside one (`items/0/page`). */
  field?: string | undefined;
  /** The relationship the refusal is about (`lot`, `extras`), when it is one rather than an attribute. */
  relationship?: string | undefined;
  /** When to try again (throttled). */
  retryAfterSeconds?: number | undefined;
  /** The id that names nothing (does_not_exist). */
  id?: string | number | undefined;
}

/** A refusal of the product's rules: its code, the spec's words for it, and where it belongs. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly field: string | undefined;
  readonly relationship: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly id: string | number | undefined;

  constructor(code: ErrorCode, detail: string, options: DomainErrorOptions = {}) {
    super(detail);
    this.name = 'DomainError';
    this.code = code;
    this.detail = detail;
    this.field = options.field;
    this.relationship = options.relationship;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.id = options.id;
  }

  /** A relationship naming a row that is not there. */
  static doesNotExist(relationship: string, id: string | number): DomainError {
    return new DomainError('does_not_exist', doesNotExistDetail(id), { relationship, id });
  }

  /** Nothing there, or nothing this caller may see. */
  static notFound(detail: string = NOT_FOUND_DETAIL): DomainError {
    return new DomainError('not_found', detail);
  }

  /** No one is signed in (or the session has gone). */
  static notAuthenticated(): DomainError {
    return new DomainError('not_authenticated', NOT_AUTHENTICATED_DETAIL);
  }

  /** Too many attempts: `detail`, and when to try again. */
  static throttled(detail: string, retryAfterSeconds: number): DomainError {
    return new DomainError('throttled', detail, { retryAfterSeconds });
  }
}

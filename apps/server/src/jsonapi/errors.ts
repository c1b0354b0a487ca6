/**
 * JSON:API error objects: ApiError, what the request layers (jsonapi/, http/, routes and resources) throw, and the
 * one mapping of the services' DomainError to it (`fromDomainError`): its status from ERROR_STATUS, its pointer from
 * the field, its detail, code and Retry-After.
 */
import type { z, ZodError, ZodType } from 'zod';
import {
  doesNotExistDetail,
  NOT_AUTHENTICATED_DETAIL,
  NOT_FOUND_DETAIL,
  type DomainError,
  type ErrorCode,
} from '@parking/domain/errors';

export interface ErrorObject {
  status: string;
  code: ErrorCode;
  detail: string;
  title?: string;
  source?: { pointer?: string; parameter?: string };
}

const NON_FIELD = '/data/attributes/non_field_errors';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];
  readonly headers: Record<string, string>;

  constructor(status: number, errors: ErrorObject[], headers: Record<string, string> = {}) {
    super(errors[0]?.detail ?? 'Error');
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

/** The HTTP status of each code: the one table every error answer is built from. */
const ERROR_STATUS: Record<ErrorCode, number> = {
  parse_error: 400,
  bad_request: 400,
  too_large: 413,
  unsupported_media_type: 415,
  method_not_allowed: 405,
  invalid_parameter: 400,
  invalid_relationship: 400,
  conflict: 409,
  invalid: 400,
  required: 400,
  null: 400,
  unique: 400,
  read_only: 400,
  derived: 400,
  does_not_exist: 400,
  in_use: 409,
  not_authenticated: 401,
  permission_denied: 403,
  two_factor_setup_required: 403,
  staff_only: 400,
  not_found: 404,
  throttled: 429,
  authorization: 400,
  invalid_token: 400,
  invalid_password: 400,
  invalid_second_factor: 400,
  login_expired: 400,
  challenge_expired: 400,
  passkey_refused: 400,
  passkey_unknown: 400,
  email_registered: 400,
  lot_full: 400,
  slot_full: 400,
  stay_limit: 400,
  blocked_out: 400,
  online_form_blocked: 400,
  extra_unavailable: 400,
  promo_invalid: 400,
  booking_not_found: 400,
  cancelled: 400,
  past_cutoff: 400,
  flight_not_on_return: 400,
  pay_first: 400,
  nothing_due: 400,
  extension_only: 400,
  earlier_return: 400,
  already_paid: 400,
  too_much: 400,
  card_by_hand: 400,
  refund_too_large: 400,
  payment_not_found: 400,
  payment_incomplete: 400,
  payment_refunded: 400,
  invalid_signature: 400,
  card_declined: 400,
  card_error: 400,
  invalid_cvc: 400,
  invalid_number: 400,
  invalid_expiry_month: 400,
  invalid_expiry_year: 400,
  incorrect_zip: 400,
  authentication_required: 400,
  insufficient_funds: 400,
  expired_card: 400,
  incorrect_cvc: 400,
  incorrect_number: 400,
  processing_error: 400,
  resource_missing: 400,
  payment_intent_unexpected_state: 400,
  session_closed: 400,
  charge_not_refundable: 400,
  amount_too_large: 400,
  already_subscribed: 400,
  no_subscription: 400,
  not_configured: 400,
  not_full: 400,
  waitlist_link_invalid: 400,
  waitlist_hold_lapsed: 400,
  waitlist_hold_mismatch: 400,
  content_managed_elsewhere: 409,
  content_unavailable: 502,
  partner_key_missing: 401,
  partner_key_invalid: 401,
  partner_key_revoked: 401,
  partner_paused: 403,
  partner_rate_limited: 429,
  idempotency_key_missing: 400,
  idempotency_key_reused: 422,
  partner_unavailable: 409,
  service_unavailable: 503,
  server_error: 500,
};

const retryAfter = (seconds: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

function one(
  code: ErrorCode,
  detail: string,
  source?: ErrorObject['source'],
  headers?: Record<string, string>,
): ApiError {
  const status = ERROR_STATUS[code];
  return new ApiError(
    status,
    [{ status: String(status), code, detail, ...(source ? { source } : {}) }],
    headers,
  );
}

const attributePointer = (name: string) => `/data/attributes/${name}`;

/**
 * A service's refusal as the API answers it: the code's status; the pointer of its attribute or relationship, or
 * (for a 400 about no field) the form's non-field errors; a throttle's Retry-After.
 */
export function fromDomainError(error: DomainError): ApiError {
  const { code, detail, field, relationship, retryAfterSeconds } = error;
  const pointer =
    relationship !== undefined
      ? `/data/relationships/${relationship}`
      : field !== undefined
        ? attributePointer(field)
        : ERROR_STATUS[code] === 400
          ? NON_FIELD
          : undefined;
  return one(
    code,
    detail,
    pointer === undefined ? undefined : { pointer },
    retryAfterSeconds === undefined ? undefined : retryAfter(retryAfterSeconds),
  );
}

export const errors = {
  /** A field-level validation error; `field` is an attribute name or a full pointer. */
  invalid(detail: string, field?: string, code: ErrorCode = 'invalid'): ApiError {
    const pointer = field === undefined ? NON_FIELD : field.startsWith('/') ? field : attributePointer(field);
    return one(code, detail, { pointer });
  },
  /** An id that names no row (Django REST framework's words, as the spec's client expects), on `pointer` as given. */
  doesNotExist(id: string | number, pointer: string): ApiError {
    return one('does_not_exist', doesNotExistDetail(id), { pointer });
  },
  parameter(detail: string, parameter: string): ApiError {
    return one('invalid_parameter', detail, { parameter });
  },
  badRequest(detail: string, code: ErrorCode = 'bad_request'): ApiError {
    return one(code, detail);
  },
  unauthorized(detail = NOT_AUTHENTICATED_DETAIL): ApiError {
    return one('not_authenticated', detail);
  },
  /** A staff session that must set up two-factor sign-in before anything else (issue 38). */
  twoFactorSetupRequired(): ApiError {
    return one('two_factor_setup_required', 'Set up two-factor sign-in to continue.');
  },
  /** Not allowed; `field` names the attribute the refusal is about, so that a form can show it there. */
  forbidden(detail = 'You do not have permission to perform this action.', field?: string): ApiError {
    return one(
      'permission_denied',
      detail,
      field === undefined ? undefined : { pointer: field.startsWith('/') ? field : attributePointer(field) },
    );
  },
  notFound(detail = NOT_FOUND_DETAIL): ApiError {
    return one('not_found', detail);
  },
  methodNotAllowed(method: string): ApiError {
    return one('method_not_allowed', `Method "${method}" not allowed.`);
  },
  conflict(detail: string, pointer?: string): ApiError {
    return one('conflict', detail, pointer ? { pointer } : undefined);
  },
  unsupportedMediaType(type: string): ApiError {
    return one('unsupported_media_type', `Unsupported media type "${type}" in request.`);
  },
  tooMany(detail: string, retryAfterSeconds: number): ApiError {
    return one('throttled', detail, undefined, retryAfter(retryAfterSeconds));
  },
};

/** `value` as `schema` makes it, or the schema's messages as JSON:API errors (pointers under `base`). */
export function parseWith<S extends ZodType>(schema: S, value: unknown, base?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZod(parsed.error, base);
  return parsed.data;
}

/**
 * Zod issues to JSON:API errors. Paths become pointers under `base`; an issue with no path
 * (an object-level rule) belongs to no field.
 */
function fromZod(error: ZodError, base = '/data/attributes'): ApiError {
  const seen = new Set<string>();
  const list: ErrorObject[] = [];
  for (const issue of error.issues) {
    const pointer = issue.path.length ? `${base}/${issue.path.map(String).join('/')}` : NON_FIELD;
    // One message per field is what a form can show.
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    list.push({ status: '400', code: 'invalid', detail: issue.message, source: { pointer } });
  }
  return new ApiError(400, list);
}

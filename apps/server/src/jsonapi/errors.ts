/** JSON:API error objects and the one error type every layer throws. */
import type { z, ZodError, ZodType } from 'zod';

export interface ErrorObject {
  status: string;
  code: string;
  detail: string;
  title?: string;
  source?: { pointer?: string; parameter?: string };
}

export const NON_FIELD = '/data/attributes/non_field_errors';

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

function one(status: number, code: string, detail: string, source?: ErrorObject['source']): ApiError {
  return new ApiError(status, [{ status: String(status), code, detail, ...(source ? { source } : {}) }]);
}

export const attributePointer = (name: string) => `/data/attributes/${name}`;

export const errors = {
  /** A field-level validation error; `field` is an attribute name or a full pointer. */
  invalid(detail: string, field?: string, code = 'invalid'): ApiError {
    const pointer = field === undefined ? NON_FIELD : field.startsWith('/') ? field : attributePointer(field);
    return one(400, code, detail, { pointer });
  },
  /** An id that names no row (Django REST framework's words, as the spec's client expects), on `pointer` as given. */
  doesNotExist(id: string | number, pointer: string): ApiError {
    return one(400, 'does_not_exist', `Invalid pk "${String(id)}" - object does not exist.`, { pointer });
  },
  parameter(detail: string, parameter: string): ApiError {
    return one(400, 'invalid_parameter', detail, { parameter });
  },
  badRequest(detail: string, code = 'bad_request'): ApiError {
    return one(400, code, detail);
  },
  unauthorized(detail = 'Authentication credentials were not provided.'): ApiError {
    return one(401, 'not_authenticated', detail);
  },
  /** A staff session that must set up two-factor sign-in before anything else (issue 38). */
  twoFactorSetupRequired(): ApiError {
    return one(403, 'two_factor_setup_required', 'Set up two-factor sign-in to continue.');
  },
  /** Not allowed; `field` names the attribute the refusal is about, so that a form can show it there. */
  forbidden(detail = 'You do not have permission to perform this action.', field?: string): ApiError {
    return one(
      403,
      'permission_denied',
      detail,
      field === undefined ? undefined : { pointer: field.startsWith('/') ? field : attributePointer(field) },
    );
  },
  notFound(detail = 'Not found.'): ApiError {
    return one(404, 'not_found', detail);
  },
  methodNotAllowed(method: string): ApiError {
    return one(405, 'method_not_allowed', `Method "${method}" not allowed.`);
  },
  conflict(detail: string, pointer?: string): ApiError {
    return one(409, 'conflict', detail, pointer ? { pointer } : undefined);
  },
  unsupportedMediaType(type: string): ApiError {
    return one(415, 'unsupported_media_type', `Unsupported media type "${type}" in request.`);
  },
  tooMany(detail: string, retryAfterSeconds: number): ApiError {
    return new ApiError(429, [{ status: '429', code: 'throttled', detail }], {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
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
export function fromZod(error: ZodError, base = '/data/attributes'): ApiError {
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

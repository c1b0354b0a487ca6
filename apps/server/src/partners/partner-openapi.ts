/**
 * The partner API's OpenAPI 3.1 document (GET /partner/v1/openapi.json), generated from the zod schemas that
 * validate its calls and type its answers (@parking/domain/partner-bookings, partners.ts) by zod's own
 * z.toJSONSchema: request bodies as they are sent (io: 'input'), answers as they are made. And its reference page
 * (GET /partner/v1/docs): the same document as server-rendered HTML, nothing fetched from elsewhere.
 */
import { z } from 'zod';
import { escapeHtml } from '@parking/domain/html';
import {
  IDEMPOTENCY_KEY_MAX,
  partnerAvailabilityResponseSchema,
  partnerBookingAmendSchema,
  partnerBookingCreateSchema,
  partnerBookingDocument,
  partnerBookingResponseSchema,
  partnerCancelResponseSchema,
  partnerErrorsSchema,
} from '@parking/domain/partner-bookings';

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ content: { 'application/json': { schema: ref(name) } } });

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'A field or parameter is not valid (code invalid, invalid_parameter, idempotency_key_missing).',
  '401':
    'No key, an unknown key or a revoked one (partner_key_missing, partner_key_invalid, partner_key_revoked).',
  '403': 'The partner is paused (partner_paused).',
  '404': "No booking of this partner's has this code (not_found); a sandbox partner has none.",
  '409':
    'The partner may not sell the stay (partner_unavailable: no places, a stop-sell, a closure), or the lot is full (lot_full).',
  '422': 'The Idempotency-Key was used before with another body (idempotency_key_reused).',
  '429': 'Too many calls with this key this minute (partner_rate_limited); see Retry-After.',
};

const errorsFor = (...codes: string[]) =>
  Object.fromEntries(
    codes.map((code) => [code, { description: ERROR_DESCRIPTIONS[code] ?? code, ...json('Errors') }]),
  );

const codeParameter = {
  name: 'code',
  in: 'path',
  required: true,
  description: 'The booking code answered when it was made.',
  schema: { type: 'string' },
};

const COMMON = ['401', '403', '429'];

/** The document: built once, from the schemas. */
function buildDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'SkyPark partner API',
      version: '1.0.0',
      description: [
        "Sell the car park's places: availability and price for a stay, then book, read, amend and cancel. Send your",
        'API key as `Authorization: Bearer <key>` (or `X-Api-Key`). Errors are JSON:API errors with a stable `code`.',
        "You collect the traveller's payment: each booking is owed by you on account, less what a cancellation or an",
        "amendment credits under the car park's refund rules. A **sandbox** key books into a sandbox: every booking",
        'is checked, counted and priced exactly as a live one, answered with `sandbox: true` and a `SANDBOX-` code, and',
        'never saved (it takes no place; there is nothing to read, amend or cancel afterwards).',
      ].join(' '),
    },
    security: [{ bearer: [] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      },
      schemas: {
        Availability: jsonSchema(partnerAvailabilityResponseSchema, 'output'),
        BookingCreate: jsonSchema(partnerBookingDocument(partnerBookingCreateSchema), 'input'),
        BookingAmend: jsonSchema(partnerBookingDocument(partnerBookingAmendSchema), 'input'),
        Booking: jsonSchema(partnerBookingResponseSchema, 'output'),
        BookingCancelled: jsonSchema(partnerCancelResponseSchema, 'output'),
        Errors: jsonSchema(partnerErrorsSchema, 'output'),
      },
    },
    paths: {
      '/partner/v1/availability': {
        get: {
          operationId: 'getAvailability',
          summary: 'Places and price for a stay',
          description:
            "What you may sell for the stay (your allotment left and the places open to everyone, none under a stop-sell), each day's places, and the price the website charges.",
          parameters: [
            {
              name: 'lot',
              in: 'query',
              required: true,
              description: "The lot's slug.",
              schema: { type: 'string' },
            },
            {
              name: 'start',
              in: 'query',
              required: true,
              description: 'Drop-off (ISO 8601).',
              schema: { type: 'string' },
            },
            {
              name: 'end',
              in: 'query',
              required: true,
              description: 'Pick-up (ISO 8601).',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': { description: "The stay's availability.", ...json('Availability') },
            ...errorsFor('400', ...COMMON),
          },
        },
      },
      '/partner/v1/bookings': {
        post: {
          operationId: 'createBooking',
          summary: 'Book a stay',
          description:
            "Books the stay with the website's rules and price. The same Idempotency-Key with the same body answers the first answer again (header Idempotent-Replayed: true); with another body it is refused.",
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: true,
              description: `A key of yours for this booking (1 to ${IDEMPOTENCY_KEY_MAX} characters), e.g. a UUID.`,
              schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
            },
          ],
          requestBody: { required: true, ...json('BookingCreate') },
          responses: {
            '201': { description: 'The booking (sandbox: true for a sandbox key).', ...json('Booking') },
            ...errorsFor('400', ...COMMON, '409', '422'),
          },
        },
      },
      '/partner/v1/bookings/{code}': {
        parameters: [codeParameter],
        get: {
          operationId: 'getBooking',
          summary: 'Read a booking',
          responses: {
            '200': { description: 'The booking.', ...json('Booking') },
            ...errorsFor(...COMMON, '404'),
          },
        },
        patch: {
          operationId: 'amendBooking',
          summary: 'Amend dates, car or flights',
          description:
            'Only what is sent changes, under the same rules and cut-off as Manage my booking. A dearer stay adds to what you owe; a cheaper one credits you.',
          requestBody: { required: true, ...json('BookingAmend') },
          responses: {
            '200': { description: 'The booking as amended.', ...json('Booking') },
            ...errorsFor('400', ...COMMON, '404', '409'),
          },
        },
        delete: {
          operationId: 'cancelBooking',
          summary: 'Cancel a booking',
          description:
            'Cancels it (again: the same answer). The refund rules decide what is credited to your account: meta.creditedToPartner.',
          responses: {
            '200': { description: 'The booking, cancelled.', ...json('BookingCancelled') },
            ...errorsFor('400', ...COMMON, '404'),
          },
        },
      },
    },
  };
}

export type PartnerOpenApi = ReturnType<typeof buildDocument>;
let document: PartnerOpenApi | undefined;
export const partnerOpenApi = (): PartnerOpenApi => (document ??= buildDocument());

const METHODS = ['get', 'post', 'patch', 'delete'] as const;

/** The document's Markdown (`code`, **bold**) as HTML, escaped first. */
const markdown = (text: string) =>
  escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

/** One schema's fields as table rows (its properties; nested objects by their dotted names). */
function fieldRows(schema: JsonSchema, prefix = ''): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, field]) => {
    const path = prefix + name;
    if (field.type === 'object' && field.properties) return fieldRows(field, `${path}.`);
    const type = Array.isArray(field.enum)
      ? field.enum.map(String).join(' | ')
      : field.const !== undefined
        ? JSON.stringify(field.const)
        : String(field.type ?? (Array.isArray(field.anyOf) ? 'one of several' : 'any'));
    const description = typeof field.description === 'string' ? field.description : '';
    return [
      `<tr><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(type)}</td><td>${required.has(name) ? 'yes' : ''}</td><td>${escapeHtml(description)}</td></tr>`,
    ];
  });
}

const schemaOf = (reference: unknown): JsonSchema | undefined => {
  const name =
    String((reference as { $ref?: string } | undefined)?.$ref ?? '')
      .split('/')
      .pop() ?? '';
  return (partnerOpenApi().components.schemas as Record<string, JsonSchema>)[name];
};

const table = (rows: string[]) =>
  rows.length
    ? `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>About</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : '';

/** The reference page: every operation of the document with its parameters, body and answers. */
export function partnerDocsHtml(): string {
  const doc = partnerOpenApi();
  const sections: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, unknown>)[method] as
        | {
            operationId: string;
            summary: string;
            description?: string;
            parameters?: Array<{ name: string; in: string; required?: boolean; description?: string }>;
            requestBody?: { content: Record<string, { schema: unknown }> };
            responses: Record<string, { description: string }>;
          }
        | undefined;
      if (!operation) continue;
      const parameters = [
        ...(((item as { parameters?: unknown[] }).parameters ?? []) as typeof operation.parameters & object),
        ...(operation.parameters ?? []),
      ];
      const body = operation.requestBody?.content['application/json']?.schema;
      const bodySchema = body ? schemaOf(body) : undefined;
      sections.push(`<section id="${escapeHtml(operation.operationId)}">
<h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p><strong>${escapeHtml(operation.summary)}.</strong> ${markdown(operation.description ?? '')}</p>
${parameters.length ? `<h3>Parameters</h3><ul>${parameters.map((p) => `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', required' : ''}): ${escapeHtml(p.description ?? '')}</li>`).join('')}</ul>` : ''}
${bodySchema ? `<h3>Body</h3>${table(fieldRows(bodySchema))}` : ''}
<h3>Answers</h3><ul>${Object.entries(operation.responses)
        .map(
          ([status, response]) =>
            `<li><strong>${escapeHtml(status)}</strong>: ${escapeHtml(response.description)}</li>`,
        )
        .join('')}</ul>
</section>`);
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;line-height:1.5;color:#1a1a1a}
table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
.method{background:#0b5394;color:#fff;padding:0 .4rem;border-radius:4px}code{font-size:.95em}section{border-top:1px solid #ddd;margin-top:1.5rem}</style>
</head><body><main>
<h1>${escapeHtml(doc.info.title)} reference</h1>
<p>${markdown(doc.info.description)}</p>
<p>The machine-readable document: <a href="/partner/v1/openapi.json">openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
<nav aria-label="Operations"><ul>${Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      METHODS.filter((method) => method in item).map((method) => {
        const op = (item as Record<string, { operationId: string; summary: string }>)[method];
        return `<li><a href="#${escapeHtml(op?.operationId ?? '')}">${method.toUpperCase()} ${escapeHtml(path)}</a>: ${escapeHtml(op?.summary ?? '')}</li>`;
      }),
    )
    .join('')}</ul></nav>
${sections.join('\n')}
</main></body></html>`;
}

/**
 * Declared actions: the endpoints that are not stored resources (sessions, email flows, quotes,
 * payments, manage my booking, reports...) declared as data beside the declared resources, so that
 * every one of them goes down the same request path:
 *
 *   rate limit (throttle) → authenticate and authorise (access) → validate (media type, JSON:API
 *   document, attributes against the zod schema, relationship and path ids) → transaction (when asked)
 *   → thin handler → its answer (a JSON:API document, or a file the handler sends itself)
 *
 * The handler receives typed, checked input and never reads the raw request for it; it calls a
 * service with plain values and presents what the service answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { inTransaction, isAdmin, isStaff, type RequestContext, type Services } from '../context';
import {
  checkMediaType,
  readAttributes,
  readDocument,
  readRelationshipIds,
  type Cardinality,
  type WriteDocument,
} from '../jsonapi/document';
import { errors } from '../jsonapi/errors';
import type { RawQuery } from '../jsonapi/query';
import { isDatabaseId } from '@parking/domain/api-values';
import { requestDocument } from './json-api-body';
import { route } from './route';

/** Who may call: anyone; a signed-in user; staff (Admins or Sales); Admins; or a rule of its own. */
type Access = 'anyone' | 'authenticated' | 'staff' | 'admin' | ((ctx: RequestContext) => boolean);

export interface ActionInput<A, R extends string, L = undefined> {
  /** What `load` found for this caller (the record the action is about), checked before the input. */
  loaded: L;
  /** The document's attributes as the input schema made them. */
  attributes: A;
  /** The declared relationships as ids: a number, null when sent as null, undefined when not sent. */
  ids: Record<R, number | null | undefined>;
  /** To-many relationships as lists of ids (undefined when not sent). */
  lists: Record<R, number[] | undefined>;
  /** The path's `:id`, when the path has one: a database id (any other value is answered 404). */
  id: number;
  /** The path's parameters as given: a capability's text id, an email address (`:id` too, whatever `pathId` says). */
  params: Readonly<Record<string, string>>;
  query: RawQuery;
  /** The request document, for the few handlers that pass it on to a resource-layer service as it is. */
  document: WriteDocument | null;
  /** The body's bytes, for an action declared with `upload` (a photo); null otherwise. */
  upload: Buffer | null;
  request: FastifyRequest;
}

export interface ActionSpec<S extends z.ZodType, R extends string, L = undefined> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below the API prefix, e.g. 'promo-codes/' or 'manage-bookings/:id/changes/'. */
  path: string;
  /**
   * The path's `:id`: a database id (default: any other value is answered 404 before the handler), or
   * text the handler reads from `params` (a provider session's capability id, an id with a 404 of its own).
   */
  pathId?: 'database' | 'text';
  /** The type of the request document (a body is read only when given). */
  type?: string;
  /**
   * The body is a file, not a document (a photo): its bytes, sent as one of these media types, reach the
   * handler as `upload`; any other media type is answered 415 (app.ts parses them only for such paths).
   */
  upload?: { mediaTypes: readonly string[] };
  /** The attributes' schema (the domain's, with the spec's messages). */
  input?: S;
  /**
   * The schema's output for a hot call's usual document, read without zod (the domain's, beside the schema), or
   * undefined to leave the document to the schema: only for a reading that answers exactly what the schema does
   * wherever it answers, so that the answers and the errors stay the schema's.
   */
  quickInput?: (attributes: Readonly<Record<string, unknown>>) => z.output<S> | undefined;
  /** Relationships the document may carry, to-one or to-many; any other is refused (or ignored, below). */
  relationships?: Readonly<Record<R, Cardinality>>;
  /** What to do with a relationship not declared: refuse it (default), or ignore it as the resource layer does. */
  otherRelationships?: 'refuse' | 'ignore';
  access: Access;
  /**
   * The record the action is about, found and authorised for this caller (a 404 or 403 of its own) after
   * `access` and before the input is validated, so that a stranger learns nothing from a 400.
   */
  load?: (ctx: RequestContext, target: { id: number; request: FastifyRequest }) => Promise<L>;
  /** Abuse limits, counted before anything else is looked at. */
  throttle?: (ctx: RequestContext) => Promise<void>;
  /** Stores nothing (quotes, checks, reports): the held quotes and home page are left alone. */
  readOnly?: boolean;
  /**
   * The answer this action already wrote for the very same request from data still held in memory
   * (pricing/held-snapshot.ts), asked after access, `load` and the media type and before the document is read:
   * a document validated and answered once is not validated again while that data is held. Only an answer that
   * depends on nothing but the request and the held data may be kept for this; undefined takes the full path.
   * The body is not parsed before this is asked (http/json-api-body.ts): a held answer is found by the body's text.
   */
  heldAnswer?: (ctx: RequestContext, request: FastifyRequest) => Promise<unknown>;
  /** Runs the handler in one transaction, its context bound to it; emails wait for the commit. */
  transaction?: boolean;
  /** The status of a successful answer (default: 201 for POST, 200 otherwise). */
  status?: number;
  handle(ctx: RequestContext, input: ActionInput<z.output<S>, R, L>, reply: FastifyReply): Promise<unknown>;
}

export interface Action {
  method: ActionSpec<z.ZodType, string>['method'];
  path: string;
  /** The request document's type, when the action reads a body. */
  type: string | undefined;
  register(app: FastifyInstance, services: Services, prefix: string): void;
}

function authorise(ctx: RequestContext, access: Access): void {
  if (access === 'anyone') return;
  if (!ctx.user) throw ctx.twoFactorSetupPending ? errors.twoFactorSetupRequired() : errors.unauthorized();
  const allowed =
    access === 'authenticated'
      ? true
      : access === 'staff'
        ? isStaff(ctx.user)
        : access === 'admin'
          ? isAdmin(ctx.user)
          : access(ctx);
  if (!allowed) throw errors.forbidden();
}

const hasControlCharacter = (value: string | undefined) =>
  value !== undefined && [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** Declares an action; `registerActions` puts each on the app under the API prefix. */
export function action<S extends z.ZodType, R extends string = never, L = undefined>(
  spec: ActionSpec<S, R, L>,
): Action {
  return {
    method: spec.method,
    path: spec.path,
    type: spec.type,
    register(app, services, prefix) {
      // Worked out once: most calls (the quotes, the extras list) have no path parameter to look at.
      const hasParams = spec.path.includes(':');
      const databaseId = spec.path.includes(':id') && spec.pathId !== 'text';
      const handler = route(
        services,
        async (ctx, request, reply) => {
          if (spec.throttle) await spec.throttle(ctx);
          authorise(ctx, spec.access);
          const params = request.params as Record<string, string | undefined>;
          // No row is named by text with control characters (a NUL is not even valid text to PostgreSQL).
          if (hasParams && Object.values(params).some(hasControlCharacter)) throw errors.notFound();
          let id = 0;
          if (databaseId) {
            const raw = params.id ?? '';
            if (!isDatabaseId(raw)) throw errors.notFound();
            id = Number(raw);
          }
          const loaded = (spec.load ? await spec.load(ctx, { id, request }) : undefined) as L;
          const status = spec.status ?? (spec.method === 'POST' ? 201 : 200);
          if (spec.heldAnswer) {
            if (spec.type !== undefined && !spec.upload) checkMediaType(request.headers['content-type']);
            const answer = await spec.heldAnswer(ctx, request);
            if (answer !== undefined) {
              reply.status(status);
              return answer;
            }
          }
          let document: WriteDocument | null = null;
          let upload: Buffer | null = null;
          if (spec.upload) {
            const essence = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
            if (!spec.upload.mediaTypes.includes(essence) || !Buffer.isBuffer(request.body))
              throw errors.unsupportedMediaType(essence.slice(0, 100));
            upload = request.body;
          } else if (spec.type !== undefined) {
            checkMediaType(request.headers['content-type']);
            document = readDocument(requestDocument(request), spec.type);
          }
          const { ids, lists } = readRelationshipIds(
            document,
            spec.relationships ?? ({} as Record<R, Cardinality>),
            spec.otherRelationships ?? 'refuse',
          );
          const quick = document && spec.quickInput ? spec.quickInput(document.attributes) : undefined;
          const attributes: unknown = spec.input
            ? (quick ?? readAttributes(spec.input, document))
            : (document?.attributes ?? {});
          const input: ActionInput<z.output<S>, R, L> = {
            loaded,
            attributes: attributes as z.output<S>,
            ids,
            lists,
            id,
            params: params as Record<string, string>,
            query: request.query as RawQuery,
            document,
            upload,
            request,
          };
          reply.status(status);
          return spec.transaction
            ? inTransaction(ctx, (tx) => spec.handle(tx, input, reply))
            : spec.handle(ctx, input, reply);
        },
        { readOnly: spec.readOnly ?? false },
      );
      const url = `${prefix}/${spec.path}`;
      // A document answered before is found by its text (heldAnswer): its body is parsed only on a miss.
      const options = { config: { deferDocumentParse: spec.heldAnswer !== undefined } };
      if (spec.method === 'GET') app.get(url, options, handler);
      else if (spec.method === 'POST') app.post(url, options, handler);
      else if (spec.method === 'PATCH') app.patch(url, options, handler);
      else app.delete(url, options, handler);
    },
  };
}

export function registerActions(
  app: FastifyInstance,
  services: Services,
  prefix: string,
  actions: readonly Action[],
): void {
  for (const declared of actions) declared.register(app, services, prefix);
}

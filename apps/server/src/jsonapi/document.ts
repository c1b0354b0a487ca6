/**
 * Reads a JSON:API request document ({ data: { type, id, attributes, relationships } }) and turns it into
 * plain typed input: attributes as a schema makes them, relationships as ids. Declared actions, the generic
 * create and update, and the resources with writes of their own all read documents here, so that the
 * services behind them take plain values.
 */
import type { z } from 'zod';
import { errors, parseWith } from './errors';
import { isDatabaseId } from '@parking/domain/api-values';

export type RelationshipValue = string | null | string[];

export interface WriteDocument {
  type: string;
  id: string | undefined;
  attributes: Record<string, unknown>;
  relationships: Record<string, RelationshipValue>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ID = /^[A-Za-z0-9_.@%+-]{1,254}$/;

function identifier(value: unknown, pointer: string): string {
  if (!isObject(value) || typeof value.type !== 'string') {
    throw errors.invalid('Expected a resource identifier with type and id.', pointer, 'invalid_relationship');
  }
  const id = typeof value.id === 'number' ? String(value.id) : value.id;
  if (typeof id !== 'string' || !ID.test(id)) {
    throw errors.invalid('Incorrect type. Expected pk value.', pointer, 'invalid_relationship');
  }
  return id;
}

const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';
const JSON_MEDIA_TYPES = new Set([JSONAPI_MEDIA_TYPE, 'application/json']);

/**
 * A write's body must be JSON. Fastify parses text/plain bodies by default, so without this a
 * text/plain document was read as a string and answered 400 instead of 415; a request with no
 * body (and so no content type) is left to readDocument's "no primary data".
 */
export function checkMediaType(contentType: string | undefined): void {
  if (contentType === undefined || contentType === JSONAPI_MEDIA_TYPE) return;
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (!JSON_MEDIA_TYPES.has(essence)) throw errors.unsupportedMediaType(essence);
}

export function readDocument(body: unknown, type: string, expectedId?: string): WriteDocument {
  if (!isObject(body) || !isObject(body.data)) {
    throw errors.invalid('Received document does not contain primary data.', '/data', 'parse_error');
  }
  const data = body.data;
  if (typeof data.type !== 'string')
    throw errors.invalid('This field is required.', '/data/type', 'required');
  if (data.type !== type) {
    throw errors.conflict(
      `The resource object's type (${data.type}) is not the type that constitute the collection represented by the endpoint (${type}).`,
      '/data/type',
    );
  }
  let id: string | undefined;
  if (data.id !== undefined && data.id !== null) {
    id = typeof data.id === 'number' ? String(data.id) : typeof data.id === 'string' ? data.id : undefined;
    if (id === undefined) throw errors.invalid('Incorrect type. Expected pk value.', '/data/id');
  }
  if (expectedId !== undefined) {
    if (id === undefined)
      throw errors.invalid('The resource object must contain an id.', '/data/id', 'required');
    if (id !== expectedId) {
      throw errors.conflict(
        `The resource object's id (${id}) does not match the URL's id (${expectedId}).`,
        '/data/id',
      );
    }
  }
  if (data.attributes !== undefined && !isObject(data.attributes)) {
    throw errors.invalid('Attributes must be an object.', '/data/attributes', 'parse_error');
  }
  if (data.relationships !== undefined && !isObject(data.relationships)) {
    throw errors.invalid('Relationships must be an object.', '/data/relationships', 'parse_error');
  }
  const relationships: Record<string, RelationshipValue> = {};
  for (const [name, value] of Object.entries(data.relationships ?? {})) {
    const pointer = `/data/relationships/${name}`;
    if (!isObject(value) || !('data' in value)) {
      throw errors.invalid(
        'Relationship must be an object with a data member.',
        pointer,
        'invalid_relationship',
      );
    }
    const linkage = value.data;
    relationships[name] =
      linkage === null
        ? null
        : Array.isArray(linkage)
          ? linkage.map((item, index) => identifier(item, `${pointer}/data/${index}`))
          : identifier(linkage, `${pointer}/data`);
  }
  return { type, id, attributes: data.attributes ?? {}, relationships };
}

/**
 * The document's attributes as `schema` makes them. With `sentOnly` (a PATCH), only the attributes the
 * document carries are kept: a PATCH changes what it sends, not the fields a schema default fills in.
 */
export function readAttributes<S extends z.ZodType>(
  schema: S,
  doc: Pick<WriteDocument, 'attributes'> | null,
  options: { sentOnly?: boolean } = {},
): z.output<S> {
  const sent = doc?.attributes ?? {};
  const parsed = parseWith(schema, sent);
  if (!options.sentOnly || typeof parsed !== 'object' || parsed === null) return parsed;
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => key in sent)) as z.output<S>;
}

export type Cardinality = 'one' | 'many';

/** A document's relationships as ids, by the names declared: to-one as `ids`, to-many as `lists`. */
export interface RelationshipIds<R extends string> {
  /** A number; null when sent as null; undefined when not sent. */
  ids: Record<R, number | null | undefined>;
  /** A list of numbers; undefined when not sent (or sent as null). */
  lists: Record<R, number[] | undefined>;
}

/**
 * The declared relationships' linkage as database ids. A value that is no database id is answered as an
 * id that names no row; a relationship not declared is refused, or ignored (as a booking ignores the
 * read-only ones its own answer carries).
 */
export function readRelationshipIds<R extends string>(
  doc: Pick<WriteDocument, 'relationships'> | null,
  declared: Readonly<Record<R, Cardinality>>,
  others: 'refuse' | 'ignore' = 'refuse',
): RelationshipIds<R> {
  const names = Object.keys(declared) as R[];
  const ids = {} as Record<R, number | null | undefined>;
  const lists = {} as Record<R, number[] | undefined>;
  if (others === 'refuse') {
    for (const name of Object.keys(doc?.relationships ?? {})) {
      if (!names.includes(name as R))
        throw errors.invalid(`Unknown or read-only relationship "${name}".`, `/data/relationships/${name}`);
    }
  }
  for (const name of names) {
    const value: RelationshipValue | undefined = doc?.relationships[name];
    const pointer = `/data/relationships/${name}`;
    const one = (id: string) => {
      if (!isDatabaseId(id)) throw errors.doesNotExist(id, pointer);
      return Number(id);
    };
    ids[name] = undefined;
    lists[name] = undefined;
    if (declared[name] === 'many') {
      if (value === undefined || value === null) continue;
      if (!Array.isArray(value)) throw errors.invalid('Expected a list of resource identifiers.', pointer);
      lists[name] = value.map(one);
    } else {
      if (Array.isArray(value)) throw errors.invalid('Expected a single resource identifier.', pointer);
      ids[name] = value === undefined || value === null ? value : one(value);
    }
  }
  return { ids, lists };
}

/** Reads a JSON:API request document ({ data: { type, id, attributes, relationships } }). */
import { errors } from './errors';

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

const JSON_MEDIA_TYPES = new Set(['application/vnd.api+json', 'application/json']);

/**
 * A write's body must be JSON. Fastify parses text/plain bodies by default, so without this a
 * text/plain document was read as a string and answered 400 instead of 415; a request with no
 * body (and so no content type) is left to readDocument's "no primary data".
 */
export function checkMediaType(contentType: string | undefined): void {
  if (contentType === undefined) return;
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

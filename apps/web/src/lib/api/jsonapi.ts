/**
 * JSON:API document shapes and the few helpers screens need to read them: a resource's related id,
 * and the included resource it points at. Attribute types are declared per resource by the feature
 * that reads it; the server's own test suite holds it to those shapes.
 */

export interface ResourceIdentifier {
  type: string;
  id: string;
}

interface Relationship {
  data: ResourceIdentifier | ResourceIdentifier[] | null;
}

export interface Resource<A extends object = Record<string, unknown>> {
  type: string;
  id: string;
  attributes: A;
  relationships?: Record<string, Relationship>;
}

export interface Pagination {
  count: number;
  page: number;
  pages: number;
}

export interface JsonApiDocument<D, M extends object = object> {
  data: D;
  included?: Resource[];
  meta?: { pagination?: Pagination } & M;
}

export type ListDocument<A extends object> = JsonApiDocument<Resource<A>[]>;
export type SingleDocument<A extends object> = JsonApiDocument<Resource<A>>;

/** The id a to-one relationship points at, or null. */
export function relatedId(resource: Resource<object>, name: string): string | null {
  const data = resource.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
}

/** The ids a to-many relationship points at. */
export function relatedIds(resource: Resource<object>, name: string): string[] {
  const data = resource.relationships?.[name]?.data;
  return Array.isArray(data) ? data.map((item) => item.id) : [];
}

/** An index of a document's `included` resources by type and id. */
export class IncludedIndex {
  private readonly byKey = new Map<string, Resource>();

  constructor(included: readonly Resource[] = []) {
    for (const resource of included) this.byKey.set(`${resource.type}:${resource.id}`, resource);
  }

  /** The included resource of `type` with `id`; its attributes are the caller's declared shape. */
  find<A extends object>(type: string, id: string | null): Resource<A> | undefined {
    if (id === null) return undefined;
    return this.byKey.get(`${type}:${id}`) as Resource<A> | undefined;
  }

  /** The included resource a to-one relationship of `resource` points at. */
  one<A extends object>(
    resource: Resource<object>,
    relationship: string,
    type: string,
  ): Resource<A> | undefined {
    return this.find<A>(type, relatedId(resource, relationship));
  }

  /** The included resources a to-many relationship of `resource` points at, in its order. */
  many<A extends object>(resource: Resource<object>, relationship: string, type: string): Resource<A>[] {
    return relatedIds(resource, relationship).flatMap((id) => this.find<A>(type, id) ?? []);
  }
}

/** A write document: `{data: {type, id?, attributes, relationships}}` with to-one relationships by id. */
export function writeDocument(
  type: string,
  attributes: Record<string, unknown>,
  options: {
    id?: string;
    relationships?: Record<string, ResourceIdentifier | ResourceIdentifier[] | null>;
  } = {},
) {
  const relationships = Object.fromEntries(
    Object.entries(options.relationships ?? {}).map(([name, value]) => [name, { data: value }]),
  );
  return {
    data: {
      type,
      ...(options.id === undefined ? {} : { id: options.id }),
      attributes,
      ...(Object.keys(relationships).length ? { relationships } : {}),
    },
  };
}

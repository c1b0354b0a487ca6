/**
 * Generic JSON:API calls for the back office's lists and forms (back-office §7 "Lists", "Find one",
 * "Save", "Delete"): one implementation for every resource, configured by its type name.
 */
import { PAGE_SIZE_MAX } from '@parking/domain/constants';
import { apiRequest, type QueryValue } from './client';
import {
  IncludedIndex,
  writeDocument,
  type ListDocument,
  type Resource,
  type ResourceIdentifier,
  type SingleDocument,
} from './jsonapi';

/** Back-office §9: choosing "all" (-1) asks for 10000 rows. */
export const ALL_ROWS = -1;

export interface ListParams {
  page: number;
  /** Rows per page; ALL_ROWS for every row. */
  per: number;
  /** `-created`, `name`, ...; the resource's default when absent. */
  sort?: string;
  /** API filters by name (`rego__icontains`, `status`, ...), sent as filter[name]. Empty values are left out. */
  filters?: Record<string, string | undefined>;
  include?: string;
  /** Sparse fieldsets: the attributes and relationships wanted of a type, sent as fields[type]; all when absent. */
  fields?: Record<string, readonly string[]>;
}

export interface ListAnswer<A extends object> {
  rows: Resource<A>[];
  included: IncludedIndex;
  count: number;
  pages: number;
}

function listQueryParams(params: ListParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    'page[number]': params.page,
    'page[size]': params.per === ALL_ROWS ? PAGE_SIZE_MAX : params.per,
  };
  if (params.sort) query.sort = params.sort;
  if (params.include) query.include = params.include;
  for (const [type, names] of Object.entries(params.fields ?? {})) query[`fields[${type}]`] = names.join(',');
  for (const [name, value] of Object.entries(params.filters ?? {})) {
    if (value !== undefined && value !== '') query[`filter[${name}]`] = value;
  }
  return query;
}

export async function fetchList<A extends object>(
  type: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListAnswer<A>> {
  const document = await apiRequest<ListDocument<A>>(type, { query: listQueryParams(params), signal });
  const pagination = document.meta?.pagination;
  return {
    rows: document.data,
    included: new IncludedIndex(document.included),
    count: pagination?.count ?? document.data.length,
    pages: pagination?.pages ?? 1,
  };
}

export interface OneAnswer<A extends object> {
  resource: Resource<A>;
  included: IncludedIndex;
}

export async function fetchOne<A extends object>(
  type: string,
  id: string,
  include?: string,
  signal?: AbortSignal,
): Promise<OneAnswer<A>> {
  const document = await apiRequest<SingleDocument<A>>(`${type}/${encodeURIComponent(id)}`, {
    query: include ? { include } : {},
    signal,
  });
  return { resource: document.data, included: new IncludedIndex(document.included) };
}

export interface SavePayload {
  attributes: Record<string, unknown>;
  /** To-one relationships by identifier (null clears); to-many ones as lists. */
  relationships?: Record<string, ResourceIdentifier | ResourceIdentifier[] | null>;
}

function saveDocument(type: string, payload: SavePayload, id?: string) {
  const single: Record<string, ResourceIdentifier | null> = {};
  const many: Record<string, { data: ResourceIdentifier[] }> = {};
  for (const [name, value] of Object.entries(payload.relationships ?? {})) {
    if (Array.isArray(value)) many[name] = { data: value };
    else single[name] = value;
  }
  const document = writeDocument(type, payload.attributes, { id, relationships: single });
  if (Object.keys(many).length) {
    const data = document.data as { relationships?: Record<string, unknown> };
    data.relationships = { ...(data.relationships ?? {}), ...many };
  }
  return document;
}

/** Create (no id) or update; answers the saved resource as the server presents it. */
export async function saveResource<A extends object>(
  type: string,
  payload: SavePayload,
  id?: string,
): Promise<Resource<A>> {
  const document = await apiRequest<SingleDocument<A>>(id ? `${type}/${encodeURIComponent(id)}` : type, {
    method: id ? 'PATCH' : 'POST',
    body: saveDocument(type, payload, id),
  });
  return document.data;
}

export async function deleteResource(type: string, id: string): Promise<void> {
  await apiRequest<unknown>(`${type}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `{type, id}` or null for an empty selection. */
export const ref = (type: string, id: string | null | undefined): ResourceIdentifier | null =>
  id ? { type, id } : null;

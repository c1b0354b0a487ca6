/**
 * The generic resource reads: list and read for any definition, with authorisation, row scoping, filters,
 * sorting, paging and compound documents. The writes (create, update, delete) are in writes.ts.
 */
import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import { isAdmin, isStaff, type RequestContext } from '../context';
import { errors } from './errors';
import { isDatabaseId } from '@parking/domain/api-values';
import { parseInclude, parseListQuery, single, type ListQuery, type RawQuery } from './query';
import type { Registry } from './registry';
import type { AccessRule, Action, AnyResource, AnyRow, JsonValue } from './resource';
import { keepFields, parseFieldsets, sparseSelection, type Fieldsets } from './sparse';

export interface ResourceObject {
  type: string;
  id: string;
  attributes: Record<string, JsonValue>;
  relationships?: Record<
    string,
    { data: { type: string; id: string } | null | Array<{ type: string; id: string }> }
  >;
}

export interface Document {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, JsonValue>;
}

export function allowed(rule: AccessRule | undefined, ctx: RequestContext): boolean {
  if (rule === undefined) return false;
  if (rule === 'anyone') return true;
  if (rule === 'authenticated') return ctx.user !== null;
  if (rule === 'staff') return isStaff(ctx.user);
  if (rule === 'admin') return isAdmin(ctx.user);
  return rule(ctx);
}

/** 405 when the type has no such action, 401 for anonymous callers, 403 for the rest. */
export function authorize(def: AnyResource, action: Action, ctx: RequestContext, method: string): void {
  const rule = def.access[action];
  if (rule === undefined) throw errors.methodNotAllowed(method);
  if (allowed(rule, ctx)) return;
  if (ctx.user) throw errors.forbidden();
  throw ctx.twoFactorSetupPending ? errors.twoFactorSetupRequired() : errors.unauthorized();
}

function fieldsOf(def: AnyResource): SelectedFields {
  return def.fields ?? getTableColumns(def.table);
}

function baseQuery(def: AnyResource, ctx: RequestContext, fields = fieldsOf(def)): PgSelect {
  const query = ctx.db.select(fields).from(def.table).$dynamic();
  return def.joins ? def.joins(query) : query;
}

function whereOf(def: AnyResource, ctx: RequestContext, extra: Array<SQL | undefined>): SQL | undefined {
  return and(def.scope?.(ctx), ...extra);
}

/** The one place rows become their definition's row type: the definition declares its fields. */
async function run(query: PgSelect): Promise<AnyRow[]> {
  return (await query) as AnyRow[];
}

export function rowId(def: AnyResource, row: AnyRow): number {
  const id = row[def.idColumn.name] ?? row.id;
  if (typeof id !== 'number') throw new Error(`Row of ${def.type} has no numeric id`);
  return id;
}

export function parseId(raw: string, notFound?: string): number {
  if (!isDatabaseId(raw)) throw errors.notFound(notFound);
  return Number(raw);
}

export async function fetchByIds(def: AnyResource, ctx: RequestContext, ids: number[]): Promise<AnyRow[]> {
  if (ids.length === 0) return [];
  return run(baseQuery(def, ctx).where(whereOf(def, ctx, [inArray(def.idColumn, ids)])));
}

export async function fetchOne(
  def: AnyResource,
  ctx: RequestContext,
  id: number,
  options: { unscoped?: boolean } = {},
): Promise<AnyRow> {
  const where = options.unscoped ? eq(def.idColumn, id) : whereOf(def, ctx, [eq(def.idColumn, id)]);
  const rows = await run(baseQuery(def, ctx).where(where).limit(1));
  const row = rows[0];
  if (!row) throw errors.notFound(def.notFound);
  return row;
}

/**
 * Serializes rows, loading to-many linkage for all of them at once. `only`: the fields a sparse fieldset asked
 * for; `linked`: relationships whose linkage is built even so (an include follows it), removed before answering.
 */
export async function serialize(
  def: AnyResource,
  ctx: RequestContext,
  rows: AnyRow[],
  only?: ReadonlySet<string>,
  linked: readonly string[] = [],
): Promise<ResourceObject[]> {
  const ids = rows.map((row) => rowId(def, row));
  const wanted = Object.entries(def.relationships ?? {}).filter(
    ([name]) => !only || only.has(name) || linked.includes(name),
  );
  const many = new Map<string, Map<number, number[]>>();
  for (const [name, rel] of wanted) {
    if (rel.kind === 'many') many.set(name, await rel.load(ctx, ids));
  }
  return rows.map((row, index) => {
    const id = ids[index] ?? 0;
    // A definition declaring `sparse` computes only the fields asked for; the others are cut here.
    const computed = def.attributes(row, ctx, only);
    const attributes = def.sparse ? computed : keepFields(computed, only);
    const object: ResourceObject = { type: def.type, id: String(id), attributes };
    const relationships: NonNullable<ResourceObject['relationships']> = {};
    for (const [name, rel] of wanted) {
      if (rel.kind === 'one') {
        const value = row[rel.key];
        relationships[name] = {
          data: typeof value === 'number' ? { type: rel.type, id: String(value) } : null,
        };
      } else {
        relationships[name] = {
          data: (many.get(name)?.get(id) ?? []).map((related) => ({ type: rel.type, id: String(related) })),
        };
      }
    }
    if (Object.keys(relationships).length) object.relationships = relationships;
    return object;
  });
}

/** The relationship an include path starts with. */
const headOf = (path: string) => path.split('.')[0] ?? path;

/**
 * The objects without the relationships an include needed but the sparse fieldset did not ask for (their
 * linkage was built for the include to follow).
 */
function withoutUnaskedLinks(objects: ResourceObject[], only: ReadonlySet<string>, linked: string[]): void {
  const unasked = linked.filter((name) => !only.has(name));
  if (unasked.length === 0) return;
  for (const object of objects) {
    if (!object.relationships) continue;
    for (const name of unasked) delete object.relationships[name];
    if (Object.keys(object.relationships).length === 0) delete object.relationships;
  }
}

/** Validates include paths against the definitions before any query runs. */
function checkIncludes(def: AnyResource, registry: Registry, paths: string[]): void {
  for (const path of paths) {
    let current: AnyResource | undefined = def;
    for (const name of path.split('.')) {
      const rel: NonNullable<AnyResource['relationships']>[string] | undefined =
        current?.relationships?.[name];
      if (!rel) throw errors.parameter(`Invalid include path "${path}".`, 'include');
      current = registry.find(rel.type);
    }
  }
}

/** Builds `included`: related rows the caller may see, each once, following dotted paths. */
async function loadIncluded(
  def: AnyResource,
  ctx: RequestContext,
  registry: Registry,
  primary: ResourceObject[],
  paths: string[],
  fieldsets: Fieldsets = new Map(),
): Promise<ResourceObject[]> {
  const seen = new Set(primary.map((object) => `${object.type}:${object.id}`));
  const included: ResourceObject[] = [];
  const tree = new Map<string, string[]>();
  for (const path of paths) {
    const [head = '', ...rest] = path.split('.');
    const children = tree.get(head) ?? [];
    if (rest.length) children.push(rest.join('.'));
    tree.set(head, children);
  }
  for (const [name, nested] of tree) {
    const rel = def.relationships?.[name];
    if (!rel) continue;
    const related = registry.get(rel.type);
    const ids = new Set<number>();
    for (const object of primary) {
      const linkage = object.relationships?.[name]?.data;
      for (const item of Array.isArray(linkage) ? linkage : linkage ? [linkage] : [])
        ids.add(Number(item.id));
    }
    // Related rows are read through their own definition, so its access rule and row scope apply.
    if (!allowed(related.access.read, ctx)) continue;
    const rows = await fetchByIds(related, ctx, [...ids]);
    const only = fieldsets.get(related.type);
    const objects = await serialize(related, ctx, rows, only, nested.map(headOf));
    for (const object of objects) {
      const key = `${object.type}:${object.id}`;
      if (!seen.has(key)) {
        seen.add(key);
        included.push(object);
      }
    }
    const nestedObjects = nested.length
      ? await loadIncluded(related, ctx, registry, objects, nested, fieldsets)
      : [];
    if (only) withoutUnaskedLinks(objects, only, nested.map(headOf));
    if (nestedObjects.length) {
      for (const object of nestedObjects) {
        const key = `${object.type}:${object.id}`;
        if (!seen.has(key)) {
          seen.add(key);
          included.push(object);
        }
      }
    }
  }
  return included;
}

export interface ListOptions {
  extraParams?: readonly string[];
  /** Additional conditions from a special route (e.g. a named sub-collection). */
  where?: SQL[];
  /** Skip counting the matching rows (a reader going page by page until one comes short): total is then -1. */
  uncounted?: boolean;
  /** Only these columns (a printed report's) instead of every field: the rows are then this selection's. */
  fields?: SelectedFields;
}

export interface RowPage {
  query: ListQuery;
  fieldsets: Fieldsets;
  rows: AnyRow[];
  /** Rows matching the filters, over all pages (-1 when asked uncounted). */
  total: number;
}

/**
 * One page of a list request as rows: the filters, sort, paging and row scope of `listResources`
 * for callers that render rows themselves (documents) rather than serialize them.
 */
export async function listRows(
  def: AnyResource,
  ctx: RequestContext,
  registry: Registry,
  rawQuery: RawQuery,
  options: ListOptions = {},
): Promise<RowPage> {
  const query = parseListQuery(def, rawQuery, ctx, options.extraParams);
  checkIncludes(def, registry, query.include);
  const fieldsets = parseFieldsets(rawQuery, registry);
  const only = fieldsets.get(def.type);
  const fields = options.fields ?? (only && sparseSelection(def, only, query.include.map(headOf)));
  const where = whereOf(def, ctx, [...query.where, ...(options.where ?? [])]);
  const countQuery = ctx.db.select({ count: count() }).from(def.table).$dynamic();
  const [{ count: total = 0 } = { count: 0 }] = options.uncounted
    ? [{ count: -1 }]
    : ((await (def.joins ? def.joins(countQuery) : countQuery).where(where)) as Array<{ count: number }>);
  const order = query.sort.flatMap(({ name, desc: descending }) => {
    const column = def.sorts?.[name];
    return column ? [descending ? desc(column) : asc(column)] : [];
  });
  order.push(asc(def.idColumn)); // a stable order, so that pages never repeat or skip rows
  const rows = await run(
    baseQuery(def, ctx, fields)
      .where(where)
      .orderBy(...order)
      .limit(query.page.size)
      .offset((query.page.number - 1) * query.page.size),
  );
  return { query, fieldsets, rows, total };
}

export async function listResources(
  def: AnyResource,
  ctx: RequestContext,
  registry: Registry,
  rawQuery: RawQuery,
  options: ListOptions = {},
): Promise<Document> {
  const { query, fieldsets, rows, total } = await listRows(def, ctx, registry, rawQuery, options);
  const only = fieldsets.get(def.type);
  const linked = query.include.map(headOf);
  const data = await serialize(def, ctx, rows, only, linked);
  const included = await loadIncluded(def, ctx, registry, data, query.include, fieldsets);
  if (only) withoutUnaskedLinks(data, only, linked);
  return {
    data,
    ...(query.include.length ? { included } : {}),
    meta: {
      pagination: {
        count: total,
        page: query.page.number,
        pages: Math.max(1, Math.ceil(total / query.page.size)),
      },
    },
  };
}

export async function readResource(
  def: AnyResource,
  ctx: RequestContext,
  registry: Registry,
  id: number,
  rawQuery: RawQuery,
  /** `row`: the row already read (as the definition's fields read it), e.g. by the statement that created it. */
  options: { unscoped?: boolean; row?: AnyRow | undefined } = {},
): Promise<Document> {
  // Parsed as a list's include is: a repeated include was silently ignored here before.
  const include = parseInclude(single(rawQuery, 'include'));
  for (const key of Object.keys(rawQuery)) {
    if (key !== 'include' && key !== '_' && !key.startsWith('fields[')) {
      throw errors.parameter(`Unknown query parameter "${key}".`, key);
    }
  }
  checkIncludes(def, registry, include);
  const fieldsets = parseFieldsets(rawQuery, registry);
  const only = fieldsets.get(def.type);
  const row = options.row ?? (await fetchOne(def, ctx, id, options));
  const linked = include.map(headOf);
  const [data] = await serialize(def, ctx, [row], only, linked);
  if (!data) throw errors.notFound(def.notFound);
  const included = await loadIncluded(def, ctx, registry, [data], include, fieldsets);
  if (only) withoutUnaskedLinks([data], only, linked);
  return { data, ...(include.length ? { included } : {}) };
}

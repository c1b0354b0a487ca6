/**
 * JSON:API sparse fieldsets (`fields[bookings]=firstName,lastName,lot`): a caller names the attributes and
 * relationships it wants of a type, and the answer's objects of that type carry only those. A definition that
 * declares `sparse` (its attribute names and what each computed one reads) is also read narrowly: only the
 * columns the named fields need are selected, and only those attributes computed. The diary's thousand bookings
 * are read that way.
 */
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { getTableColumns } from 'drizzle-orm';
import type { RequestContext } from '../context';
import { errors } from './errors';
import type { RawQuery } from './query';
import type { Registry } from './registry';
import type { AnyResource, JsonValue } from './resource';

/** The fields asked for, by type; a type not named is answered whole. */
export type Fieldsets = ReadonlyMap<string, ReadonlySet<string>>;

const FIELDS_PARAM = /^fields\[(.*)\]$/;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** The `fields[type]` parameters of a query, each checked against the type's attributes and relationships. */
export function parseFieldsets(query: RawQuery, registry: Registry): Fieldsets {
  const fieldsets = new Map<string, ReadonlySet<string>>();
  for (const [param, value] of Object.entries(query)) {
    const type = FIELDS_PARAM.exec(param)?.[1];
    if (type === undefined || value === undefined) continue;
    if (Array.isArray(value)) throw errors.parameter(`Parameter "${param}" may only be given once.`, param);
    const def = registry.find(type);
    if (!def) throw errors.parameter(`Unknown resource type "${type}".`, param);
    // An empty list is allowed: the objects of that type then carry no fields (their type and id only).
    const names = value === '' ? [] : value.split(',');
    for (const name of names) {
      if (!FIELD_NAME.test(name) || !isFieldOf(def, name))
        throw errors.parameter(`Unknown field "${name}" of "${type}".`, param);
    }
    fieldsets.set(type, new Set(names));
  }
  return fieldsets;
}

/**
 * Whether `name` is one of the definition's fields. Without a declared list of attributes any name is taken
 * (the answer then simply has no such field); a relationship is always known.
 */
function isFieldOf(def: AnyResource, name: string): boolean {
  if (def.relationships && Object.hasOwn(def.relationships, name)) return true;
  return def.sparse ? def.sparse.attributes.includes(name) : true;
}

/**
 * The columns a narrow read of `def` selects for the fields `only` (plus the relationships `linked` needs for
 * its includes): the id, each named attribute's own column or the columns it declares it reads, and each to-one
 * relationship's key. Undefined when the definition does not declare its attributes (read whole).
 */
export function sparseSelection(
  def: AnyResource,
  only: ReadonlySet<string>,
  linked: readonly string[],
): SelectedFields | undefined {
  if (!def.sparse) return undefined;
  const all = def.fields ?? getTableColumns(def.table);
  const idKey = Object.entries(all).find(([, field]) => field === def.idColumn)?.[0] ?? 'id';
  const keys = new Set<string>([idKey]);
  for (const name of [...only, ...linked]) {
    const relationship = def.relationships?.[name];
    if (relationship) {
      if (relationship.kind === 'one') keys.add(relationship.key);
      continue;
    }
    for (const key of def.sparse.reads?.[name] ?? [name]) keys.add(key);
  }
  const selection: SelectedFields = {};
  for (const key of keys) {
    const field = all[key];
    if (field === undefined) throw new Error(`${def.type}: sparse field "${key}" is not one of its fields`);
    selection[key] = field;
  }
  return selection;
}

/** An object's attributes or relationships keeping only the fields asked for (all when none were). */
export function keepFields<Value>(
  values: Record<string, Value>,
  only: ReadonlySet<string> | undefined,
): Record<string, Value> {
  if (!only) return values;
  const kept: Record<string, Value> = {};
  for (const [name, value] of Object.entries(values)) if (only.has(name)) kept[name] = value;
  return kept;
}

/** One function per attribute, computing it from the row: the attributes a sparse fieldset names are all computed. */
export type AttributeReaders<Row, Attributes> = {
  [Name in keyof Attributes]-?: (row: Row, ctx: RequestContext) => Exclude<Attributes[Name], undefined>;
};

/**
 * Writes the attributes of `row` by its readers into `into`: those named in `only` when a sparse fieldset named
 * some (a name not among these readers is another table's), every one otherwise.
 */
export function computeAttributes<Row>(
  readers: Record<string, (row: Row, ctx: RequestContext) => JsonValue>,
  row: Row,
  ctx: RequestContext,
  only: ReadonlySet<string> | undefined,
  into: Record<string, JsonValue> = {},
): Record<string, JsonValue> {
  if (only) {
    for (const name of only) {
      if (Object.hasOwn(readers, name)) into[name] = (readers[name] as (typeof readers)[string])(row, ctx);
    }
  } else {
    for (const name in readers) into[name] = (readers[name] as (typeof readers)[string])(row, ctx);
  }
  return into;
}

/**
 * The generic resource writes: create, update and delete for any definition. A definition's own create, update
 * or remove takes over; otherwise its write schema reads the attributes and each to-one relationship sent must
 * name a row the caller can see. A unique violation is reported on the field it concerns.
 */
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../context';
import { driverError, violatedUnique } from '../db/unique-violation';
import { isDatabaseId } from '@parking/domain/api-values';
import { readAttributes, type WriteDocument } from './document';
import { fetchByIds, rowId } from './engine';
import { ApiError, errors } from './errors';
import type { Registry } from './registry';
import type { AnyResource, AnyRow } from './resource';

/** Checks each relationship target exists and is visible to the caller; answers column values. */
async function relationshipValues(
  def: AnyResource,
  ctx: RequestContext,
  registry: Registry,
  doc: WriteDocument,
  creating: boolean,
): Promise<Record<string, unknown>> {
  const spec = def.write?.relationships ?? {};
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(doc.relationships)) {
    const rel = spec[name];
    const pointer = `/data/relationships/${name}`;
    if (!rel) throw errors.invalid(`Unknown or read-only relationship "${name}".`, pointer);
    if (Array.isArray(value)) throw errors.invalid('Expected a single resource identifier.', pointer);
    if (value === null) {
      if (rel.required) throw errors.invalid('This field may not be null.', pointer, 'null');
      values[rel.key] = null;
      continue;
    }
    const target = registry.get(rel.type);
    const id = isDatabaseId(value) ? Number(value) : NaN;
    const found = Number.isNaN(id) ? [] : await fetchByIds(target, ctx, [id]);
    if (!found.length) throw errors.doesNotExist(value, pointer);
    values[rel.key] = id;
  }
  if (creating) {
    for (const [name, rel] of Object.entries(spec)) {
      if (rel.required && values[rel.key] === undefined) {
        throw errors.invalid('This field is required.', `/data/relationships/${name}`, 'required');
      }
    }
  }
  return values;
}

async function genericValues(
  def: AnyResource,
  ctx: RequestContext,
  registry: Registry,
  doc: WriteDocument,
  existing: AnyRow | undefined,
): Promise<Record<string, unknown>> {
  const write = def.write;
  if (!write) throw errors.methodNotAllowed(existing ? 'PATCH' : 'POST');
  const schema = existing ? (write.updateSchema ?? partialOf(write.schema)) : write.schema;
  const attributes = readAttributes(schema, doc, { sentOnly: existing !== undefined });
  const values = { ...attributes, ...(await relationshipValues(def, ctx, registry, doc, !existing)) };
  return write.prepare ? write.prepare(ctx, values, existing) : values;
}

function partialOf(schema: NonNullable<AnyResource['write']>['schema']) {
  if ('partial' in schema && typeof schema.partial === 'function') {
    return (schema as unknown as { partial(): typeof schema }).partial();
  }
  return schema;
}

/** A unique violation names its constraint: report it on the field the definition maps it to. */
export async function mapUnique<T>(
  def: Pick<AnyResource, 'uniqueErrors'>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = violatedUnique(error);
    const mapped = constraint === undefined ? undefined : def.uniqueErrors?.[constraint];
    if (mapped) throw errors.invalid(mapped.detail, mapped.field, 'unique');
    throw driverError(error);
  }
}

export async function createResource(
  def: AnyResource,
  ctx: RequestContext,
  registry: Registry,
  doc: WriteDocument,
): Promise<number> {
  if (def.create) return def.create(ctx, doc);
  const values = await genericValues(def, ctx, registry, doc, undefined);
  const [row] = await mapUnique(
    def,
    async () => (await ctx.db.insert(def.table).values(values).returning()) as AnyRow[],
  );
  if (!row) throw new ApiError(500, []);
  return rowId(def, row);
}

export async function updateResource(
  def: AnyResource,
  ctx: RequestContext,
  registry: Registry,
  row: AnyRow,
  doc: WriteDocument,
): Promise<void> {
  if (def.update) return def.update(ctx, row, doc);
  const values = await genericValues(def, ctx, registry, doc, row);
  if (Object.keys(values).length === 0) return;
  await mapUnique(def, () =>
    ctx.db
      .update(def.table)
      .set(values)
      .where(eq(def.idColumn, rowId(def, row))),
  );
}

export async function deleteResource(def: AnyResource, ctx: RequestContext, row: AnyRow): Promise<void> {
  if (def.remove) return def.remove(ctx, row);
  await ctx.db.delete(def.table).where(eq(def.idColumn, rowId(def, row)));
}

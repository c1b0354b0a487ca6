/**
 * To-many relationships. The generic layer reads them (`ToMany.load`) but writes only to-one
 * relationships, so a resource with a writable list of ids (a blockout's extras, an exceptional
 * day's unavailable extras) uses `linkedWrite` for its create and update.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ZodType } from 'zod';
import type { RequestContext } from '../context';
import { readAttributes, type RelationshipValue, type WriteDocument } from './document';
import { mapUnique } from './writes';
import { errors } from './errors';
import { isDatabaseId } from '@parking/domain/api-values';
import type { ResourceDefinition, ToMany } from './resource';

function byOwner(rows: Array<{ owner: unknown; target: unknown }>): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const { owner, target } of rows) {
    const list = map.get(Number(owner)) ?? [];
    list.push(Number(target));
    map.set(Number(owner), list);
  }
  return map;
}

/** Read-only one-to-many: the rows of `table` whose `owner` column points at each owner (a day's rates). */
export function hasMany(
  type: string,
  table: PgTable,
  columns: { id: AnyPgColumn; owner: AnyPgColumn; orderBy?: SQL | AnyPgColumn },
): ToMany {
  return {
    kind: 'many',
    type,
    async load(ctx, ids) {
      if (ids.length === 0) return new Map();
      const rows = await ctx.db
        .select({ owner: columns.owner, target: columns.id })
        .from(table)
        .where(inArray(columns.owner, ids))
        .orderBy(asc(columns.orderBy ?? columns.id), asc(columns.id));
      return byOwner(rows);
    },
  };
}

/** A many-to-many through a join table. */
export type JoinTable = {
  /** The related JSON:API type. */
  type: string;
  table: PgTable;
  owner: AnyPgColumn;
  target: AnyPgColumn;
  /** A join row's insert values. */
  row(ownerId: number, targetId: number): Record<string, unknown>;
  related: {
    table: PgTable;
    id: AnyPgColumn;
    /** Related rows this caller may see (the related definition's scope): others are not linked. */
    visible?(ctx: RequestContext): SQL | undefined;
  };
};

export function manyToMany(join: JoinTable): ToMany {
  return {
    kind: 'many',
    type: join.type,
    async load(ctx, ids) {
      if (ids.length === 0) return new Map();
      const rows = await ctx.db
        .select({ owner: join.owner, target: join.target })
        .from(join.table)
        .innerJoin(join.related.table, eq(join.related.id, join.target))
        .where(and(inArray(join.owner, ids), join.related.visible?.(ctx)))
        .orderBy(asc(join.target));
      return byOwner(rows);
    },
  };
}

/** The ids sent for a to-many relationship, each checked to exist and be visible to the caller. */
async function linkedIds(
  ctx: RequestContext,
  join: JoinTable,
  name: string,
  value: RelationshipValue,
): Promise<number[]> {
  const pointer = `/data/relationships/${name}`;
  if (!Array.isArray(value)) throw errors.invalid('Expected a list of resource identifiers.', pointer);
  const wellFormed = [...new Set(value.filter((id) => isDatabaseId(id)).map(Number))];
  const found = wellFormed.length
    ? await ctx.db
        .select({ id: join.related.id })
        .from(join.related.table)
        .where(and(inArray(join.related.id, wellFormed), join.related.visible?.(ctx)))
    : [];
  const existing = new Set(found.map((row) => Number(row.id)));
  const missing = value.find((id) => !existing.has(Number(id)));
  if (missing !== undefined) throw errors.doesNotExist(missing, pointer);
  return wellFormed;
}

/** Makes the owner's links exactly `ids` (inside the caller's transaction). */
async function replaceLinks(
  ctx: RequestContext,
  join: JoinTable,
  ownerId: number,
  ids: readonly number[],
): Promise<void> {
  await ctx.db.delete(join.table).where(eq(join.owner, ownerId));
  if (ids.length) await ctx.db.insert(join.table).values(ids.map((id) => join.row(ownerId, id)));
}

export type LinkedWrite<Row> = {
  table: PgTable;
  idColumn: AnyPgColumn;
  schema: ZodType<Record<string, unknown>>;
  /** Validates a PATCH's attributes (a refined schema has no `.partial()`). */
  updateSchema: ZodType<Record<string, unknown>>;
  links: Record<string, JoinTable>;
  uniqueErrors?: ResourceDefinition<Row>['uniqueErrors'];
  /**
   * Row rules over the values merged with the stored row (a PATCH's schema sees only the fields
   * sent); may change the links to write, by name.
   */
  prepare?(values: Record<string, unknown>, links: Map<string, number[]>, existing: Row | undefined): void;
};

async function readWrite<Row>(
  ctx: RequestContext,
  options: LinkedWrite<Row>,
  doc: WriteDocument,
  existing: Row | undefined,
) {
  const values = readAttributes(existing ? options.updateSchema : options.schema, doc, {
    sentOnly: existing !== undefined,
  });
  const links = new Map<string, number[]>();
  for (const [name, value] of Object.entries(doc.relationships)) {
    const join = options.links[name];
    if (!join)
      throw errors.invalid(`Unknown or read-only relationship "${name}".`, `/data/relationships/${name}`);
    links.set(name, await linkedIds(ctx, join, name, value));
  }
  options.prepare?.(values, links, existing);
  return { values, links };
}

async function writeLinks<Row>(
  ctx: RequestContext,
  options: LinkedWrite<Row>,
  ownerId: number,
  links: Map<string, number[]>,
) {
  for (const [name, ids] of links) {
    const join = options.links[name];
    if (join) await replaceLinks(ctx, join, ownerId, ids);
  }
}

/** Create and update hooks for attributes plus writable to-many links, in the request's transaction. */
export function linkedWrite<Row extends { id: number }>(
  options: LinkedWrite<Row>,
): Required<Pick<ResourceDefinition<Row>, 'create' | 'update'>> {
  return {
    async create(ctx, doc) {
      const { values, links } = await readWrite(ctx, options, doc, undefined);
      const [row] = await mapUnique(options, () =>
        ctx.db.insert(options.table).values(values).returning({ id: options.idColumn }),
      );
      const id = Number(row?.id);
      await writeLinks(ctx, options, id, links);
      return id;
    },
    async update(ctx, row, doc) {
      const { values, links } = await readWrite(ctx, options, doc, row);
      if (Object.keys(values).length) {
        await mapUnique(options, () =>
          ctx.db.update(options.table).set(values).where(eq(options.idColumn, row.id)),
        );
      }
      await writeLinks(ctx, options, row.id, links);
    },
  };
}

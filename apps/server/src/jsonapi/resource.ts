/**
 * A resource definition: everything the generic layer needs to list, read, create, update and
 * delete one JSON:API type. A new resource is mostly one of these, not new plumbing.
 */
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { ZodType } from 'zod';
import type { ApiJson } from '@parking/domain/api-contract/json';
import type { RequestContext } from '../context';
import type { WriteDocument } from './document';

/** Any JSON value an answer holds (the domain's ApiJson: services write theirs without this layer). */
export type JsonValue = ApiJson;

/**
 * What a create answers: the new row's id; attributes only its 201 carries (the online booking's clientSecret); and
 * the row as `fields` reads it when the create's work read it anyway (the 201 is then not read again).
 */
interface Created<Row> {
  id: number;
  attributes?: Record<string, JsonValue>;
  row?: Row | undefined;
}

/** Runs a create's writes in one transaction, audited when staff make them (http/resource-routes.ts). */
export type SaveCreate = (work: (tx: RequestContext) => Promise<number>) => Promise<number>;

/** Who may do an action. A function sees the request context; rows are limited by `scope`. */
export type AccessRule = 'anyone' | 'authenticated' | 'staff' | 'admin' | ((ctx: RequestContext) => boolean);
export type Action = 'list' | 'read' | 'create' | 'update' | 'delete';

interface ToOne {
  kind: 'one';
  type: string;
  /** The row's key holding the related id. */
  key: string;
}

export interface ToMany {
  kind: 'many';
  type: string;
  /** Related ids for each of the given row ids, in one query. */
  load(ctx: RequestContext, ids: number[]): Promise<Map<number, number[]>>;
}

type Relationship = ToOne | ToMany;

export type ValueKind = 'string' | 'int' | 'bool' | 'date' | 'datetime' | 'decimal';
export type FilterOp = 'eq' | 'in' | 'gte' | 'lte' | 'gt' | 'lt' | 'isnull' | 'icontains';

export type FilterSpec =
  | { kind: 'column'; column: AnyPgColumn; value: ValueKind; ops?: FilterOp[]; choices?: readonly string[] }
  | { kind: 'custom'; apply(value: string, ctx: RequestContext): SQL | undefined };

interface WriteRelationship {
  key: string;
  type: string;
  required?: boolean;
}

/** The generic create/update: attributes validated by `schema`, relationships mapped to columns. */
interface WriteSpec<Row> {
  /** Validates `data.attributes` on create; `.partial()` of it validates a PATCH. */
  schema: ZodType<Record<string, unknown>>;
  updateSchema?: ZodType<Record<string, unknown>>;
  relationships?: Record<string, WriteRelationship>;
  /** Last look at the values before they are written: row rules, defaults, authorisation of values. */
  prepare?(
    ctx: RequestContext,
    values: Record<string, unknown>,
    existing: Row | undefined,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
}

export interface ResourceDefinition<Row> {
  type: string;
  table: PgTable;
  idColumn: AnyPgColumn;
  /** Columns read for each row (defaults to the table's); add joined or computed fields here. */
  fields?: SelectedFields;
  joins?(query: PgSelect): PgSelect;
  /**
   * Serializer: the only fields clients ever see. `only`: the attributes a sparse fieldset asked for (jsonapi/
   * sparse.ts); a definition that declares `sparse` computes just those, from a row holding just their columns.
   */
  attributes(row: Row, ctx: RequestContext, only?: ReadonlySet<string>): Record<string, JsonValue>;
  /**
   * Declared for a narrow read under a sparse fieldset: every attribute's name, and for each attribute that is not
   * its own field of the row, the row's fields it reads.
   */
  sparse?: { attributes: readonly string[]; reads?: Record<string, readonly string[]> };
  relationships?: Record<string, Relationship>;
  filters?: Record<string, FilterSpec>;
  sorts?: Record<string, AnyPgColumn | SQL>;
  defaultSort?: string;
  access: Partial<Record<Action, AccessRule>>;
  /** Rows this user may see at all; others are simply not found. */
  scope?(ctx: RequestContext): SQL | undefined;
  write?: WriteSpec<Row>;
  /**
   * Abuse limits for a create, checked before the write's transaction: the counts must outlive a
   * rolled-back request, and PGlite cannot use the outer connection inside a transaction.
   */
  throttle?(ctx: RequestContext, doc: WriteDocument): Promise<void>;
  /**
   * A create writes only tables that what an instance holds in memory (pricing/held-snapshot.ts) either does not
   * read or hears of through the change feed: after it, the held data waits for the feed instead of being dropped
   * (http/route.ts, writesAnnounced). The online booking: a booking every few seconds must not empty the quotes.
   */
  createAnnounced?: boolean;
  /** Replace the generic create, in the create's transaction; returns the new row's id. */
  create?(ctx: RequestContext, doc: WriteDocument): Promise<number>;
  /**
   * Replace the generic create with a use case that owns its transaction: `save` runs writes in the create's
   * transaction (audited when staff make them); a use case that works with the outside world once its write has
   * committed (the online booking opens its card payment: never while its lot is locked) opens its own
   * transaction and does that after it.
   */
  createCommand?(ctx: RequestContext, doc: WriteDocument, save: SaveCreate): Promise<Created<Row>>;
  update?(ctx: RequestContext, row: Row, doc: WriteDocument): Promise<void>;
  remove?(ctx: RequestContext, row: Row): Promise<void>;
  /** Unique constraint name to the attribute and message it reports. */
  uniqueErrors?: Record<string, { field: string; detail: string }>;
  /** "Rates not found", "Booking not found"... as the back office words it. */
  notFound?: string;
}

// Method parameters are bivariant, so a definition for a concrete row type is a ResourceDefinition<AnyRow>.
export type AnyRow = Record<string, unknown>;
export type AnyResource = ResourceDefinition<AnyRow>;

/** Parses and validates a list request's query string: filter, sort, page, include. */
import { eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@parking/domain/constants';
import { isCountableInstant } from '@parking/domain/dates';
import type { RequestContext } from '../context';
import { containsPattern } from '../db/like-pattern';
import { errors } from './errors';
import type { AnyResource, FilterOp, FilterSpec, ValueKind } from './resource';

export type RawQuery = Record<string, string | string[] | undefined>;

export interface ListQuery {
  where: SQL[];
  sort: Array<{ name: string; desc: boolean }>;
  page: { number: number; size: number };
  include: string[];
}

const OPS: FilterOp[] = ['in', 'gte', 'lte', 'gt', 'lt', 'isnull', 'icontains'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INT = /^-?\d{1,15}$/;
const DECIMAL = /^-?\d{1,12}(\.\d{1,6})?$/;

/** One value of a query parameter; a repeated parameter is ambiguous and refused. */
export function single(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw errors.parameter(`Parameter "${name}" may only be given once.`, name);
  return value;
}

export function isValidDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** Turns a query-string value into the JS value a column comparison takes. */
export function parseValue(
  kind: ValueKind,
  raw: string,
  parameter: string,
): string | number | boolean | Date {
  const bad = (what: string) => errors.parameter(`"${raw}" is not a valid ${what}.`, parameter);
  switch (kind) {
    case 'string':
      return raw;
    case 'int':
      if (!INT.test(raw)) throw bad('integer');
      return Number(raw);
    case 'decimal':
      if (!DECIMAL.test(raw)) throw bad('number');
      return raw;
    case 'bool': {
      const lowered = raw.toLowerCase();
      if (lowered === 'true' || lowered === '1') return true;
      if (lowered === 'false' || lowered === '0') return false;
      throw bad('boolean');
    }
    case 'date':
      if (!isValidDate(raw)) throw bad('date (YYYY-MM-DD)');
      return raw;
    case 'datetime': {
      if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw))
        throw bad('datetime');
      const date = new Date(raw.replace(' ', 'T'));
      if (Number.isNaN(date.getTime()) || !isCountableInstant(date)) throw bad('datetime');
      return date;
    }
  }
}

function columnFilter(
  spec: Extract<FilterSpec, { kind: 'column' }>,
  op: FilterOp,
  raw: string,
  parameter: string,
): SQL {
  const allowed = spec.ops ?? ['eq', 'in'];
  if (!allowed.includes(op))
    throw errors.parameter(`Filter operator "${op}" is not supported here.`, parameter);
  const checkChoice = (value: string) => {
    if (spec.choices && !spec.choices.includes(value)) {
      throw errors.parameter(`"${value}" is not one of the available choices.`, parameter);
    }
    return value;
  };
  const one = () => {
    const value = parseValue(spec.value, raw, parameter);
    if (typeof value === 'string') checkChoice(value);
    return value;
  };
  const col = spec.column;
  switch (op) {
    case 'eq':
      return eq(col, one());
    case 'in': {
      const values = raw.split(',').filter((part) => part !== '');
      if (values.length === 0) throw errors.parameter('Give at least one value.', parameter);
      if (values.length > 1000) throw errors.parameter('Too many values.', parameter);
      return inArray(
        col,
        values.map((part) => {
          const value = parseValue(spec.value, part, parameter);
          return typeof value === 'string' ? checkChoice(value) : value;
        }),
      );
    }
    case 'gte':
      return gte(col, one());
    case 'lte':
      return lte(col, one());
    case 'gt':
      return gt(col, one());
    case 'lt':
      return lt(col, one());
    case 'isnull':
      return parseValue('bool', raw, parameter) ? isNull(col) : isNotNull(col);
    case 'icontains':
      return ilike(col, containsPattern(raw));
  }
}

const FILTER_PARAM = /^filter\[([A-Za-z0-9_.]+)\]$/;
const KNOWN = new Set(['sort', 'include', 'page[number]', 'page[size]', '_']);

export function parseListQuery(
  def: AnyResource,
  query: RawQuery,
  ctx: RequestContext,
  extraParams: readonly string[] = [],
): ListQuery {
  const where: SQL[] = [];
  for (const [param, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) throw errors.parameter(`Parameter "${param}" may only be given once.`, param);
    if (KNOWN.has(param) || extraParams.includes(param) || param.startsWith('fields[')) continue;
    const match = FILTER_PARAM.exec(param);
    if (!match?.[1]) throw errors.parameter(`Unknown query parameter "${param}".`, param);
    const condition = filterSql(def, match[1], value, param, ctx);
    if (condition) where.push(condition);
  }
  return {
    where,
    sort: parseSort(def, single(query, 'sort')),
    page: parsePage(single(query, 'page[number]'), single(query, 'page[size]')),
    include: parseInclude(single(query, 'include')),
  };
}

function filterSql(
  def: AnyResource,
  name: string,
  raw: string,
  param: string,
  ctx: RequestContext,
): SQL | undefined {
  const filters = def.filters ?? {};
  const exact = filters[name];
  if (exact) {
    if (exact.kind === 'custom') return exact.apply(raw, ctx);
    return columnFilter(exact, 'eq', raw, param);
  }
  const split = name.lastIndexOf('__');
  if (split > 0) {
    const op = name.slice(split + 2) as FilterOp;
    const base = filters[name.slice(0, split)];
    if (base && OPS.includes(op)) {
      if (base.kind === 'custom')
        throw errors.parameter(`Filter operator "${op}" is not supported here.`, param);
      return columnFilter(base, op, raw, param);
    }
  }
  throw errors.parameter(`Unknown filter "${name}".`, param);
}

function parseSort(def: AnyResource, raw: string | undefined): ListQuery['sort'] {
  const text = raw ?? def.defaultSort;
  if (!text) return [];
  return text.split(',').map((part) => {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    if (!def.sorts?.[name]) throw errors.parameter(`Sorting by "${name}" is not supported.`, 'sort');
    return { name, desc };
  });
}

function parsePage(numberRaw: string | undefined, sizeRaw: string | undefined): ListQuery['page'] {
  const positive = (raw: string, parameter: string) => {
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
      throw errors.parameter(
        `"${raw}" is not a valid page ${parameter === 'page[size]' ? 'size' : 'number'}.`,
        parameter,
      );
    }
    return Number(raw);
  };
  const number = numberRaw === undefined ? 1 : positive(numberRaw, 'page[number]');
  const size = sizeRaw === undefined ? PAGE_SIZE_DEFAULT : positive(sizeRaw, 'page[size]');
  if (size > PAGE_SIZE_MAX)
    throw errors.parameter(`Page size may be at most ${PAGE_SIZE_MAX}.`, 'page[size]');
  return { number, size };
}

export function parseInclude(raw: string | undefined): string[] {
  if (raw === undefined || raw === '') return [];
  const paths = raw.split(',');
  for (const path of paths) {
    if (!/^[A-Za-z]+(\.[A-Za-z]+)*$/.test(path))
      throw errors.parameter(`Invalid include path "${path}".`, 'include');
  }
  return paths;
}

/**
 * `filter[name]=A,B` on a text[] column: rows holding any of the values, each one of `choices` (the customer
 * list's Permission Group: users holding any of the roles).
 */
export function anyOfFilter(column: AnyPgColumn, name: string, choices: readonly string[]): FilterSpec {
  return {
    kind: 'custom',
    apply: (value) => {
      const wanted = value.split(',').filter(Boolean);
      for (const one of wanted) {
        if (!choices.includes(one))
          throw errors.parameter(`"${one}" is not one of the available choices.`, `filter[${name}]`);
      }
      return wanted.length ? sql`${column} && ${sql.param(wanted)}::text[]` : undefined;
    },
  };
}

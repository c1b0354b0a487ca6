/**
 * Hostile input, the requests (fast-check): documents that look right at a glance or do not, hostile
 * ids, filters, sorts, pages and includes, and raw bodies no JSON:API client sends. Each arbitrary is
 * one kind of request the fuzz in jsonapi/hostile-input.test.ts sends by the thousand.
 */
import fc from 'fast-check';
import { JSONAPI } from './server';
import { API, type Request } from './hostile-input-harness';
import type { Action } from '../http/action';
import { encode, GETS, HOSTILE_STRINGS, hostileValue, NAMES, TYPES } from './hostile-input-values';

const attributes = fc.dictionary(
  fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 12 })),
  hostileValue,
  { maxKeys: 8 },
);
const relationships = fc.dictionary(
  fc.constantFrom(
    'lot',
    'vehicleType',
    'customer',
    'vehicle',
    'user',
    'price',
    'booking',
    'extras',
    'airlineOut',
    'owner',
    'day',
    'extra',
  ),
  fc.oneof(
    fc.record({
      data: fc.oneof(
        fc.constant(null),
        fc.record({
          type: fc.constantFrom(...TYPES),
          id: fc.oneof(
            fc.constantFrom('1', '2', '-1', '0', '99999999999999999999', 'abc'),
            fc.string({ maxLength: 20 }),
          ),
        }),
      ),
    }),
    hostileValue,
  ),
  { maxKeys: 3 },
);

/** A document that looks right at a glance, or does not. */
const documentOf = (type: string) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        data: fc.record(
          { type: fc.oneof(fc.constant(type), fc.constantFrom(...TYPES)), attributes, relationships },
          { requiredKeys: ['type'] },
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ data: fc.record({ type: fc.constant(type), id: hostileValue, attributes }) }),
    },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );

const ids = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '3',
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    '%00',
    "1' OR '1'='1",
    'null',
  ),
  fc.string({ maxLength: 30 }).map(encode),
);

const queryValue = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
);
const queryKey = fc.oneof(
  fc.constantFrom(
    'page[number]',
    'page[size]',
    'sort',
    'include',
    'start_date',
    'end_date',
    'filter[lot.slug__in]',
    'filter[email]',
    'filter[startDate]',
    'filter[customer_details]',
    'filter[id__in]',
    'filter[created__gte]',
    'filter[status__isnull]',
    'fields[bookings]',
    'path',
  ),
  fc.string({ maxLength: 15 }),
);
const query = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 5 })
  .map((pairs) => pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&'));

/** A declared action's path with each `:param` a hostile id (the capability ids and emails of its path too). */
const pathOf = (action: Action) =>
  fc
    .array(ids, {
      minLength: (action.path.match(/:\w+/g) ?? []).length,
      maxLength: (action.path.match(/:\w+/g) ?? []).length,
    })
    .map((values) => {
      let index = 0;
      return action.path.replace(/:\w+/g, () => values[index++] ?? '1');
    });

/** The route a request was made for: `POST manage-bookings/:id/changes/`, as the coverage check counts it. */
export const routeOf = (action: Pick<Action, 'method' | 'path'>) => `${action.method} ${action.path}`;

/** Writes to every resource and every declared action that is not a GET. */
export const writesTo = (actions: readonly Action[]): fc.Arbitrary<Request> =>
  fc.oneof(
    fc.record({ type: fc.constantFrom(...TYPES), admin: fc.boolean() }).chain(({ type, admin }) =>
      fc.oneof(
        documentOf(type).map((doc): Request => ({
          method: 'POST',
          url: `${API}/${type}/`,
          payload: JSON.stringify(doc),
          admin,
        })),
        fc.tuple(ids, documentOf(type)).map(([id, doc]): Request => ({
          method: 'PATCH',
          url: `${API}/${type}/${id}/`,
          payload: JSON.stringify(doc),
          admin,
        })),
        // Deletes only of ids no row has: the point is the id's parsing, not losing fixtures.
        fc
          .constantFrom('0', '-1', 'abc', '1.5', '99999999999999999999', '%27%20OR%201%3D1')
          .map((id): Request => ({ method: 'DELETE', url: `${API}/${type}/${id}/`, admin })),
      ),
    ),
    fc
      .record({
        action: fc.constantFrom(...actions.filter((action) => action.method !== 'GET')),
        admin: fc.boolean(),
      })
      .chain(({ action, admin }) =>
        fc.tuple(pathOf(action), documentOf(action.type ?? action.path)).map(([path, doc]): Request => ({
          method: action.method,
          url: `${API}/${path}`,
          payload: JSON.stringify(doc),
          admin,
          route: routeOf(action),
        })),
      ),
  );

/** Reads of every resource, the hand-picked GETs with their queries, and every declared GET action. */
export const readsOf = (actions: readonly Action[]): fc.Arbitrary<Request> =>
  fc.oneof(
    fc
      .record({
        action: fc.constantFrom(...actions.filter((action) => action.method === 'GET')),
        admin: fc.boolean(),
      })
      .chain(({ action, admin }) =>
        fc.tuple(pathOf(action), query).map(([path, q]): Request => ({
          method: 'GET',
          url: `${API}/${path}?${q}`,
          admin,
          route: routeOf(action),
        })),
      ),
    fc
      .tuple(fc.constantFrom(...TYPES.map((type) => `${type}/`), ...GETS), query, fc.boolean())
      .map(([path, q, admin]): Request => ({ method: 'GET', url: `${API}/${path}?${q}`, admin })),
    fc
      .tuple(fc.constantFrom(...TYPES), ids, query, fc.boolean())
      .map(([type, id, q, admin]): Request => ({ method: 'GET', url: `${API}/${type}/${id}/?${q}`, admin })),
    fc
      .tuple(ids, fc.boolean())
      .map(([id, admin]): Request => ({ method: 'GET', url: `${API}/bookings/${id}/invoice/`, admin })),
    fc
      .tuple(fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 300 })), fc.boolean())
      .map(([email, admin]): Request => ({
        method: 'GET',
        url: `${API}/anon-emails/${encode(email)}/`,
        admin,
      })),
  );

const HUGE = JSON.stringify({
  data: { type: 'contact-submissions', attributes: { message: 'x'.repeat(1_100_000) } },
});
const DEEP = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
const DEEP_ARRAY = `{"data":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;

/** Bytes no JSON:API client sends: other media types, broken JSON, duplicate keys, deep nesting, huge bodies. */
export const rawTo = (actions: readonly Action[]): fc.Arbitrary<Request> =>
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...TYPES.map((type) => `${type}/`)),
        ...actions.filter((action) => action.method !== 'GET' && action.type).map(pathOf),
      ),
      fc.oneof(
        fc.constantFrom(
          '{"data":{"type":"users","type":"bookings","attributes":{"email":"a@example.com","email":["x"]}}}',
          '{"data":{"type":"sessions","attributes":{"email":"a@example.com","password":"x"},"attributes":null}}',
          '{"data":',
          '',
          'null',
          '[]',
          '"string"',
          '{"__proto__":{"isAdmin":true},"data":{"type":"users","attributes":{"constructor":{"prototype":{"roles":["Admins"]}}}}}',
          HUGE,
          DEEP,
          DEEP_ARRAY,
        ),
        fc.string({ maxLength: 200 }),
        fc.string({ unit: 'binary', maxLength: 200 }),
      ),
      fc.constantFrom(
        JSONAPI,
        'application/json',
        `${JSONAPI}; ext=foo`,
        `${JSONAPI}; charset=utf-8`,
        'text/plain',
        'text/html',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        '',
      ),
      fc.constantFrom<Request['method']>('POST', 'PATCH'),
      fc.boolean(),
    )
    .map(([path, payload, contentType, method, admin]): Request => ({
      method,
      url: method === 'PATCH' ? `${API}/${path}1/` : `${API}/${path}`,
      payload,
      contentType,
      admin,
    }));

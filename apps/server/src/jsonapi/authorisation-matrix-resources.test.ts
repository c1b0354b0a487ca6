/**
 * The authorisation matrix, resources: every action on every registered resource type (list, read,
 * create, update, delete), for each caller, as the table says. Owned types are tried on customer A's
 * row. Writes send an empty document, so an allowed caller gets a validation error and changes nothing,
 * except deletes, which run last, Admins last of all. The table is test/authorisation-matrix-table.ts,
 * the checks test/authorisation-matrix-harness.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  call,
  check,
  expectNoProblems,
  targets,
  useMatrixServer,
} from '../test/authorisation-matrix-harness';
import { API, CALLERS, RESOURCES, type Action } from '../test/authorisation-matrix-table';

useMatrixServer();

describe('authorisation matrix', () => {
  it('lists, reads, creates and updates as the table says', async () => {
    let checks = 0;
    for (const [type, actions] of Object.entries(RESOURCES)) {
      const id = targets.get(type) ?? '';
      const member = `${API}/${type}/${id}/`;
      const tries: Array<[Action, string, string, unknown]> = [
        ['list', 'GET', `${API}/${type}/`, undefined],
        ['read', 'GET', member, undefined],
        ['create', 'POST', `${API}/${type}/`, { data: { type, attributes: {} } }],
        ['update', 'PATCH', member, { data: { type, id, attributes: {} } }],
      ];
      for (const [action, method, url, body] of tries) {
        for (const caller of CALLERS) {
          check(`${action} ${type}`, actions[action], caller, await call(caller, method, url, body));
          checks += 1;
        }
      }
    }
    expectNoProblems();
    expect(checks).toBe(Object.keys(RESOURCES).length * 4 * CALLERS.length);
  });

  it('deletes as the table says (Admins last, so every refusal meets the row)', async () => {
    // Rows that others cascade from go after them: a variation before its extra, a rate before its day,
    // A's login and customer last (they take A's vehicles and bookings along).
    const children = [
      'extra-variations',
      'short-term-rates',
      'exceptional-rates',
      'flights',
      'lot-regions',
      'bookings',
      'vehicles',
      'subscriptions',
      'booking-logs',
      // A partner's allotments and stop-sells go with their lot.
      'partner-allotments',
      'partner-stop-sells',
    ];
    const rank = (type: string) =>
      children.includes(type) ? 0 : ['customers', 'users'].includes(type) ? 2 : 1;
    const order = Object.entries(RESOURCES).sort(([a], [b]) => rank(a) - rank(b));
    for (const [type, actions] of order) {
      const url = `${API}/${type}/${targets.get(type)}/`;
      for (const caller of CALLERS)
        check(`delete ${type}`, actions.delete, caller, await call(caller, 'DELETE', url, undefined));
    }
    expectNoProblems();
  });
});

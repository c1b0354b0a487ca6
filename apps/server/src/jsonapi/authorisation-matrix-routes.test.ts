/**
 * The authorisation matrix, routes: the table covers every route of the real server and every resource
 * type in its registry (the test fails when the server has one the table does not list), and each route
 * other than the generic resource ones answers each caller as the table says. Documents sent are empty,
 * so an allowed caller gets a validation error and changes nothing. The table is
 * test/authorisation-matrix-table.ts, the checks test/authorisation-matrix-harness.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../app';
import { login } from '../test/factories';
import {
  call,
  check,
  expectNoProblems,
  matrix,
  routes,
  targets,
  tokens,
  useMatrixServer,
} from '../test/authorisation-matrix-harness';
import {
  API,
  CALLERS,
  GENERIC_ROUTES,
  RESOURCES,
  SPECIALS,
  type Caller,
} from '../test/authorisation-matrix-table';

useMatrixServer();

describe('authorisation matrix', () => {
  it('covers every route the server has and every resource type in its registry', () => {
    const covered = new Set([...GENERIC_ROUTES, ...SPECIALS.map((special) => special.route)]);
    // The web app's built files and its pre-rendered home page (apps/web/dist and dist-ssr, once built) are
    // public pages, not API routes.
    const served = routes.filter(
      (route) =>
        !route.startsWith('HEAD ') && !/^(HEAD,)?GET \/(?!backend\/|wp-json\/|partner\/)/.test(route),
    );
    expect(served.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !served.includes(route))).toEqual([]);
    expect(Object.keys(RESOURCES).sort()).toEqual(
      buildRegistry()
        .all()
        .map((def) => def.type)
        .sort(),
    );
  });

  it('answers each special route and document as the table says', async () => {
    const { server, bookingA } = matrix;
    for (const special of SPECIALS) {
      const [method = 'GET'] = special.route.split(' ')[0]?.split(',') ?? [];
      const url = (special.url ?? special.route.split(' ')[1] ?? '')
        .replace('{booking}', bookingA)
        .replace('{userA}', targets.get('users') ?? '')
        .replace('{page}', matrix.page)
        .replace('{image}', matrix.image)
        .replace('{failedJob}', matrix.failedJobs[0])
        .replace('{otherFailedJob}', matrix.failedJobs[1])
        .replace('{partnerBooking}', matrix.partnerBookings[0])
        .replace('{otherPartnerBooking}', matrix.partnerBookings[1])
        .replace('{partner}', matrix.partnerId);
      for (const caller of CALLERS) {
        const token =
          special.ownSession && caller !== 'anonymous' && caller !== 'partner'
            ? await login(server.app, await emailOf(caller))
            : tokens.get(caller);
        check(
          `${method} ${url}`,
          special.expect,
          caller,
          await call(caller, method, url, special.body, token),
        );
      }
    }
    expectNoProblems();
    // Every special route for seven callers, one after the other: longer than most tests on a busy machine.
  }, 180_000);
});

async function emailOf(caller: Caller): Promise<string> {
  const answer = await call(caller, 'GET', `${API}/sessions/current/`, undefined);
  return (JSON.parse(answer.body) as { data: { attributes: { email: string } } }).data.attributes.email;
}

import { vi } from 'vitest';

export interface MockRoute {
  method?: string;
  /** Matched against the path after /backend/api/v1, e.g. 'sessions/current/' or /^bookings\//. */
  path: string | RegExp;
  status?: number;
  body?: unknown;
  /** Answers from the request itself, e.g. by its Authorization header. */
  reply?: (call: RecordedCall) => { status?: number; body?: unknown };
}

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

const API_PREFIX = '/backend/api/v1/';
const visitor: MockRoute = { method: 'GET', path: 'sessions/current/', body: { data: null } };

/**
 * Replaces fetch with canned API answers for one test. Unmatched calls answer 404, like the server for
 * an unknown path. Later routes win, so a test can override the default visitor session.
 */
export function mockApi(routes: MockRoute[] = []) {
  const calls: RecordedCall[] = [];
  const all = [visitor, ...routes];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: RecordedCall = { method, path, url, headers: new Headers(init.headers), body };
    calls.push(call);
    const route = [...all]
      .reverse()
      .find(
        (candidate) =>
          (candidate.method ?? 'GET').toUpperCase() === method &&
          (typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)),
      );
    const answer = route?.reply ? route.reply(call) : route;
    const status = answer ? (answer.status ?? 200) : 404;
    const payload = answer
      ? answer.body
      : { errors: [{ status: '404', code: 'not_found', detail: 'Not found.' }] };
    return new Response(status === 204 || payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/vnd.api+json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A session document for a signed-in user with their customer included. */
export function sessionDocument(
  overrides: Partial<{
    roles: string[];
    emailConfirmed: boolean;
    firstName: string;
    lastName: string;
    email: string;
    token: string;
    activeIndoorSubscription: boolean;
  }> = {},
) {
  const user = {
    email: overrides.email ?? 'charlotte@example.com',
    roles: overrides.roles ?? ['Customers'],
    title: 'Mrs',
    firstName: overrides.firstName ?? 'Charlotte',
    lastName: overrides.lastName ?? 'Wilson',
    phoneNumber: '0438 205 761',
    business: '',
    emailConfirmed: overrides.emailConfirmed ?? true,
    activeIndoorSubscription: overrides.activeIndoorSubscription ?? false,
    activeOutdoorSubscription: false,
  };
  return {
    data: {
      type: 'sessions',
      id: '1',
      attributes: { email: user.email, ...(overrides.token ? { token: overrides.token } : {}) },
      relationships: { user: { data: { type: 'users', id: '3' } } },
    },
    included: [
      {
        type: 'users',
        id: '3',
        attributes: user,
        relationships: { customer: { data: { type: 'customers', id: '7' } } },
      },
      {
        type: 'customers',
        id: '7',
        attributes: {
          email: user.email,
          emailConfirmed: user.emailConfirmed,
          title: user.title,
          firstName: user.firstName,
          lastName: user.lastName,
          phoneNumber: user.phoneNumber,
          business: '',
          fullName: `${user.firstName} ${user.lastName}`,
          hasSubscription: false,
        },
      },
    ],
  };
}

/** The answer of a validation failure, as the server words it. */
/** The code the API answers with each status the tests use. */
const CODE_OF_STATUS: Record<number, string> = {
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
};

export function errorDocument(detail: string, field?: string, status = 400) {
  return {
    errors: [
      {
        status: String(status),
        code: CODE_OF_STATUS[status] ?? 'invalid',
        detail,
        ...(field ? { source: { pointer: `/data/attributes/${field}` } } : {}),
      },
    ],
  };
}

/** The fault pause points cannot be switched on in production; a database outage maps to 503. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { parseFaultPause } from '../faults';
import { isDatabaseUnavailable, toApiError } from '../http/errors';
import { PRODUCTION_ESSENTIALS } from '../test/server';

describe('fault pause points', () => {
  it('reads point[:ms] lists and refuses unknown points', () => {
    expect([...parseFaultPause('booking-save, webhook:2000')]).toEqual([
      ['booking-save', 'forever'],
      ['webhook', 2000],
    ]);
    expect(parseFaultPause(undefined).size).toBe(0);
    expect(() => parseFaultPause('bookng-save')).toThrow('unknown point "bookng-save"');
    expect(() => parseFaultPause('webhook:soon')).toThrow('needs a number of milliseconds');
  });

  it('a production server refuses to start with FAULT_PAUSE set, and has none otherwise', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x/y',
        ...PRODUCTION_ESSENTIALS,
        FAULT_PAUSE: 'webhook',
      }),
    ).toThrow('cannot be set in production');
    expect(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', ...PRODUCTION_ESSENTIALS })
        .faultPause.size,
    ).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', FAULT_PAUSE: 'webhook' }).faultPause.get('webhook')).toBe(
      'forever',
    );
  });
});

describe('database outages', () => {
  const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });

  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a dropped connection, wrapped by Drizzle', wrapped(new Error('Connection terminated unexpectedly'))],
    [
      'a terminated backend (57P01)',
      wrapped(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      'too many connections (53300)',
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
    ],
    ['a connection failure class 08', Object.assign(new Error('connection failure'), { code: '08006' })],
  ])('%s is a 503 JSON:API error with Retry-After', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const api = toApiError(error);
    expect(api.status).toBe(503);
    expect(api.errors).toEqual([
      {
        status: '503',
        code: 'service_unavailable',
        detail: 'The service is temporarily unavailable. Please try again in a moment.',
      },
    ]);
    expect(api.headers['retry-after']).toBe('5');
  });

  it('a constraint violation or a bug is not an outage', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(
      false,
    );
    expect(toApiError(new TypeError('x is undefined')).status).toBe(500);
  });
});

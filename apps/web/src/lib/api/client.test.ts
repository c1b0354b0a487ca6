import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorDocument, mockApi } from '@/test/api-mock';
import { ApiError, apiRequest, apiUrl, firstErrorDetail, setUnauthorizedListener } from './client';

describe('the API client', () => {
  afterEach(() => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    setUnauthorizedListener(null);
  });

  it('builds trailing-slash URLs with JSON:API query parameters', () => {
    expect(apiUrl('bookings', { 'filter[customer]': '7', 'page[size]': 10, empty: '' })).toBe(
      '/backend/api/v1/bookings/?filter%5Bcustomer%5D=7&page%5Bsize%5D=10',
    );
    expect(apiUrl('/vehicles/5/')).toBe('/backend/api/v1/vehicles/5/');
  });

  it('sends the token, and the CSRF cookie on writes only', async () => {
    const { calls } = mockApi([
      { path: 'vehicles/', body: { data: [] } },
      { method: 'POST', path: 'vehicles/', status: 201, body: { data: null } },
    ]);
    window.localStorage.setItem('skypark.authToken', 'tok-9');
    document.cookie = 'csrftoken=csrf-1; path=/';

    await apiRequest('vehicles');
    await apiRequest('vehicles', { method: 'POST', body: { data: {} } });

    const [read, write] = calls;
    expect(read?.headers.get('Authorization')).toBe('Token tok-9');
    expect(read?.headers.get('X-CSRFToken')).toBeNull();
    expect(write?.headers.get('X-CSRFToken')).toBe('csrf-1');
    expect(write?.headers.get('Content-Type')).toBe('application/vnd.api+json');
  });

  it('carries errors[] with detail and pointer', async () => {
    mockApi([
      {
        method: 'POST',
        path: 'users/',
        status: 400,
        body: errorDocument('Email address must be valid', 'email'),
      },
    ]);

    const error = await apiRequest('users', { method: 'POST', body: {} }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors[0]?.source?.pointer).toBe('/data/attributes/email');
    expect(firstErrorDetail(error, 'fallback')).toBe('Email address must be valid');
  });

  it('clears the token and tells the app on a 401', async () => {
    mockApi([{ path: 'bookings/', status: 401, body: errorDocument('Invalid token.', undefined, 401) }]);
    window.localStorage.setItem('skypark.authToken', 'old');
    const listener = vi.fn();
    setUnauthorizedListener(listener);

    await expect(apiRequest('bookings')).rejects.toBeInstanceOf(ApiError);

    expect(listener).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem('skypark.authToken')).toBeNull();
  });

  it('reports a call that got no answer as status 0 with no errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const error = await apiRequest('lots').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, errors: [] });
    expect(firstErrorDetail(error, 'Unknown error')).toBe('Unknown error');
  });
});

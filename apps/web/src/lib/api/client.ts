/**
 * The one way the browser talks to the API (architecture-rules.md: JSON:API 1.1 under /backend/api/v1/, trailing
 * slashes, `Authorization: Token`, `X-CSRFToken` from the `csrftoken` cookie, errors as `errors[]`).
 */
import type { ErrorCode } from '@parking/domain/errors';
import { originFetch } from '@/lib/http';
import { clearToken, readToken } from './token-storage';

const API_BASE = '/backend/api/v1';
const MEDIA_TYPE = 'application/vnd.api+json';
const CSRF_COOKIE = 'csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ApiErrorObject {
  status?: string;
  /** What the refusal is (the domain's codes): what the web branches on, never the status or the words. */
  code?: ErrorCode;
  detail: string;
  source?: { pointer?: string; parameter?: string };
}

/**
 * A failed call. `status` 0 means no answer came back at all (offline, server down), so `errors` is
 * empty; otherwise `errors` holds the server's JSON:API error objects.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: readonly ApiErrorObject[];

  constructor(status: number, errors: readonly ApiErrorObject[]) {
    super(
      errors[0]?.detail ?? (status ? `Request failed with status ${status}` : 'No response from the server'),
    );
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

/** The spec's rule for single messages: the first error's detail, else the caller's fallback. */
export function firstErrorDetail(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? error.errors[0]?.detail : undefined) ?? fallback;
}

/** Every detail, for the places that list them all (resend email, extras load). */
export function errorDetails(error: unknown, fallback: string): string[] {
  const details = error instanceof ApiError ? error.errors.map((item) => item.detail).filter(Boolean) : [];
  return details.length ? details : [fallback];
}

/** Whether the API refused with one of `codes` (@parking/domain/errors). */
export function hasErrorCode(error: unknown, ...codes: readonly ErrorCode[]): boolean {
  return (
    error instanceof ApiError &&
    error.errors.some((item) => item.code !== undefined && codes.includes(item.code))
  );
}

export const isNotFound = (error: unknown) => hasErrorCode(error, 'not_found');

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/** The app's reaction to a 401 (clear the session, go to login); one listener, set by the auth provider. */
export function setUnauthorizedListener(listener: UnauthorizedListener | null): void {
  unauthorizedListener = listener;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (a guest's manage-booking token). */
  headers?: Record<string, string>;
  /**
   * Leave a 401 to the caller instead of the app-wide "clear the token, go to login" reaction: the
   * start-up session check uses it, because a stale token there just means "visitor".
   */
  handleUnauthorized?: boolean;
}

/** `bookings` → `/backend/api/v1/bookings/`; `bookings/12` → `/backend/api/v1/bookings/12/`. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}/${trimmed}/${search ? `?${search}` : ''}`;
}

/**
 * Sends one call with the session's authorisation (the token, the CSRF cookie on an unsafe method, the caller's
 * extra headers): the response as it came, or an ApiError with status 0 when none came back (an abort stays an
 * abort).
 */
async function send(
  path: string,
  request: {
    method: string;
    accept: string;
    contentType?: string | undefined;
    body?: BodyInit | undefined;
    headers?: Record<string, string> | undefined;
    query?: Record<string, QueryValue> | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<Response> {
  const headers = new Headers({ Accept: request.accept });
  if (request.contentType) headers.set('Content-Type', request.contentType);
  const token = readToken();
  if (token) headers.set('Authorization', `Token ${token}`);
  const csrf = SAFE_METHODS.has(request.method) ? null : readCookie(CSRF_COOKIE);
  if (csrf) headers.set('X-CSRFToken', csrf);
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
  try {
    return await originFetch(apiUrl(path, request.query), {
      method: request.method,
      headers,
      credentials: 'include',
      body: request.body,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, []);
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, {
    method: options.method ?? 'GET',
    accept: MEDIA_TYPE,
    contentType: options.body === undefined ? undefined : MEDIA_TYPE,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    headers: options.headers,
    query: options.query,
    signal: options.signal,
  });

  const text = response.status === 204 ? '' : await response.text();
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && options.handleUnauthorized !== false) {
      clearToken();
      unauthorizedListener?.();
    }
    throw new ApiError(response.status, readErrors(payload));
  }
  return payload as T;
}

function readErrors(payload: unknown): ApiErrorObject[] {
  if (
    typeof payload !== 'object' ||
    payload === null ||
    !('errors' in payload) ||
    !Array.isArray(payload.errors)
  ) {
    return [];
  }
  return payload.errors.flatMap((item: unknown) =>
    // An error without words is no error message: the caller's fallback says it better.
    typeof item === 'object' &&
    item !== null &&
    'detail' in item &&
    typeof item.detail === 'string' &&
    item.detail.trim()
      ? [item as ApiErrorObject]
      : [],
  );
}

/**
 * A file sent as the body (a custody photo), or a file read back (a photo to show): the same
 * authorisation as apiRequest (token, cookie, CSRF, extra headers), the bytes as they are.
 */
export async function apiFile(
  path: string,
  options: {
    method?: 'GET' | 'POST';
    body?: Blob;
    headers?: Record<string, string>;
    /** Query parameters (an uploaded image's alt text). */
    query?: Record<string, QueryValue>;
    signal?: AbortSignal;
  } = {},
): Promise<Response> {
  const method = options.method ?? 'GET';
  const response = await send(path, {
    method,
    accept: method === 'GET' ? 'image/*' : MEDIA_TYPE,
    contentType: options.body ? options.body.type || 'application/octet-stream' : undefined,
    body: options.body,
    headers: options.headers,
    query: options.query,
    signal: options.signal,
  });
  return okOrRefused(response);
}

/** The response when it is ok; else an ApiError with the refusal's JSON:API errors (none when its body is not JSON). */
async function okOrRefused(response: Response): Promise<Response> {
  if (response.ok) return response;
  let payload: unknown = undefined;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  throw new ApiError(response.status, readErrors(payload));
}

/**
 * An event stream (server-sent events: the bring-up board's, a traveller's bring-up) with the same authorisation as
 * apiRequest (the token, the caller's extra headers), read with fetch so that those headers go with it (an
 * EventSource sends none). The response as it came, or an ApiError for a refusal.
 */
export async function apiEventStream(
  path: string,
  options: {
    headers?: Record<string, string>;
    query?: Record<string, QueryValue>;
    signal?: AbortSignal;
  } = {},
): Promise<Response> {
  const response = await send(path, {
    method: 'GET',
    accept: 'text/event-stream',
    headers: options.headers,
    query: options.query,
    signal: options.signal,
  });
  return okOrRefused(response);
}

// The session token lives in local storage (the spec's "Token" scheme, cookie-based token storage off).
// Storage can be unavailable (a locked-down browser, Safari's old private mode): the site then works on
// the HttpOnly session cookie alone, which the server also accepts.
const TOKEN_KEY = 'skypark.authToken';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function saveToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // See above: the cookie carries the session.
  }
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

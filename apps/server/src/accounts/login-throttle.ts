/**
 * Failed-login limits that an attacker cannot turn against the account's owner. A hard lock per
 * account let anyone lock the admin out with ten wrong passwords, so:
 * - per (IP, account): RATE_LIMIT_LOGIN_FAILURES failures in the window, then 429 for that pair only;
 * - per IP, over every account: RATE_LIMIT_LOGIN_FAILURES_PER_IP (password spraying), then 429;
 * - per account, from anywhere: no lock, a delay that grows with the failures (slows guessing from
 *   many addresses while the owner, from their own address, still gets in).
 */
import type { RateLimits } from '../config/config';
import { DomainError } from '@parking/domain/errors';
import { tooManyDetail, type RateLimiter } from './rate-limiter';

/** Failures of an account tolerated before its logins slow down. */
const FREE_FAILURES = 5;
const MAX_DELAY_MS = 5_000;

/** 0 up to FREE_FAILURES failures, then 250 ms doubling with each failure, at most 5 s. */
export function loginDelayMs(accountFailures: number): number {
  if (accountFailures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, 250 * 2 ** (accountFailures - FREE_FAILURES));
}

export interface LoginThrottle {
  /** Refuses a locked (IP, account) pair or IP; answers the delay to apply before checking the password. */
  before(): Promise<number>;
  failed(): Promise<void>;
}

/**
 * The same counters serve a login's second step (a wrong authenticator or recovery code, a refused passkey is a
 * failed login of that account); a passkey sign-in names no account until it succeeds (`email` null): its
 * failures count against the IP only.
 */
export function loginThrottle(
  limiter: RateLimiter,
  limits: RateLimits,
  ip: string,
  email: string | null,
): LoginThrottle {
  const pair = email === null ? null : `login-fail:pair:${ip}:${email}`;
  const byIp = `login-fail:ip:${ip}`;
  const account = email === null ? null : `login-fail:email:${email}`;
  const window = limits.loginWindowMs;
  return {
    async before() {
      for (const [key, limit] of [
        [pair, limits.loginFailures],
        [byIp, limits.loginFailuresPerIp],
      ] as const) {
        if (key === null) continue;
        const { count, resetInMs } = await limiter.peek(key, window);
        if (count >= limit) throw DomainError.throttled(tooManyDetail(resetInMs), resetInMs / 1000);
      }
      return account === null ? 0 : loginDelayMs((await limiter.peek(account, window)).count);
    },
    async failed() {
      for (const key of [pair, byIp, account]) if (key !== null) await limiter.hit(key, window);
    },
  };
}

/**
 * The knobs of `npm run bench` (bench/run.ts), read from the environment once: see bench/README.md.
 * BENCH_QUICK=1 is the try-out (20,000 bookings, 2,000 customers, 3 s per scenario).
 */
export const QUICK = process.env.BENCH_QUICK === '1';
const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};
export const BOOKINGS = num('BENCH_BOOKINGS', QUICK ? 20_000 : 500_000);
export const CUSTOMERS = num('BENCH_CUSTOMERS', QUICK ? 2_000 : 50_000);
export const SECONDS = num('BENCH_SECONDS', QUICK ? 3 : 10);
/**
 * Seconds each timed call is first made, untimed, at its own connections (autocannon's warm-up): the figures are
 * then the steady state, with the call's path compiled by the JIT, as bench:quotes and bench:reports measure.
 */
export const WARMUP_SECONDS = num('BENCH_WARMUP_SECONDS', QUICK ? 1 : 2);
export const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
export const STAFF_CONNECTIONS = num('BENCH_STAFF_CONNECTIONS', 1);
export const PORT = num('BENCH_PORT', 8900);
export const WEB = process.env.BENCH_WEB !== '0';
/** Clicks on "Get a quote" per case of the click-to-prices scenario (bench/click-to-prices.ts). */
export const CLICKS = Math.max(1, num('BENCH_CLICKS', 20));
/** The diary's busiest day has at least this many drop-offs and pick-ups (the target is for 1,000). */
export const DIARY_ROWS = num('BENCH_DIARY_ROWS', 1_000);
/** Lighthouse runs per page with a performance target (bench/web.ts medianRun): the median run is its figure. */
export const LIGHTHOUSE_RUNS = Math.max(1, num('BENCH_LIGHTHOUSE_RUNS', QUICK ? 1 : 3));
export const API = '/backend/api/v1';
/** Only the API scenarios whose name matches this regular expression (case-insensitive), for a try-out; the ceiling always runs. */
export const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;

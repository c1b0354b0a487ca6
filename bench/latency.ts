/**
 * The load of `npm run bench` (bench/run.ts): one scenario run by autocannon for a fixed time (or, when
 * too slow for that, a fixed count), summed up as requests/s, p50/p99 latency, errors, and requests/s as a
 * share of the ceiling.
 */
import autocannon from 'autocannon';
import { SECONDS, WARMUP_SECONDS } from './knobs';
import type { Scenario } from './scenarios';
import { JSONAPI } from './server-process';

export interface ApiFigure {
  group: string;
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  ofCeiling: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  statuses: Record<string, number>;
}

/** Fewer answers than this in the fixed time: the call is timed by count instead (a slow report). */
const MIN_ANSWERS = 3;

export async function runScenario(
  base: string,
  token: string,
  scenario: Scenario,
  ceiling: number | undefined,
  count?: number,
): Promise<ApiFigure> {
  const result = await autocannon({
    url: base,
    connections: scenario.connections,
    // A call timed by count (a slow report) is not warmed up: its few calls are the measure.
    ...(count
      ? { amount: count }
      : {
          duration: SECONDS,
          ...(WARMUP_SECONDS > 0
            ? { warmup: { connections: scenario.connections, duration: WARMUP_SECONDS } }
            : {}),
        }),
    timeout: count ? 300 : 60,
    requests: scenario.requests.map((request) => ({
      method: request.method,
      setupRequest: (raw) => ({
        ...raw,
        method: request.method,
        path: request.path(),
        headers: {
          accept: `${JSONAPI}, application/pdf, text/csv`,
          'accept-encoding': 'gzip, br',
          ...(request.token
            ? { authorization: `Token ${token}` }
            : request.authorization
              ? { authorization: request.authorization }
              : {}),
          ...(request.body ? { 'content-type': JSONAPI } : {}),
        },
        ...(request.body ? { body: request.body() } : {}),
      }),
    })),
  });
  if (!count && result.requests.total < MIN_ANSWERS && result.errors === 0) {
    // Too slow to answer a few times in the fixed time: wait for MIN_ANSWERS answers instead.
    const counted = await runScenario(base, token, scenario, ceiling, MIN_ANSWERS * scenario.connections);
    return { ...counted, name: `${counted.name} [timed over ${counted.requests} calls]` };
  }
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  const requestsPerSecond = result.requests.total / result.duration;
  return {
    group: scenario.group,
    name: scenario.name,
    connections: scenario.connections,
    seconds: Math.round(result.duration * 10) / 10,
    requests: result.requests.total,
    requestsPerSecond: Math.round(requestsPerSecond * 10) / 10,
    ofCeiling: ceiling ? Math.round((requestsPerSecond / ceiling) * 1000) / 1000 : 1,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    statuses,
  };
}

/** What a live scenario timed itself: each delivery's latency, and how its requests were answered. */
export interface TimedDeliveries {
  name: string;
  /** Open streams or webhooks: the scenario's fan-out. */
  connections: number;
  /** performance.now() when the scenario began. */
  started: number;
  latencies: readonly number[];
  errors: number;
  statuses: Record<string, number>;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** A fan-out scenario's figure (the board's streams, the partners' webhooks): its deliveries' p50, p99 and max. */
export function deliveryFigure(timed: TimedDeliveries): ApiFigure {
  const sorted = [...timed.latencies].sort((a, b) => a - b);
  return {
    group: 'live',
    name: timed.name,
    connections: timed.connections,
    seconds: Math.round((performance.now() - timed.started) / 100) / 10,
    requests: sorted.length,
    requestsPerSecond: 0,
    ofCeiling: 0,
    p50Ms: tenths(percentile(sorted, 50)),
    p99Ms: tenths(percentile(sorted, 99)),
    maxMs: tenths(sorted.at(-1) ?? 0),
    errors: timed.errors,
    statuses: timed.statuses,
  };
}

/**
 * Hostile input, property-based (fast-check): 10,000 malformed and adversarial requests to every endpoint,
 * anonymous and as an Admin (who gets furthest past authorisation): malformed documents to every resource
 * and action, hostile ids, filters, sorts, pages and includes, and raw bodies of the wrong media type,
 * broken, nested deep or oversized. Each must be answered below 500, every refusal as a JSON:API error
 * document, and a batch in which nothing was accepted must leave every table's row count as it was.
 * Seeded (FUZZ_SEED). The requests are in test/hostile-input-requests.ts, the checks in
 * test/hostile-input-harness.ts.
 */
import { describe, expect, it } from 'vitest';
import { fuzz, SEED, slowestRequest, tally, useHostileServer } from '../test/hostile-input-harness';
import { raw, reads, writes } from '../test/hostile-input-requests';

/** Requests per run: the issue asks for at least 10,000. */
const RUNS = { writes: 6000, reads: 2500, raw: 1500 };

useHostileServer();

describe(`hostile input (FUZZ_SEED=${SEED})`, () => {
  it(
    `writes: ${RUNS.writes} malformed documents to every resource and action`,
    { timeout: 600_000 },
    async () => {
      await fuzz(writes, RUNS.writes, SEED);
    },
  );

  it(
    `reads: ${RUNS.reads} hostile ids, filters, sorts, pages and includes`,
    { timeout: 600_000 },
    async () => {
      await fuzz(reads, RUNS.reads, SEED + 1);
    },
  );

  it(
    `raw bodies: ${RUNS.raw} wrong media types, broken and duplicate-key JSON, deep nesting, oversized bodies`,
    { timeout: 600_000 },
    async () => {
      await fuzz(raw, RUNS.raw, SEED + 2);
    },
  );

  it('tried at least 10,000 requests and saw no 5xx', () => {
    console.info(
      `hostile input: ${tally.requests} requests (seed ${SEED}), ${tally.refused} refused, ${tally.accepted} accepted, ${tally.serverErrors} 5xx; slowest ${Math.round(slowestRequest.ms)} ms: ${slowestRequest.what}`,
    );
    expect(tally.requests).toBeGreaterThanOrEqual(10_000);
    expect(tally.serverErrors).toBe(0);
  });
});

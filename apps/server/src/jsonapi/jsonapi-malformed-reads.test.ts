/**
 * Malformed reads: every malformed GET (unknown types, paths and ids, query parameters given twice,
 * unknown or malformed, credentials that are not a token) answers a 4xx JSON:API error document; and the
 * cases, reads and writes (jsonapi-malformed-writes.test.ts), are at least 30 and distinctly named. The
 * cases are test/jsonapi-malformed-*-cases.ts, the checks test/jsonapi-malformed-harness.ts.
 */
import { describe, expect, it } from 'vitest';
import { attributeCases } from '../test/jsonapi-malformed-attribute-cases';
import { bodyCases } from '../test/jsonapi-malformed-document-cases';
import { answersEach, useMalformedServer } from '../test/jsonapi-malformed-harness';
import { authCases, queryCases, transportCases } from '../test/jsonapi-malformed-request-cases';

useMalformedServer();

describe('malformed requests answer a 4xx JSON:API error document', () => {
  const all = [...bodyCases, ...attributeCases, ...transportCases, ...queryCases, ...authCases];

  it('covers at least 30 distinct cases', () => {
    expect(new Set(all.map((test) => test.name)).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(30);
  });

  answersEach(all.filter((test) => test.method === 'GET'));
});

/**
 * Malformed writes: every malformed request that sends a document or a method other than GET (broken
 * documents, refused attribute values, wrong media types, oversized bodies, methods a route does not
 * have, a forged token) answers a 4xx JSON:API error document, and after all of them the data is as it
 * was. The cases are test/jsonapi-malformed-*-cases.ts, the checks test/jsonapi-malformed-harness.ts.
 */
import { describe, expect, it } from 'vitest';
import { attributeCases } from '../test/jsonapi-malformed-attribute-cases';
import { bodyCases } from '../test/jsonapi-malformed-document-cases';
import { answersEach, get, LOTS, TYPES, useMalformedServer } from '../test/jsonapi-malformed-harness';
import { authCases, queryCases, transportCases } from '../test/jsonapi-malformed-request-cases';

useMalformedServer();

describe('malformed requests answer a 4xx JSON:API error document', () => {
  const all = [...bodyCases, ...attributeCases, ...transportCases, ...queryCases, ...authCases];

  answersEach(all.filter((test) => test.method !== 'GET'));

  it('leaves the data untouched after all of them', async () => {
    const types = await get(TYPES);
    expect(types.body.meta?.pagination?.count).toBe(1);
    const lots = await get(LOTS);
    expect(lots.body.meta?.pagination?.count).toBe(2);
  });
});

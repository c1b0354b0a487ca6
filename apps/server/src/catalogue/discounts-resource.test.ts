/** Promo codes ("Discounts"): Admins only, for every action. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, patch, signInRoles, V1, type Tokens } from '../test/catalogue-factories';
import { api, createTestServer, doc, firstError, many, one, type TestServer } from '../test/server';

let server: TestServer;
let tokens: Tokens;

const WELCOME = {
  name: 'Welcome',
  promoCode: ' welcome10 ',
  notes: 'Newsletter',
  rate: '0.1',
  validFrom: '2026-11-01T00:00:00+11:00',
  validTo: '2027-12-31T23:59:00+11:00',
};

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInRoles(server);
});
afterAll(() => server.close());

const errorsOf = (body: { errors?: Array<{ detail: string; source?: { pointer?: string } }> }) =>
  body.errors?.map((error) => [error.source?.pointer?.replace('/data/attributes/', ''), error.detail]);

describe('discounts', () => {
  it('Admins create one: the code trimmed and upper-cased, the rate a fraction, a summary for lists', async () => {
    const welcome = await create(server, tokens.admin, 'discounts', WELCOME);
    expect(welcome.attributes).toEqual({
      name: 'Welcome',
      notes: 'Newsletter',
      promoCode: 'WELCOME10',
      rate: '0.1',
      validFrom: '2026-10-31T13:00:00.000Z',
      validTo: '2027-12-31T12:59:00.000Z',
      dropOffStart: null,
      dropOffEnd: null,
      // The test clock reads 21 November 2026.
      active: true,
      discountDetails: 'WELCOME10 · 10% · valid 1/11/2026 – 31/12/2027',
      created: expect.any(String),
    });
    const read = await api(server.app, 'GET', `${V1}/discounts/${welcome.id}/`, { token: tokens.admin });
    expect(one(read.body)).toEqual(welcome);
  });

  it('are managed by Admins only: anonymous 401, Sales and customers 403 for writes; Sales may read', async () => {
    const [welcome] = many(
      (await api(server.app, 'GET', `${V1}/discounts/?filter[promoCode]=WELCOME10`, { token: tokens.admin }))
        .body,
    );
    const url = `${V1}/discounts/${welcome?.id}/`;
    for (const token of [undefined, tokens.sales, tokens.customer]) {
      const expected = token ? 403 : 401;
      const options = token ? { token } : {};
      const readExpected = token === tokens.sales ? 200 : expected;
      expect((await api(server.app, 'GET', `${V1}/discounts/`, options)).status).toBe(readExpected);
      expect((await api(server.app, 'GET', url, options)).status).toBe(readExpected);
      expect(
        (
          await api(server.app, 'POST', `${V1}/discounts/`, {
            ...options,
            body: doc('discounts', { ...WELCOME, promoCode: 'SALES' }),
          })
        ).status,
      ).toBe(expected);
      expect(
        (
          await api(server.app, 'PATCH', url, {
            ...options,
            body: doc('discounts', { rate: '1' }, { id: welcome?.id ?? '' }),
          })
        ).status,
      ).toBe(expected);
      expect((await api(server.app, 'DELETE', url, options)).status).toBe(expected);
    }
  });

  it('validate required fields, the rate as 0-1 and the date ranges', async () => {
    const empty = await api(server.app, 'POST', `${V1}/discounts/`, {
      token: tokens.admin,
      body: doc('discounts', {}),
    });
    expect(errorsOf(empty.body)).toEqual([
      ['name', 'This field is required.'],
      ['promoCode', 'This field is required.'],
      ['rate', 'Must be a number between 0 and 1'],
      ['validFrom', 'This field is required.'],
      ['validTo', 'This field is required.'],
    ]);
    const percent = await api(server.app, 'POST', `${V1}/discounts/`, {
      token: tokens.admin,
      body: doc('discounts', { ...WELCOME, promoCode: 'P', rate: 15 }),
    });
    expect(errorsOf(percent.body)).toEqual([['rate', 'Must be a number between 0 and 1']]);
    const backwards = await api(server.app, 'POST', `${V1}/discounts/`, {
      token: tokens.admin,
      body: doc('discounts', {
        ...WELCOME,
        promoCode: 'B',
        validTo: '2026-10-01T00:00:00+10:00',
        dropOffStart: '2026-12-02T00:00:00Z',
        dropOffEnd: '2026-12-01T00:00:00Z',
      }),
    });
    expect(errorsOf(backwards.body)).toEqual([
      ['validTo', 'Date must be after the start date'],
      ['dropOffEnd', 'Date must be after the start date'],
    ]);
  });

  it('judge a PATCH against the stored dates; an optional drop-off window can be set and cleared', async () => {
    const spring = await create(server, tokens.admin, 'discounts', {
      ...WELCOME,
      promoCode: 'spring',
      rate: 0.125,
    });
    const early = await patch(server, tokens.admin, 'discounts', spring.id, {
      validTo: '2026-10-01T00:00:00+10:00',
    });
    expect(errorsOf(early.body)).toEqual([['validTo', 'Date must be after the start date']]);
    const endOnly = await patch(server, tokens.admin, 'discounts', spring.id, {
      dropOffEnd: '2026-12-24T00:00:00+11:00',
    });
    expect(one(endOnly.body).attributes).toMatchObject({
      rate: '0.125',
      dropOffEnd: '2026-12-23T13:00:00.000Z',
      discountDetails: 'SPRING · 12.5% · valid 1/11/2026 – 31/12/2027 · drop-off … – 24/12/2026',
    });
    const after = await patch(server, tokens.admin, 'discounts', spring.id, {
      dropOffStart: '2026-12-25T00:00:00+11:00',
    });
    expect(errorsOf(after.body)).toEqual([['dropOffEnd', 'Date must be after the start date']]);
    const cleared = await patch(server, tokens.admin, 'discounts', spring.id, {
      dropOffEnd: null,
      name: 'Spring',
    });
    expect(one(cleared.body).attributes).toMatchObject({
      name: 'Spring',
      dropOffStart: null,
      dropOffEnd: null,
      promoCode: 'SPRING',
    });
  });

  it('refuse a promo code already used, whatever its case', async () => {
    const duplicate = await api(server.app, 'POST', `${V1}/discounts/`, {
      token: tokens.admin,
      body: doc('discounts', { ...WELCOME, promoCode: 'Welcome10' }),
    });
    expect(duplicate.body.errors).toEqual([
      {
        status: '400',
        code: 'unique',
        detail: 'A promo code with this code already exists.',
        source: { pointer: '/data/attributes/promoCode' },
      },
    ]);
  });

  it('are filtered by active and code, and deleted by Admins', async () => {
    await create(server, tokens.admin, 'discounts', {
      ...WELCOME,
      promoCode: 'OLD',
      validFrom: '2025-01-01T00:00:00Z',
      validTo: '2025-12-31T00:00:00Z',
    });
    const active = await api(server.app, 'GET', `${V1}/discounts/?filter[active]=true&sort=promoCode`, {
      token: tokens.admin,
    });
    expect(many(active.body).map((discount) => discount.attributes.promoCode)).toEqual([
      'SPRING',
      'WELCOME10',
    ]);
    const inactive = await api(server.app, 'GET', `${V1}/discounts/?filter[active]=false`, {
      token: tokens.admin,
    });
    const [old] = many(inactive.body);
    expect(old?.attributes).toMatchObject({ promoCode: 'OLD', active: false });
    expect(
      (await api(server.app, 'DELETE', `${V1}/discounts/${old?.id}/`, { token: tokens.admin })).status,
    ).toBe(204);
    const gone = await api(server.app, 'GET', `${V1}/discounts/${old?.id}/`, { token: tokens.admin });
    expect(firstError(gone.body)).toMatchObject({ status: '404', detail: 'Discount not found' });
  });
});

/** Blockout periods, their extras, and the online-form blockout current now. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { create, linked, patch, rel, signInRoles, V1, type Tokens } from '../test/catalogue-factories';
import { api, Clock, createTestServer, firstError, many, one, type TestServer } from '../test/server';

let server: TestServer;
let tokens: Tokens;
const ids = { wash: '', valet: '', hidden: '' };
const NOW = new Clock().current; // 21 November 2026, 09:00 in Hobart

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInRoles(server);
  const extra = (name: string, publicExtra = true) =>
    create(server, tokens.admin, 'extras', {
      name,
      extraType: 'detailing',
      basePrice: '10',
      public: publicExtra,
    });
  ids.wash = (await extra('Wash')).id;
  ids.valet = (await extra('Valet')).id;
  ids.hidden = (await extra('Hidden', false)).id;
});
beforeEach(() => {
  server.clock.current = new Date(NOW);
});
afterAll(() => server.close());

const period = (attributes: Record<string, unknown>) => ({
  name: 'Works',
  message: '',
  blockType: 'parking',
  startDatetime: '2026-12-01T00:00:00+11:00',
  endDatetime: '2026-12-02T00:00:00+11:00',
  ...attributes,
});

describe('blockout periods', () => {
  it('an extra blockout lists its extras; Admins edit and delete it', async () => {
    const created = await create(
      server,
      tokens.admin,
      'blockout-periods',
      period({ name: 'Wash bay', blockType: 'extra' }),
      {
        extras: rel('extras', [ids.valet, ids.wash, ids.hidden]),
      },
    );
    expect(created.attributes).toEqual({
      name: 'Wash bay',
      message: '',
      blockType: 'extra',
      startDatetime: '2026-11-30T13:00:00.000Z',
      endDatetime: '2026-12-01T13:00:00.000Z',
    });
    expect(linked(created, 'extras')).toEqual([ids.wash, ids.valet, ids.hidden]);
    // Private extras are linked for staff only.
    const anonymous = one(
      (await api(server.app, 'GET', `${V1}/blockout-periods/${created.id}/?include=extras`)).body,
    );
    expect(linked(anonymous, 'extras')).toEqual([ids.wash, ids.valet]);

    const updated = await patch(
      server,
      tokens.admin,
      'blockout-periods',
      created.id,
      { message: 'Closed for repairs' },
      { extras: rel('extras', [ids.wash]) },
    );
    expect(one(updated.body).attributes.message).toBe('Closed for repairs');
    expect(linked(one(updated.body), 'extras')).toEqual([ids.wash]);
    const kept = await patch(server, tokens.admin, 'blockout-periods', created.id, {
      name: 'Wash bay closed',
    });
    expect(linked(one(kept.body), 'extras')).toEqual([ids.wash]);

    expect(
      (await api(server.app, 'DELETE', `${V1}/blockout-periods/${created.id}/`, { token: tokens.admin }))
        .status,
    ).toBe(204);
    const gone = await api(server.app, 'GET', `${V1}/blockout-periods/${created.id}/`);
    expect(firstError(gone.body)).toMatchObject({ status: '404', detail: 'Blockout Period not found' });
  });

  it('other types keep no extras, also when a blockout stops being an extra blockout', async () => {
    const parking = await create(server, tokens.admin, 'blockout-periods', period({}), {
      extras: rel('extras', [ids.wash]),
    });
    expect(linked(parking, 'extras')).toEqual([]);
    const extra = await create(server, tokens.admin, 'blockout-periods', period({ blockType: 'extra' }), {
      extras: rel('extras', [ids.wash]),
    });
    const retyped = await patch(server, tokens.admin, 'blockout-periods', extra.id, { blockType: 'parking' });
    expect(linked(one(retyped.body), 'extras')).toEqual([]);
  });

  it('need a name, a type and an end after the start, on create and on update', async () => {
    const invalid = await api(server.app, 'POST', `${V1}/blockout-periods/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'blockout-periods',
          attributes: period({ name: '', blockType: 'holiday', endDatetime: '2026-12-01T00:00:00+11:00' }),
        },
      },
    });
    expect(invalid.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/name', 'This field is required.'],
      ['/data/attributes/blockType', 'Select a valid choice.'],
    ]);
    const equal = await api(server.app, 'POST', `${V1}/blockout-periods/`, {
      token: tokens.admin,
      body: {
        data: { type: 'blockout-periods', attributes: period({ endDatetime: '2026-12-01T00:00:00+11:00' }) },
      },
    });
    expect(firstError(equal.body)).toMatchObject({
      detail: 'Date must be after the start date',
      source: { pointer: '/data/attributes/endDatetime' },
    });
    const stored = await create(server, tokens.admin, 'blockout-periods', period({}));
    const startAfterEnd = await patch(server, tokens.admin, 'blockout-periods', stored.id, {
      startDatetime: '2026-12-03T00:00:00+11:00',
    });
    expect(firstError(startAfterEnd.body)).toMatchObject({
      detail: 'Date must be after the start date',
      source: { pointer: '/data/attributes/endDatetime' },
    });
    const unknownExtra = await patch(
      server,
      tokens.admin,
      'blockout-periods',
      stored.id,
      { blockType: 'extra' },
      { extras: rel('extras', ['abc']) },
    );
    expect(firstError(unknownExtra.body)).toMatchObject({
      detail: 'Invalid pk "abc" - object does not exist.',
      source: { pointer: '/data/relationships/extras' },
    });
    expect(
      one((await api(server.app, 'GET', `${V1}/blockout-periods/${stored.id}/`)).body).attributes.blockType,
    ).toBe('parking');
  });

  it('are filtered by type and by start and end, ordered by start', async () => {
    await create(
      server,
      tokens.admin,
      'blockout-periods',
      period({
        name: 'January',
        startDatetime: '2027-01-10T00:00:00+11:00',
        endDatetime: '2027-01-11T00:00:00+11:00',
      }),
    );
    await create(
      server,
      tokens.admin,
      'blockout-periods',
      period({
        name: 'Late November',
        startDatetime: '2026-11-25T00:00:00+11:00',
        endDatetime: '2026-11-26T00:00:00+11:00',
      }),
    );
    const parking = await api(
      server.app,
      'GET',
      `${V1}/blockout-periods/?filter[blockType]=parking&filter[startDatetime__gte]=2026-11-24T00:00:00Z&filter[endDatetime__lte]=2027-01-01T00:00:00Z`,
    );
    const listed = many(parking.body);
    expect(listed[0]?.attributes.name).toBe('Late November');
    expect(listed.map((each) => each.attributes.name)).not.toContain('January');
    const starts = listed.map((each) => String(each.attributes.startDatetime));
    expect(starts).toEqual([...starts].sort());
    const latestFirst = await api(server.app, 'GET', `${V1}/blockout-periods/?sort=-startDatetime`);
    expect(many(latestFirst.body)[0]?.attributes.name).toBe('January');
    expect((await api(server.app, 'GET', `${V1}/blockout-periods/?filter[blockType]=holiday`)).status).toBe(
      400,
    );
  });
});

describe('GET blockout-periods/current_form_blockout/', () => {
  const current = async () => {
    const response = await api(server.app, 'GET', `${V1}/blockout-periods/current_form_blockout/`);
    expect(response.status).toBe(200);
    return response.body.data;
  };

  it('answers null when no online-form blockout is current', async () => {
    // A parking blockout now does not block the form.
    await create(
      server,
      tokens.admin,
      'blockout-periods',
      period({
        name: 'Car park works',
        startDatetime: '2026-11-21T00:00:00+11:00',
        endDatetime: '2026-11-22T00:00:00+11:00',
      }),
    );
    expect(await current()).toBeNull();
  });

  it('answers the online-form blockout current now, and null once it has ended', async () => {
    const outage = await create(
      server,
      tokens.admin,
      'blockout-periods',
      period({
        name: 'Outage',
        blockType: 'online_form',
        message: 'Call us on 03 6200 0000.',
        startDatetime: '2026-11-21T08:00:00+11:00',
        endDatetime: '2026-11-21T12:00:00+11:00',
      }),
    );
    await create(
      server,
      tokens.admin,
      'blockout-periods',
      period({
        name: 'Christmas',
        blockType: 'online_form',
        startDatetime: '2026-12-24T00:00:00+11:00',
        endDatetime: '2026-12-27T00:00:00+11:00',
      }),
    );
    expect(await current()).toEqual({ ...outage, relationships: { extras: { data: [] } } });
    const asCustomer = await api(server.app, 'GET', `${V1}/blockout-periods/current_form_blockout/`, {
      token: tokens.customer,
    });
    expect(one(asCustomer.body).attributes.message).toBe('Call us on 03 6200 0000.');

    server.clock.current = new Date('2026-11-21T12:00:00+11:00');
    expect(await current()).toBeNull();
    server.clock.current = new Date('2026-12-25T10:00:00+11:00');
    expect(one({ data: await current() }).attributes.name).toBe('Christmas');
  });
});

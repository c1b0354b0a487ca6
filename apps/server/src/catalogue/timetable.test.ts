/** Airlines, bus trips and flights: the settings behind the booking form's flight choices. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, linked, patch, rel, signInRoles, V1, type Tokens } from '../test/catalogue-factories';
import { api, createTestServer, firstError, many, one, type TestServer } from '../test/server';

let server: TestServer;
let tokens: Tokens;
const ids = { qantas: '', virgin: '', notFlying: '', weekdayBus: '', weekdayEarly: '', weekendBus: '' };

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInRoles(server);
  ids.qantas = (await create(server, tokens.admin, 'airlines', { name: 'Qantas' })).id;
  ids.virgin = (await create(server, tokens.admin, 'airlines', { name: 'Virgin' })).id;
  ids.notFlying = (await create(server, tokens.admin, 'airlines', { name: 'Not flying' })).id;
  ids.weekdayBus = (
    await create(server, tokens.admin, 'bus-trips', { service: 'weekday', departureTime: '05:30' })
  ).id;
  ids.weekdayEarly = (
    await create(server, tokens.admin, 'bus-trips', { service: 'weekday', departureTime: '04:15:00' })
  ).id;
  ids.weekendBus = (
    await create(server, tokens.admin, 'bus-trips', { service: 'weekend', departureTime: '13:05' })
  ).id;
});
afterAll(() => server.close());

const flight = (attributes: Record<string, unknown>, airline = ids.qantas, busTrip?: string | null) =>
  [
    { flightNumber: 'QF1', time: '06:30', service: 'weekday', ...attributes },
    {
      airline: rel('airlines', airline),
      ...(busTrip === undefined ? {} : { busTrip: rel('bus-trips', busTrip) }),
    },
  ] as const;

describe('airlines', () => {
  it('are listed to anyone by name; Admins create, rename and delete them', async () => {
    const list = await api(server.app, 'GET', `${V1}/airlines/`);
    expect(list.status).toBe(200);
    expect(many(list.body).map((airline) => airline.attributes.name)).toEqual([
      'Not flying',
      'Qantas',
      'Virgin',
    ]);
    const filtered = await api(server.app, 'GET', `${V1}/airlines/?filter[name]=Qantas`, {
      token: tokens.customer,
    });
    expect(many(filtered.body).map((airline) => airline.id)).toEqual([ids.qantas]);

    const jetstar = await create(server, tokens.admin, 'airlines', { name: ' Jetstar ' });
    expect(jetstar.attributes).toEqual({ name: 'Jetstar' });
    const renamed = await patch(server, tokens.admin, 'airlines', jetstar.id, { name: 'Jetstar Airways' });
    expect(one(renamed.body).attributes.name).toBe('Jetstar Airways');
    expect(
      (await api(server.app, 'DELETE', `${V1}/airlines/${jetstar.id}/`, { token: tokens.admin })).status,
    ).toBe(204);
    const gone = await api(server.app, 'GET', `${V1}/airlines/${jetstar.id}/`);
    expect(firstError(gone.body)).toMatchObject({ status: '404', detail: 'Airline not found' });
  });

  it('need a unique name', async () => {
    const blank = await api(server.app, 'POST', `${V1}/airlines/`, {
      token: tokens.admin,
      body: { data: { type: 'airlines', attributes: { name: ' ' } } },
    });
    expect(blank.body.errors).toEqual([
      {
        status: '400',
        code: 'invalid',
        detail: 'This field is required.',
        source: { pointer: '/data/attributes/name' },
      },
    ]);
    const duplicate = await api(server.app, 'POST', `${V1}/airlines/`, {
      token: tokens.admin,
      body: { data: { type: 'airlines', attributes: { name: 'Qantas' } } },
    });
    expect(firstError(duplicate.body)).toMatchObject({
      code: 'unique',
      detail: 'An airline with this name already exists.',
      source: { pointer: '/data/attributes/name' },
    });
  });

  it("keep 'Not flying': it cannot be renamed or deleted", async () => {
    const rename = await patch(server, tokens.admin, 'airlines', ids.notFlying, { name: 'Driving' });
    expect(rename.status).toBe(400);
    expect(firstError(rename.body)?.source?.pointer).toBe('/data/attributes/name');
    const remove = await api(server.app, 'DELETE', `${V1}/airlines/${ids.notFlying}/`, {
      token: tokens.admin,
    });
    expect(remove.status).toBe(400);
    expect(one((await api(server.app, 'GET', `${V1}/airlines/${ids.notFlying}/`)).body).attributes.name).toBe(
      'Not flying',
    );
  });
});

describe('bus trips', () => {
  it('show the departure time as HH:mm:ss and in 12-hour form', async () => {
    const trip = one((await api(server.app, 'GET', `${V1}/bus-trips/${ids.weekendBus}/`)).body);
    expect(trip.attributes).toEqual({
      service: 'weekend',
      departureTime: '13:05:00',
      formattedTime: '1:05 pm',
    });
  });

  it('are filtered by service and ordered by departure time', async () => {
    const response = await api(
      server.app,
      'GET',
      `${V1}/bus-trips/?filter[service]=weekday&sort=departureTime`,
    );
    expect(
      many(response.body).map((trip) => [trip.attributes.departureTime, trip.attributes.formattedTime]),
    ).toEqual([
      ['04:15:00', '4:15 am'],
      ['05:30:00', '5:30 am'],
    ]);
    const bad = await api(server.app, 'GET', `${V1}/bus-trips/?filter[service]=daily`);
    expect(bad.status).toBe(400);
  });

  it('validate the timetable and time, and refuse a second trip at the same time', async () => {
    const invalid = await api(server.app, 'POST', `${V1}/bus-trips/`, {
      token: tokens.admin,
      body: { data: { type: 'bus-trips', attributes: { service: '', departureTime: '24:00' } } },
    });
    expect(invalid.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/service', 'This field is required.'],
      ['/data/attributes/departureTime', 'Enter a valid time (HH:mm).'],
    ]);
    const twice = await api(server.app, 'POST', `${V1}/bus-trips/`, {
      token: tokens.admin,
      body: { data: { type: 'bus-trips', attributes: { service: 'weekday', departureTime: '05:30:00' } } },
    });
    expect(firstError(twice.body)).toMatchObject({
      code: 'unique',
      source: { pointer: '/data/attributes/departureTime' },
    });
  });
});

describe('flights', () => {
  it('require an airline, a timetable, a flight number and a time', async () => {
    const response = await api(server.app, 'POST', `${V1}/flights/`, {
      token: tokens.admin,
      body: { data: { type: 'flights', attributes: {} } },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((error) => error.source?.pointer)).toEqual([
      '/data/attributes/flightNumber',
      '/data/attributes/time',
      '/data/attributes/service',
    ]);
    const [attributes] = flight({});
    const noAirline = await api(server.app, 'POST', `${V1}/flights/`, {
      token: tokens.admin,
      body: { data: { type: 'flights', attributes } },
    });
    expect(firstError(noAirline.body)).toMatchObject({
      detail: 'This field is required.',
      source: { pointer: '/data/relationships/airline' },
    });
  });

  it('are filtered by departure, airline and service, ordered by time, with their bus trip included', async () => {
    await create(
      server,
      tokens.admin,
      'flights',
      ...flight({ flightNumber: 'QF9', time: '07:45' }, ids.qantas, ids.weekdayBus),
    );
    await create(
      server,
      tokens.admin,
      'flights',
      ...flight(
        { flightNumber: 'QF5', time: '06:10', flightLabel: 'QF5 to Sydney' },
        ids.qantas,
        ids.weekdayEarly,
      ),
    );
    await create(
      server,
      tokens.admin,
      'flights',
      ...flight({ flightNumber: 'QF7', time: '06:00', service: 'weekend' }, ids.qantas, ids.weekendBus),
    );
    await create(
      server,
      tokens.admin,
      'flights',
      ...flight({ flightNumber: 'VA2', time: '05:00' }, ids.virgin),
    );
    await create(
      server,
      tokens.admin,
      'flights',
      ...flight({ flightNumber: 'QF6', time: '05:00', departure: false }, ids.qantas),
    );

    const url = `${V1}/flights/?filter[departure]=true&filter[airline]=${ids.qantas}&filter[service]=weekday&sort=time&include=busTrip,airline`;
    const response = await api(server.app, 'GET', url);
    expect(response.status).toBe(200);
    const flights = many(response.body);
    expect(flights.map((each) => [each.attributes.flightNumber, each.attributes.time])).toEqual([
      ['QF5', '06:10:00'],
      ['QF9', '07:45:00'],
    ]);
    expect(flights[0]?.attributes).toEqual({
      flightNumber: 'QF5',
      flightLabel: 'QF5 to Sydney',
      time: '06:10:00',
      departure: true,
      service: 'weekday',
    });
    expect(linked(flights[0] ?? { type: '', id: '', attributes: {} }, 'busTrip')).toEqual([ids.weekdayEarly]);
    const included = (response.body.included ?? [])
      .map((resource) => `${resource.type}:${resource.id}`)
      .sort();
    expect(included).toEqual(
      [`airlines:${ids.qantas}`, `bus-trips:${ids.weekdayBus}`, `bus-trips:${ids.weekdayEarly}`].sort(),
    );

    const arrivals = await api(server.app, 'GET', `${V1}/flights/?filter[departure]=false`);
    expect(many(arrivals.body).map((each) => each.attributes.flightNumber)).toEqual(['QF6']);
  });

  it('refuse a bus trip of the other timetable', async () => {
    const response = await api(server.app, 'POST', `${V1}/flights/`, {
      token: tokens.admin,
      body: {
        data: {
          type: 'flights',
          attributes: flight({})[0],
          relationships: flight({}, ids.qantas, ids.weekendBus)[1],
        },
      },
    });
    expect(response.status).toBe(400);
    expect(firstError(response.body)).toMatchObject({
      detail: "The bus trip must run on the flight's timetable.",
      source: { pointer: '/data/relationships/busTrip' },
    });
  });

  it('drop the bus trip of an arrival, and of a flight moved to the other timetable', async () => {
    const arrival = await create(
      server,
      tokens.admin,
      'flights',
      ...flight({ flightNumber: 'QF20', departure: false }, ids.qantas, ids.weekdayBus),
    );
    expect(linked(arrival, 'busTrip')).toEqual([]);

    const departure = await create(
      server,
      tokens.admin,
      'flights',
      ...flight({ flightNumber: 'QF21' }, ids.qantas, ids.weekdayBus),
    );
    expect(linked(departure, 'busTrip')).toEqual([ids.weekdayBus]);
    const moved = await patch(server, tokens.admin, 'flights', departure.id, { service: 'weekend' });
    expect(moved.status).toBe(200);
    expect(one(moved.body).attributes.service).toBe('weekend');
    expect(linked(one(moved.body), 'busTrip')).toEqual([]);

    const rebused = await patch(
      server,
      tokens.admin,
      'flights',
      departure.id,
      {},
      { busTrip: rel('bus-trips', ids.weekendBus) },
    );
    expect(linked(one(rebused.body), 'busTrip')).toEqual([ids.weekendBus]);
    const landed = await patch(server, tokens.admin, 'flights', departure.id, { departure: false });
    expect(linked(one(landed.body), 'busTrip')).toEqual([]);
  });

  it('keep their bus trip on the same timetable; a trip used by flights cannot change timetable', async () => {
    const departure = await create(
      server,
      tokens.admin,
      'flights',
      ...flight({ flightNumber: 'QF30' }, ids.qantas, ids.weekdayBus),
    );
    const renamed = await patch(server, tokens.admin, 'flights', departure.id, {
      flightNumber: 'QF31',
      time: '09:00',
    });
    expect(one(renamed.body).attributes).toMatchObject({ flightNumber: 'QF31', time: '09:00:00' });
    expect(linked(one(renamed.body), 'busTrip')).toEqual([ids.weekdayBus]);

    const moveTrip = await patch(server, tokens.admin, 'bus-trips', ids.weekdayBus, { service: 'weekend' });
    expect(moveTrip.status).toBe(400);
    expect(firstError(moveTrip.body)).toMatchObject({
      detail: 'Flights on the weekday timetable use this bus trip.',
      source: { pointer: '/data/attributes/service' },
    });
  });

  it('deleting a bus trip leaves its flights without one; the not-found text is the back office’s', async () => {
    const trip = await create(server, tokens.admin, 'bus-trips', {
      service: 'weekday',
      departureTime: '20:00',
    });
    const departure = await create(
      server,
      tokens.admin,
      'flights',
      ...flight({ flightNumber: 'QF40', time: '21:00' }, ids.qantas, trip.id),
    );
    expect(
      (await api(server.app, 'DELETE', `${V1}/bus-trips/${trip.id}/`, { token: tokens.admin })).status,
    ).toBe(204);
    expect(
      linked(one((await api(server.app, 'GET', `${V1}/flights/${departure.id}/`)).body), 'busTrip'),
    ).toEqual([]);
    expect(firstError((await api(server.app, 'GET', `${V1}/bus-trips/${trip.id}/`)).body)?.detail).toBe(
      'Bus Trip not found',
    );
    expect(
      (await api(server.app, 'DELETE', `${V1}/flights/${departure.id}/`, { token: tokens.admin })).status,
    ).toBe(204);
    expect(firstError((await api(server.app, 'GET', `${V1}/flights/${departure.id}/`)).body)?.detail).toBe(
      'Flight not found',
    );
  });
});

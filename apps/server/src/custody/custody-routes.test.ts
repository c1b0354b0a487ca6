/**
 * The custody record through the API (issue 23): who may write it (staff: Admins and Sales), who may
 * read it (staff, the booking's customer, a manage-booking token), the rules (row within the region,
 * kilometres out not below in, the order of events), the booking's check-in fields kept equal to it,
 * its Edit History and audit entries, and the traveller's emails.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@parking/domain/constants';
import { custodyMessages } from '@parking/domain/custody';
import { auditLogs, bookingLogs, bookings, customers, lotRegions } from '../db/schema/index';
import { createUser, login } from '../test/factories';
import { asGuest, useManageBookingServer, V1 } from '../test/manage-booking-api';
import { api, doc, firstError, one } from '../test/server';

const { server, f, row, paidGuestBooking, guestToken } = useManageBookingServer();

const people = {} as Record<
  'admin' | 'sales' | 'employee' | 'owner' | 'other',
  { token: string; customerId: number }
>;
const regions = {} as Record<'a' | 'b' | 'indoor', number>;

beforeAll(async () => {
  const db = server.handle.db;
  const make = async (roles: Role[], staff = false) => {
    const { user, customer } = await createUser(db, { roles });
    if (staff) await db.update(customers).set({ staff: true }).where(eq(customers.id, customer.id));
    return { token: await login(server.app, user.email), customerId: customer.id };
  };
  people.admin = await make(['Admins'], true);
  people.sales = await make(['Sales'], true);
  people.employee = await make(['Employees'], true);
  people.owner = await make(['Customers']);
  people.other = await make(['Customers']);
  const [a, b, indoor] = await db
    .insert(lotRegions)
    .values([
      { lotId: f.outdoor.id, name: 'Bay A', rows: 5 },
      { lotId: f.outdoor.id, name: 'Bay B', rows: 3 },
      { lotId: f.indoor.id, name: 'Level 1', rows: 8 },
    ])
    .returning();
  if (!a || !b || !indoor) throw new Error('regions');
  Object.assign(regions, { a: a.id, b: b.id, indoor: indoor.id });
});

/** A paid guest booking of the outdoor lot that belongs to the owner's account. */
async function ownedBooking() {
  const booking = await paidGuestBooking();
  await server.handle.db
    .update(bookings)
    .set({ customerId: people.owner.customerId })
    .where(eq(bookings.id, booking.id));
  return booking;
}

const ref = (type: string, id: number) => ({ data: { type, id: String(id) } });
const nowIso = () => server.clock.now().toISOString();

const checkIn = (
  id: number,
  token: string | undefined,
  attributes: Record<string, unknown> = {},
  region = regions.a,
) =>
  api(server.app, 'POST', `${V1}/bookings/${id}/custody/check-ins/`, {
    token,
    body: doc(
      'custody-check-ins',
      { lotRegionRow: 2, timeParked: nowIso(), fuelLevel: '3/4', kilometers: 45_210, ...attributes },
      { relationships: { lotRegion: ref('lot-regions', region) } },
    ),
  });
const move = (id: number, token: string, region: number, lotRegionRow: number) =>
  api(server.app, 'POST', `${V1}/bookings/${id}/custody/moves/`, {
    token,
    body: doc(
      'custody-moves',
      { lotRegionRow, at: nowIso() },
      { relationships: { lotRegion: ref('lot-regions', region) } },
    ),
  });
const handBack = (id: number, token: string, kilometers: number | null) =>
  api(server.app, 'POST', `${V1}/bookings/${id}/custody/hand-backs/`, {
    token,
    body: doc('custody-hand-backs', { at: nowIso(), kilometers }),
  });
const record = (id: number, options: Parameters<typeof api>[3] = {}) =>
  api(server.app, 'GET', `${V1}/bookings/${id}/custody/`, options);

describe('who may write the record', () => {
  it('staff (Admins and Sales) only: anonymous 401, a customer (its owner too) and an Employee 403', async () => {
    const booking = await ownedBooking();
    expect((await checkIn(booking.id, undefined)).status).toBe(401);
    expect((await checkIn(booking.id, people.owner.token)).status).toBe(403);
    expect((await checkIn(booking.id, people.other.token)).status).toBe(403);
    expect((await checkIn(booking.id, people.employee.token)).status).toBe(403);
    expect((await row(booking.id))?.lotRegionRow).toBeNull();
    const status = async () =>
      one((await api(server.app, 'GET', `${V1}/bookings/${booking.id}/`, { token: people.owner.token })).body)
        .attributes.custodyStatus;
    expect(await status()).toBe('awaiting');
    expect((await checkIn(booking.id, people.sales.token)).status).toBe(201);
    expect(await status()).toBe('parked');
    expect((await move(booking.id, people.admin.token, regions.b, 1)).status).toBe(201);
    expect((await checkIn(999_999, people.sales.token)).status).toBe(404);
  });
});

describe('checking a car in, moving it, handing it back', () => {
  it('records each entry with its staff member, keeps the booking’s fields equal, logs, audits and emails', async () => {
    const booking = await ownedBooking();
    server.mail.length = 0;
    const checked = await checkIn(booking.id, people.sales.token, {
      damage: [
        { area: 'front', note: 'Scratch on the bumper' },
        { area: 'roof', note: '' },
      ],
      keyTag: 'K-17',
      notes: 'Child seat in the back',
    });
    expect(checked.status).toBe(201);
    expect(one(checked.body).attributes).toMatchObject({
      status: 'parked',
      lotRegionName: 'Bay A',
      lotRegionRow: 2,
      fuelLevel: '3/4',
      kilometersIn: 45_210,
      keyTag: 'K-17',
      damage: [
        { area: 'front', note: 'Scratch on the bumper' },
        { area: 'roof', note: '' },
      ],
      entries: [{ kind: 'checked_in', lotRegionRow: 2, kilometers: 45_210 }],
    });
    // Parked By is the signed-in staff member when none is named; the spec's fields follow the record.
    expect(await row(booking.id)).toMatchObject({
      lotRegionId: regions.a,
      lotRegionRow: 2,
      fuelLevel: '3/4',
      damage: 'Front: Scratch on the bumper; Roof',
      kilometers: 45_210,
      vehicleNotes: 'Child seat in the back',
      parkedById: people.sales.customerId,
    });
    expect(server.mail.map((mail) => mail.subject)).toEqual([`Your car is parked: booking ${booking.code}`]);
    expect(server.mail[0]?.text).toContain('Damage: Front (Scratch on the bumper), Roof');
    expect(server.mail[0]?.text).toContain('Kilometres: 45,210 km');
    expect(server.mail[0]?.html).toContain('max-width:560px');

    server.clock.advance(60 * 60_000);
    expect((await move(booking.id, people.admin.token, regions.b, 3)).status).toBe(201);
    expect(await row(booking.id)).toMatchObject({ lotRegionId: regions.b, lotRegionRow: 3 });

    server.clock.advance(2 * 24 * 3_600_000);
    const below = await handBack(booking.id, people.sales.token, 45_000);
    expect(below.status).toBe(400);
    expect(firstError(below.body)).toMatchObject({
      detail: custodyMessages.kilometersBelowIn(45_210),
      source: { pointer: '/data/attributes/kilometers' },
    });
    const back = await handBack(booking.id, people.sales.token, 45_252);
    expect(back.status).toBe(201);
    expect(one(back.body).attributes).toMatchObject({
      status: 'handed_back',
      kilometersOut: 45_252,
      kilometersDriven: 42,
      entries: [
        { kind: 'checked_in' },
        { kind: 'moved', lotRegionName: 'Bay B', lotRegionRow: 3 },
        { kind: 'handed_back' },
      ],
    });
    expect(server.mail.at(-1)?.subject).toBe(`Your car has been handed back: booking ${booking.code}`);
    const listed = await api(server.app, 'GET', `${V1}/bookings/${booking.id}/`, {
      token: people.sales.token,
    });
    expect(one(listed.body).attributes.custodyStatus).toBe('handed_back');
    expect(server.mail.at(-1)?.text).toContain('Driven in our care: 42 km');
    expect(firstError((await handBack(booking.id, people.sales.token, 45_300)).body)?.detail).toBe(
      custodyMessages.alreadyHandedBack,
    );

    const logs = await server.handle.db
      .select()
      .from(bookingLogs)
      .where(eq(bookingLogs.bookingId, booking.id));
    expect(logs.map((log) => log.action)).toEqual(
      expect.arrayContaining(['checked_in', 'moved', 'handed_back']),
    );
    const audit = await server.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceType, 'bookings'), eq(auditLogs.resourceId, String(booking.id))));
    const custody = audit.filter((entry) => ['check_in', 'custody_move', 'hand_back'].includes(entry.action));
    expect(custody.map((entry) => entry.action)).toEqual(['check_in', 'custody_move', 'hand_back']);
    expect(custody[0]?.changes).toMatchObject({
      lotRegionRow: { from: null, to: 2 },
      kilometers: { from: null, to: 45_210 },
    });
  });

  it('answers each wrong value beside its field, in the rules’ words, and changes nothing', async () => {
    const booking = await ownedBooking();
    const pointer = async (response: ReturnType<typeof checkIn>) => {
      const answered = await response;
      expect(answered.status).toBe(400);
      return firstError(answered.body);
    };
    expect(await pointer(checkIn(booking.id, people.sales.token, { lotRegionRow: 6 }))).toMatchObject({
      detail: custodyMessages.rowOutOfRange(5),
      source: { pointer: '/data/attributes/lotRegionRow' },
    });
    expect(await pointer(checkIn(booking.id, people.sales.token, {}, regions.indoor))).toMatchObject({
      detail: custodyMessages.regionOfAnotherLot,
      source: { pointer: '/data/relationships/lotRegion' },
    });
    const notStaff = api(server.app, 'POST', `${V1}/bookings/${booking.id}/custody/check-ins/`, {
      token: people.sales.token,
      body: doc(
        'custody-check-ins',
        { lotRegionRow: 1, timeParked: nowIso() },
        {
          relationships: {
            lotRegion: ref('lot-regions', regions.a),
            parkedBy: ref('customers', people.other.customerId),
          },
        },
      ),
    });
    expect(await pointer(notStaff)).toMatchObject({ detail: custodyMessages.notStaff });
    expect(await pointer(checkIn(booking.id, people.sales.token, { kilometers: -4 }))).toMatchObject({
      source: { pointer: '/data/attributes/kilometers' },
    });
    expect(
      await pointer(checkIn(booking.id, people.sales.token, { damage: [{ area: 'bonnet', note: '' }] })),
    ).toMatchObject({ source: { pointer: '/data/attributes/damage/0/area' } });
    const future = new Date(server.clock.now().getTime() + 3_600_000).toISOString();
    expect(await pointer(checkIn(booking.id, people.sales.token, { timeParked: future }))).toMatchObject({
      detail: custodyMessages.inFuture,
      source: { pointer: '/data/attributes/timeParked' },
    });
    expect(firstError((await move(booking.id, people.sales.token, regions.a, 1)).body)?.detail).toBe(
      custodyMessages.notCheckedIn,
    );
    expect((await row(booking.id))?.lotRegionRow).toBeNull();
    expect(one((await record(booking.id, { token: people.sales.token })).body).attributes).toMatchObject({
      status: 'awaiting',
      entries: [],
    });
  });
});

describe('who may read the record', () => {
  it('staff, the booking’s customer and a manage token; another customer 404, anonymous 403', async () => {
    const booking = await ownedBooking();
    expect((await checkIn(booking.id, people.sales.token, { keyTag: 'K-3' })).status).toBe(201);
    const staff = await record(booking.id, { token: people.admin.token });
    expect(one(staff.body).attributes).toMatchObject({ keyTag: 'K-3', status: 'parked' });
    const owner = await record(booking.id, { token: people.owner.token });
    expect(owner.status).toBe(200);
    expect(one(owner.body).attributes).not.toHaveProperty('keyTag');
    expect(one(owner.body).attributes).not.toHaveProperty('notes');
    const token = await guestToken(booking.code, booking.email);
    expect((await record(booking.id, asGuest(token))).status).toBe(200);
    expect((await record(booking.id, { token: people.other.token })).status).toBe(404);
    expect((await record(booking.id)).status).toBe(403);
  });
});

describe('the booking form and the check-in screen', () => {
  it('write the record too: their check-in is an entry with its staff member, a new row for a parked car a move', async () => {
    const booking = await ownedBooking();
    const patch = (attributes: Record<string, unknown>, relationships: Record<string, unknown>) =>
      api(server.app, 'PATCH', `${V1}/bookings/${booking.id}/`, {
        token: people.admin.token,
        body: { data: { type: 'bookings', id: String(booking.id), attributes, relationships } },
      });
    const parkedAt = new Date(server.clock.now().getTime() - 5 * 60_000).toISOString();
    const checked = await patch(
      { lotRegionRow: 4, timeParked: parkedAt, fuelLevel: '1/2', damage: 'Dent on the driver’s door' },
      { lotRegion: ref('lot-regions', regions.a), parkedBy: ref('customers', people.sales.customerId) },
    );
    expect(checked.status).toBe(200);
    const afterCheckIn = one((await record(booking.id, { token: people.admin.token })).body).attributes;
    expect(afterCheckIn).toMatchObject({
      status: 'parked',
      lotRegionRow: 4,
      fuelLevel: '1/2',
      entries: [{ kind: 'checked_in', lotRegionRow: 4, at: parkedAt }],
    });
    expect((await patch({ lotRegionRow: 1 }, { lotRegion: ref('lot-regions', regions.b) })).status).toBe(200);
    const afterMove = one((await record(booking.id, { token: people.admin.token })).body).attributes;
    expect(afterMove).toMatchObject({
      status: 'parked',
      lotRegionName: 'Bay B',
      lotRegionRow: 1,
      entries: [{ kind: 'checked_in' }, { kind: 'moved', lotRegionRow: 1 }],
    });
    // An edit that does not touch the check-in adds nothing.
    expect((await patch({ publicNotes: 'Keys in the box' }, {})).status).toBe(200);
    const entries = one((await record(booking.id, { token: people.admin.token })).body).attributes.entries;
    expect(entries).toHaveLength(2);
  });
});

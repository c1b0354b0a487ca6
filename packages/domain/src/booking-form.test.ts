import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  busForOtherFlight,
  changedPayload,
  dropOffForBus,
  followDepartureDate,
  newStaffBookingValues,
  staffBookingFormSchema,
  staffBookingPayload,
  staffChargesSubscriptionGaps,
  type StaffBookingFormValues,
} from './booking-form';
import { messages } from './messages';

const TZ = 'Australia/Hobart';

const valid: StaffBookingFormValues = {
  ...newStaffBookingValues('2026-12-04'),
  customer: '17',
  title: 'Mrs',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '0400 000 000',
  email: 'Ada@Example.com',
  bookingType: 'Regular',
  rego: 'abc 123',
  make: 'Toyota',
  model: 'Corolla',
  colour: 'White',
  vehicleType: '3',
  airlineOut: '1',
  flightOut: '12',
  flightNumberOut: 'QF1505',
  flightTimeOut: '06:00',
  busDepartureTime: '05:00',
  dropOffTime: '04:50',
  arrivalDate: '2026-12-08',
  airlineIn: '1',
  flightIn: '30',
  flightNumberIn: 'QF1510',
  arrivalTime: '18:30',
  extras: ['4', '5'],
  discountRate: '12.5',
};

const errorsOf = (values: StaffBookingFormValues) => {
  const result = staffBookingFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('staffBookingFormSchema', () => {
  it('accepts a complete booking and normalises rego, email and the discount rate', () => {
    const parsed = staffBookingFormSchema.parse(valid);
    expect(parsed.rego).toBe('ABC123');
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.discountRate).toBe('0.125');
    expect(parsed.passengersOut).toBe(1);
  });

  it('asks for every required field with the spec’s message', () => {
    const errors = errorsOf(newStaffBookingValues('2026-12-04'));
    for (const field of [
      'title',
      'firstName',
      'lastName',
      'phoneNumber',
      'rego',
      'make',
      'model',
      'colour',
      'vehicleType',
      'airlineOut',
    ]) {
      expect(errors[field], field).toBe(messages.required);
    }
    expect(errors.email).toBe(messages.emailRequired);
  });

  it('needs a flight, its bus and departure time when flying out; a flight number for Other', () => {
    expect(
      errorsOf({ ...valid, flightOut: '', busDepartureTime: '', flightTimeOut: '', dropOffTime: '' }),
    ).toMatchObject({
      flightOut: messages.required,
      busDepartureTime: messages.required,
      flightTimeOut: messages.required,
      dropOffTime: messages.required,
    });
    expect(errorsOf({ ...valid, flightOut: '0', flightNumberOut: '' })).toMatchObject({
      flightNumberOut: messages.required,
    });
  });

  it('needs only the drop-off time when the airline is Not flying', () => {
    const errors = errorsOf({
      ...valid,
      notFlyingOut: true,
      flightOut: '',
      flightNumberOut: '',
      busDepartureTime: '',
      flightTimeOut: '',
      dropOffTime: '07:15',
    });
    expect(errors).toEqual({});
  });

  it('keeps the spec’s passenger and discount messages', () => {
    expect(errorsOf({ ...valid, passengersOut: '-1', passengersIn: 'x' })).toMatchObject({
      passengersOut: messages.numberGreaterOrEqualZero,
      passengersIn: messages.numberGreaterOrEqualZero,
    });
    expect(errorsOf({ ...valid, discountRate: '101' })).toMatchObject({
      discountRate: messages.percentRange,
    });
    expect(errorsOf({ ...valid, discountRate: '' })).toMatchObject({ discountRate: messages.percentRange });
  });

  it('refuses a return before the drop-off, worded as the spec gives it', () => {
    // Same day: drop-off 04:50 (10 minutes before the 05:00 bus), back at 04:00.
    expect(errorsOf({ ...valid, arrivalDate: '2026-12-04', arrivalTime: '04:00' })).toMatchObject({
      arrivalDate: messages.arrivalBeforeDeparture,
    });
    expect(errorsOf({ ...valid, arrivalDate: '2026-12-04', arrivalTime: '05:30' })).toEqual({});
  });

  it('checks the row is a whole number from 1', () => {
    expect(errorsOf({ ...valid, lotRegion: '2', lotRegionRow: '0' })).toMatchObject({
      lotRegionRow: messages.numberGreaterThanZero,
    });
  });
});

describe('staffBookingPayload', () => {
  it('drops the car off at the drop-off time and collects it at the arrival time, in the business zone', () => {
    const payload = staffBookingPayload(staffBookingFormSchema.parse(valid), TZ, { promoCode: '' });
    // 4 December is daylight time in Hobart (+11:00).
    expect(payload.attributes.startDatetime).toBe(new Date('2026-12-04T04:50:00+11:00').toISOString());
    expect(payload.attributes.endDatetime).toBe(new Date('2026-12-08T18:30:00+11:00').toISOString());
    expect(payload.attributes.busDepartureTime).toBe('05:00');
    expect(payload.attributes.discountRate).toBe('0.125');
    expect(payload.relationships.extras).toEqual([
      { type: 'extras', id: '4' },
      { type: 'extras', id: '5' },
    ]);
    expect(payload.relationships.customer).toEqual({ type: 'customers', id: '17' });
    expect(payload.relationships.lotRegion).toBeNull();
  });

  it('leaves out the flight number and bus when not flying, and the row without a region', () => {
    const values = staffBookingFormSchema.parse({
      ...valid,
      notFlyingOut: true,
      flightOut: '',
      busDepartureTime: '',
      flightTimeOut: '',
      dropOffTime: '07:15',
      lotRegionRow: '3',
    });
    const payload = staffBookingPayload(values, TZ, { promoCode: '' });
    expect(payload.attributes.flightNumberOut).toBe('');
    expect(payload.attributes.busDepartureTime).toBeNull();
    expect(payload.attributes.startDatetime).toBe(new Date('2026-12-04T07:15:00+11:00').toISOString());
    expect(payload.attributes.lotRegionRow).toBeNull();
  });

  it('always saves a return after the drop-off for any form the schema accepts', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(time, time, fc.integer({ min: 0, max: 30 }), fc.boolean(), (bus, back, days, notFlying) => {
        const arrival = new Date(Date.UTC(2026, 11, 4 + days)).toISOString().slice(0, 10);
        const values = {
          ...valid,
          notFlyingOut: notFlying,
          busDepartureTime: bus,
          dropOffTime: bus,
          arrivalDate: arrival,
          arrivalTime: back,
        };
        const parsed = staffBookingFormSchema.safeParse(values);
        if (!parsed.success) return;
        const payload = staffBookingPayload(parsed.data, TZ, { promoCode: '' });
        expect(new Date(payload.attributes.endDatetime).getTime()).toBeGreaterThan(
          new Date(payload.attributes.startDatetime).getTime(),
        );
      }),
    );
  });
});

describe('form rules of back-office §4', () => {
  it('moves the arrival date to a new departure date and defaults its time to 23:59', () => {
    expect(followDepartureDate({ arrivalDate: '2026-12-01', arrivalTime: '' }, '2026-12-09')).toEqual({
      arrivalDate: '2026-12-09',
      arrivalTime: '23:59',
    });
    expect(followDepartureDate({ arrivalDate: '2026-12-01', arrivalTime: '10:00' }, '2026-12-09')).toEqual({
      arrivalDate: '2026-12-09',
      arrivalTime: '10:00',
    });
  });

  it('suggests a drop-off 10 minutes before the bus', () => {
    expect(dropOffForBus('05:00')).toBe('04:50');
    expect(dropOffForBus('00:05')).toBe('23:55');
    expect(dropOffForBus('')).toBe('');
  });

  it('puts an Other flight’s bus an hour before it', () => {
    expect(busForOtherFlight('06:30')).toBe('05:30');
    expect(busForOtherFlight('00:20')).toBe('23:20');
    expect(busForOtherFlight('')).toBe('');
  });

  it('charges subscription gaps only once the stay has started', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(staffChargesSubscriptionGaps(new Date('2026-12-01T09:00:00Z'), now)).toBe(true);
    expect(staffChargesSubscriptionGaps(now, now)).toBe(true);
    expect(staffChargesSubscriptionGaps(new Date('2026-12-02T09:00:00Z'), now)).toBe(false);
  });
});

describe('changedPayload', () => {
  it('keeps only what the changed fields feed', () => {
    const payload = staffBookingPayload(staffBookingFormSchema.parse(valid), TZ, { promoCode: '' });
    const dirty = new Set(['arrivalTime', 'extras', 'notes']);
    const changed = changedPayload(payload, (field) => dirty.has(field));
    expect(Object.keys(changed.attributes).sort()).toEqual(['endDatetime', 'notes']);
    expect(Object.keys(changed.relationships)).toEqual(['extras']);
    expect(changedPayload(payload, (field) => field === 'discount').attributes).toEqual({
      promoCode: '',
      discountRate: '0.125',
    });
  });
});

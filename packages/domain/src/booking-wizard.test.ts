import { describe, expect, it } from 'vitest';
import {
  carStepSchema,
  detailsStepSchema,
  dropOffHasPassed,
  dropOffTime,
  flightsStepSchema,
  OTHER_FLIGHT,
  plannedDropOffHasPassed,
} from './booking-wizard';
import { messages } from './messages';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const flying = {
  sameDay: false,
  airlineOut: '1',
  notFlyingOut: false,
  flightOut: '12',
  flightNumberOut: '',
  flightTimeOut: '07:30:00',
  busDepartureTime: '06:30:00',
  airlineIn: '1',
  notFlyingIn: false,
  flightIn: '20',
  flightNumberIn: '',
  flightTimeIn: '18:05:00',
  passengersOut: '2',
  passengersIn: 2,
  confirmed: true,
};

describe('wizard steps', () => {
  it('details: the booking field rules and the spec messages', () => {
    expect(
      issues(
        detailsStepSchema.safeParse({
          title: '',
          firstName: ' ',
          lastName: '',
          phoneNumber: '',
          email: 'nope',
        }),
      ),
    ).toEqual({
      title: messages.required,
      firstName: messages.required,
      lastName: messages.required,
      phoneNumber: messages.required,
      email: messages.emailInvalid,
    });
  });

  it('car: rego upper-cased and stripped, vehicle type required', () => {
    const result = carStepSchema.safeParse({
      rego: ' ab 12 cd',
      make: 'Mazda',
      model: 'CX-5',
      colour: 'Red',
      vehicleType: '3',
    });
    expect(result.data?.rego).toBe('AB12CD');
    expect(
      issues(
        carStepSchema.safeParse({ rego: 'X', make: 'Mazda', model: 'CX-5', colour: 'Red', vehicleType: '' }),
      ),
    ).toEqual({
      vehicleType: messages.required,
    });
  });

  it('flights: a listed flight, with passengers above 0 and the confirmation ticked', () => {
    expect(flightsStepSchema.safeParse(flying).success).toBe(true);
    expect(
      issues(
        flightsStepSchema.safeParse({ ...flying, passengersOut: 0, passengersIn: '', confirmed: false }),
      ),
    ).toEqual({
      passengersOut: messages.numberGreaterThanZero,
      passengersIn: messages.numberGreaterThanZero,
      confirmed: messages.required,
    });
  });

  it('flights: Other needs a flight number and time; Not flying needs a time only', () => {
    expect(
      issues(flightsStepSchema.safeParse({ ...flying, flightOut: OTHER_FLIGHT, flightTimeOut: '' })),
    ).toEqual({
      flightNumberOut: messages.required,
      flightTimeOut: messages.required,
    });
    expect(
      issues(
        flightsStepSchema.safeParse({ ...flying, flightOut: '', notFlyingOut: true, flightTimeOut: '' }),
      ),
    ).toEqual({
      flightTimeOut: messages.required,
    });
    expect(issues(flightsStepSchema.safeParse({ ...flying, flightIn: '' }))).toEqual({
      flightIn: messages.required,
    });
  });

  it('flights: reports the flight problems together with the missing airline, not one after the other', () => {
    expect(
      issues(
        flightsStepSchema.safeParse({
          ...flying,
          airlineIn: '',
          flightOut: OTHER_FLIGHT,
          flightTimeOut: '',
          confirmed: false,
        }),
      ),
    ).toEqual({
      airlineIn: messages.required,
      confirmed: messages.required,
      flightNumberOut: messages.required,
      flightTimeOut: messages.required,
    });
  });

  it('flights: a same-day return before the drop-off is refused with the spec wording', () => {
    expect(
      issues(flightsStepSchema.safeParse({ ...flying, sameDay: true, flightTimeIn: '06:00:00' })),
    ).toEqual({
      flightIn: messages.arrivalBeforeDeparture,
    });
    expect(flightsStepSchema.safeParse({ ...flying, sameDay: true }).success).toBe(true);
  });

  it('drop-off: ten minutes before the bus, or the manual time', () => {
    expect(
      dropOffTime({ notFlyingOut: false, flightTimeOut: '07:30:00', busDepartureTime: '06:30:00' }),
    ).toBe('06:20:00');
    expect(dropOffTime({ notFlyingOut: true, flightTimeOut: '09:15', busDepartureTime: '' })).toBe(
      '09:15:00',
    );
  });

  it('a departure today is allowed, a drop-off time that has gone by is not (Hobart time)', () => {
    // 27/11/2026 10:00 am in Hobart (AEDT, +11).
    const now = new Date('2026-11-26T23:00:00Z');
    const zone = 'Australia/Hobart';
    expect(dropOffHasPassed(new Date('2026-11-26T22:59:59Z'), now)).toBe(true);
    expect(dropOffHasPassed(now, now)).toBe(false);
    const bus = (busDepartureTime: string) => ({ notFlyingOut: false, flightTimeOut: '', busDepartureTime });
    // The 10:05 bus: drop-off by 9:55, gone; the 10:15 bus: drop-off by 10:05, still to come.
    expect(plannedDropOffHasPassed(bus('10:05:00'), '2026-11-27', now, zone)).toBe(true);
    expect(plannedDropOffHasPassed(bus('10:15:00'), '2026-11-27', now, zone)).toBe(false);
    // Tomorrow's early bus and a typed time later today are fine; nothing chosen yet is not refused.
    expect(plannedDropOffHasPassed(bus('05:00:00'), '2026-11-28', now, zone)).toBe(false);
    const typed = { notFlyingOut: true, flightTimeOut: '09:30', busDepartureTime: '' };
    expect(plannedDropOffHasPassed(typed, '2026-11-27', now, zone)).toBe(true);
    expect(plannedDropOffHasPassed({ ...typed, flightTimeOut: '10:30' }, '2026-11-27', now, zone)).toBe(
      false,
    );
    expect(plannedDropOffHasPassed(bus(''), '2026-11-27', now, zone)).toBe(false);
  });
});

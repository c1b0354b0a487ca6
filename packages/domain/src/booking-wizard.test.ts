import { describe, expect, it } from 'vitest';
import {
  carStepSchema,
  detailsStepSchema,
  dropOffTime,
  flightsStepSchema,
  OTHER_FLIGHT,
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
});

import { describe, expect, it } from 'vitest';
import { OTHER_FLIGHT } from './booking-wizard';
import { flightsBlockoutProblem } from './flights-blockouts';
import { messages } from './messages';

const ZONE = 'Australia/Hobart';
const dates = { startDate: '2026-12-10', endDate: '2026-12-14' };
// Hobart is +11 in December: 10:00 to 14:00 on the departure day, and 16:00 to 18:00 on the return day.
const morning = {
  message: 'Closed for line marking.',
  startDatetime: '2026-12-09T23:00:00.000Z',
  endDatetime: '2026-12-10T03:00:00.000Z',
};
const evening = {
  message: '',
  startDatetime: '2026-12-14T05:00:00.000Z',
  endDatetime: '2026-12-14T07:00:00.000Z',
};

const notFlying = (dropOff: string, pickUp: string) => ({
  notFlyingOut: true,
  flightOut: '',
  flightTimeOut: dropOff,
  busDepartureTime: '',
  notFlyingIn: true,
  flightIn: '',
  flightTimeIn: pickUp,
});

describe('the flights step against a quote’s parking blockouts', () => {
  it('refuses a typed drop-off time inside a part-day blockout beside that time, with its message', () => {
    expect(flightsBlockoutProblem(notFlying('11:00', '20:00'), dates, [morning, evening], ZONE)).toEqual({
      field: 'flightTimeOut',
      message: 'Closed for line marking.',
    });
  });

  it('lets a time outside the period through (half-open: its end is free again)', () => {
    expect(
      flightsBlockoutProblem(notFlying('09:59', '20:00'), dates, [morning, evening], ZONE),
    ).toBeUndefined();
    expect(
      flightsBlockoutProblem(notFlying('14:00', '18:00'), dates, [morning, evening], ZONE),
    ).toBeUndefined();
  });

  it('refuses a pick-up inside a period with the product’s text when the blockout has none', () => {
    expect(flightsBlockoutProblem(notFlying('08:00', '17:30'), dates, [morning, evening], ZONE)).toEqual({
      field: 'flightTimeIn',
      message: messages.parkingBlockedOut,
    });
  });

  it('names the chosen flight when the time comes from a listed flight, the typed time for Other', () => {
    // A listed flight's drop-off is 10 minutes before its bus: bus at 10:30, drop-off at 10:20.
    const listed = {
      ...notFlying('', ''),
      notFlyingOut: false,
      flightOut: '42',
      flightTimeOut: '11:30',
      busDepartureTime: '10:30',
      notFlyingIn: false,
      flightIn: '43',
      flightTimeIn: '17:00',
    };
    expect(flightsBlockoutProblem(listed, dates, [morning], ZONE)?.field).toBe('flightOut');
    expect(
      flightsBlockoutProblem({ ...listed, flightOut: OTHER_FLIGHT }, dates, [morning], ZONE)?.field,
    ).toBe('flightTimeOut');
    expect(
      flightsBlockoutProblem({ ...listed, busDepartureTime: '15:00' }, dates, [evening], ZONE)?.field,
    ).toBe('flightIn');
  });

  it('says nothing while a time is unknown or there is no blockout', () => {
    expect(flightsBlockoutProblem(notFlying('', '17:30'), dates, [evening], ZONE)).toBeUndefined();
    expect(flightsBlockoutProblem(notFlying('11:00', '17:30'), dates, [], ZONE)).toBeUndefined();
  });
});

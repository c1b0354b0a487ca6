import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arrivalFitsPickUp,
  delayedPickUp,
  FLIGHT_MATCH_HOURS,
  flightDelayAttributes,
  flightDelayDialogSchema,
  normaliseFlightNumber,
} from './flight-delay';
import { formatDelay } from './flight-delay-format';

const booked = new Date('2026-12-10T05:30:00Z');
const minutes = (n: number) => new Date(booked.getTime() + n * 60_000);

describe('delayedPickUp', () => {
  it('moves the pick-up by the delay: a flight 2 h 10 min late moves it 2 h 10 min', () => {
    const moved = delayedPickUp({
      bookedPickUp: booked,
      scheduledArrival: null,
      estimatedArrival: minutes(130),
      capHours: 24,
    });
    expect(moved).toEqual({ delayMinutes: 130, movedMinutes: 130, pickUp: minutes(130), capped: false });
  });

  it('stops at the cap: 30 h late with a 24 h cap moves 24 h and says it was capped', () => {
    const moved = delayedPickUp({
      bookedPickUp: booked,
      scheduledArrival: null,
      estimatedArrival: minutes(30 * 60),
      capHours: 24,
    });
    expect(moved).toMatchObject({
      delayMinutes: 1800,
      movedMinutes: 1440,
      pickUp: minutes(1440),
      capped: true,
    });
  });

  it('never moves earlier: an early flight leaves the pick-up as booked', () => {
    const moved = delayedPickUp({
      bookedPickUp: booked,
      scheduledArrival: null,
      estimatedArrival: minutes(-40),
      capHours: 24,
    });
    expect(moved).toEqual({ delayMinutes: 0, movedMinutes: 0, pickUp: booked, capped: false });
  });

  it("measures the delay from the flight's schedule when the provider gives it", () => {
    // Booked for 10 minutes after the scheduled landing; the flight lands 60 minutes late.
    const moved = delayedPickUp({
      bookedPickUp: booked,
      scheduledArrival: minutes(-10),
      estimatedArrival: minutes(50),
      capHours: 24,
    });
    expect(moved).toMatchObject({ delayMinutes: 60, pickUp: minutes(60) });
  });

  it('rounds a part minute up: the car is ready when they land, not a minute before', () => {
    const moved = delayedPickUp({
      bookedPickUp: booked,
      scheduledArrival: null,
      estimatedArrival: new Date(booked.getTime() + 61_000),
      capHours: 24,
    });
    expect(moved.delayMinutes).toBe(2);
  });

  const input = fc.record({
    bookedOffset: fc.integer({ min: -600, max: 600 }),
    scheduled: fc.option(fc.integer({ min: -600, max: 600 }), { nil: null }),
    estimated: fc.integer({ min: -3 * 24 * 60 * 60, max: 3 * 24 * 60 * 60 }),
    capHours: fc.integer({ min: 0, max: 72 }),
  });
  type Raw = { bookedOffset: number; scheduled: number | null; estimated: number; capHours: number };
  const build = ({ bookedOffset, scheduled, estimated, capHours }: Raw) => ({
    bookedPickUp: minutes(bookedOffset),
    scheduledArrival: scheduled === null ? null : minutes(scheduled),
    estimatedArrival: new Date(booked.getTime() + estimated * 1000),
    capHours,
  });

  it('property: the move never exceeds the cap and never moves earlier than booked', () => {
    fc.assert(
      fc.property(input, (raw) => {
        const value = build(raw);
        const moved = delayedPickUp(value);
        const shift = moved.pickUp.getTime() - value.bookedPickUp.getTime();
        expect(shift).toBeGreaterThanOrEqual(0);
        expect(shift).toBeLessThanOrEqual(value.capHours * 3_600_000);
        expect(shift).toBe(moved.movedMinutes * 60_000);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: below the cap the car is ready when the flight lands, never before', () => {
    fc.assert(
      fc.property(input, (raw) => {
        const value = build(raw);
        const moved = delayedPickUp(value);
        const reference = value.scheduledArrival ?? value.bookedPickUp;
        const late = value.estimatedArrival.getTime() - reference.getTime();
        if (!moved.capped && late > 0) {
          // Pick-up minus booked covers the whole delay, to within the minute rounded up.
          expect(moved.movedMinutes * 60_000).toBeGreaterThanOrEqual(late);
          expect(moved.movedMinutes * 60_000 - late).toBeLessThan(60_000);
        }
        expect(moved.capped).toBe(moved.delayMinutes > value.capHours * 60);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: a later estimate never gives an earlier pick-up (monotonic)', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 24 * 3600 }), (raw, more) => {
        const value = build(raw);
        const first = delayedPickUp(value);
        const later = delayedPickUp({
          ...value,
          estimatedArrival: new Date(value.estimatedArrival.getTime() + more * 1000),
        });
        expect(later.pickUp.getTime()).toBeGreaterThanOrEqual(first.pickUp.getTime());
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatDelay', () => {
  it('says hours and minutes the way the diary shows them', () => {
    expect(formatDelay(130)).toBe('+2 h 10 min');
    expect(formatDelay(45)).toBe('+45 min');
    expect(formatDelay(180)).toBe('+3 h');
  });
});

describe('normaliseFlightNumber', () => {
  it('upper-cases and drops spaces', () => {
    expect(normaliseFlightNumber(' qf 1234 ')).toBe('QF1234');
  });
});

describe('flightDelayDialogSchema', () => {
  it('turns hours and minutes into the minutes the API takes, and refuses a zero or out-of-range delay', () => {
    const ok = flightDelayDialogSchema.parse({ state: 'delayed', hours: '2', minutes: '10' });
    expect(flightDelayAttributes(ok)).toEqual({ state: 'delayed', delayMinutes: 130 });
    expect(
      flightDelayAttributes(flightDelayDialogSchema.parse({ state: 'cancelled', hours: '', minutes: '' })),
    ).toEqual({
      state: 'cancelled',
    });
    const zero = flightDelayDialogSchema.safeParse({ state: 'delayed', hours: '0', minutes: '' });
    expect(zero.error?.issues[0]).toMatchObject({
      path: ['hours'],
      message: 'Enter how late the flight is.',
    });
    const minutes = flightDelayDialogSchema.safeParse({ state: 'delayed', hours: '1', minutes: '75' });
    expect(minutes.error?.issues[0]?.path).toEqual(['minutes']);
  });
});

describe('arrivalFitsPickUp', () => {
  const zone = 'Australia/Melbourne';
  // Pick-up 3 pm in Melbourne on 10/12/2026 (04:00 UTC, daylight saving).
  const pickUp = new Date('2026-12-10T04:00:00Z');
  const hoursFrom = (hours: number) => new Date(pickUp.getTime() + hours * 3_600_000);

  it('takes a flight scheduled the same day within FLIGHT_MATCH_HOURS of the pick-up, either side', () => {
    expect(arrivalFitsPickUp(pickUp, pickUp, zone)).toBe(true);
    expect(arrivalFitsPickUp(hoursFrom(-FLIGHT_MATCH_HOURS), pickUp, zone)).toBe(true);
    expect(arrivalFitsPickUp(hoursFrom(FLIGHT_MATCH_HOURS), pickUp, zone)).toBe(true);
  });

  it('refuses a flight scheduled further away, or on another day however near', () => {
    expect(arrivalFitsPickUp(hoursFrom(FLIGHT_MATCH_HOURS + 0.1), pickUp, zone)).toBe(false);
    expect(arrivalFitsPickUp(hoursFrom(-FLIGHT_MATCH_HOURS - 0.1), pickUp, zone)).toBe(false);
    // 11:30 pm pick-up; a flight at 00:30 the next day is an hour away but not the return day's.
    const late = new Date('2026-12-10T12:30:00Z');
    expect(arrivalFitsPickUp(new Date('2026-12-10T13:30:00Z'), late, zone)).toBe(false);
  });

  it('never takes a flight scheduled beyond the window (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -48 * 60, max: 48 * 60 }), (minutes) => {
        const scheduled = new Date(pickUp.getTime() + minutes * 60_000);
        const fits = arrivalFitsPickUp(scheduled, pickUp, zone);
        if (Math.abs(minutes) > FLIGHT_MATCH_HOURS * 60) expect(fits).toBe(false);
        return true;
      }),
    );
  });
});

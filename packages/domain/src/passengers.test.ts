/** One passengers rule for each side of the counter (issue 39): travellers at least 1, staff 0 or more. */
import { describe, expect, it } from 'vitest';
import { bookingChangeSchema, changeFormSchema } from './manage-booking';
import { publicBookingSchema, staffBookingFields } from './booking';
import { flightsStepSchema } from './booking-wizard';
import { messages } from './messages';
import { staffPassengers, travellerPassengers } from './numbers';

const issueOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => result.error?.issues.find((issue) => issue.path[0] === 'passengersIn')?.message;

describe('passengers', () => {
  it('a traveller gives at least 1 each way, wherever they give it', () => {
    expect(travellerPassengers().safeParse(0).success).toBe(false);
    expect(travellerPassengers().safeParse(1).success).toBe(true);
    expect(issueOf(flightsStepSchema.safeParse({ passengersIn: 0 }))).toBe(messages.numberGreaterThanZero);
    expect(issueOf(publicBookingSchema.safeParse({ passengersIn: 0 }))).toBe(messages.numberGreaterThanZero);
    expect(issueOf(bookingChangeSchema.safeParse({ passengersIn: 0 }))).toBe(messages.numberGreaterThanZero);
    expect(issueOf(changeFormSchema.safeParse({ passengersIn: 0 }))).toBe(messages.numberGreaterThanZero);
  });

  it('staff may record 0 (nobody flying back on our shuttle), never fewer', () => {
    expect(staffPassengers().safeParse(0).success).toBe(true);
    expect(staffPassengers().safeParse(-1).success).toBe(false);
    expect(issueOf(staffBookingFields.safeParse({ passengersIn: 0 }))).toBeUndefined();
  });
});

/**
 * Extend while away (issue 41): once the car is with us (checked in, not yet handed back) and until the
 * booked pick-up, Manage my booking takes one change only: the return moved later. It is priced and
 * checked like every other change (capacity, slots, blockouts, stay cap) by the same code; these rules
 * say when it is open and what it may alter. Coming back earlier needs no change: the car is brought up
 * when it is asked for.
 */
import { z } from 'zod';
import { canManage, type ManageRules } from './manage-booking';
import { messages } from './messages';

export const extensionMessages = {
  laterOnly: 'While your car is with us, only your pick-up can be changed, and only to a later time.',
  earlierNeedsNoChange:
    'Coming back earlier needs no change: ask for your car when you land and we will bring it up.',
  closed: 'Your car has been handed back or its pick-up time has passed: please call us.',
  sameAsBooked: 'Choose a pick-up later than the one booked.',
} as const;

/** What a booking's manage page allows: any change or a cancellation, a later return only, or nothing. */
export type ManageStanding = 'open' | 'extend' | 'closed';

export interface StandingInput {
  status: string;
  startDatetime: Date;
  /** The pick-up as it stands now (null: an open-ended staff booking). */
  endDatetime: Date | null;
  /** When staff checked the car in, or null. */
  timeParked: Date | null;
  /** Whether the car has been handed back (the custody record). */
  handedBack: boolean;
}

/** Checked in: the car is with us, and the drop-off is done. */
export const carCheckedIn = (booking: Pick<StandingInput, 'status' | 'timeParked'>): boolean =>
  booking.status === 'complete' && booking.timeParked !== null;

/**
 * Before the car is checked in the usual rules apply (anything, up to the cut-off). Once it is with us,
 * only a later return, and only until the booked pick-up; after hand-back, nothing.
 */
export function manageStanding(
  booking: StandingInput,
  now: Date,
  rules: Pick<ManageRules, 'cutoffHours'>,
): ManageStanding {
  if (carCheckedIn(booking)) {
    const end = booking.endDatetime;
    return !booking.handedBack && end !== null && now.getTime() < end.getTime() ? 'extend' : 'closed';
  }
  return canManage(booking, now, rules) ? 'open' : 'closed';
}

export interface ExtensionRefusal {
  code: 'extension_only' | 'earlier_return';
  message: string;
  field: 'endDatetime' | null;
}

/**
 * A change asked while the car is with us: `changedFields` are the booking's fields it would alter
 * (the API's names and "extras", prices aside). Allowed: the pick-up, later than booked, and nothing
 * else. Null when allowed (or when it changes nothing at all).
 */
export function extensionRefusal(
  bookedEnd: Date,
  change: { endDatetime: Date; changedFields: readonly string[] },
): ExtensionRefusal | null {
  const others = change.changedFields.filter((field) => field !== 'endDatetime');
  if (others.length > 0) return { code: 'extension_only', message: extensionMessages.laterOnly, field: null };
  if (change.endDatetime.getTime() < bookedEnd.getTime())
    return { code: 'earlier_return', message: extensionMessages.earlierNeedsNoChange, field: 'endDatetime' };
  return null;
}

/**
 * The manage page's extension form: the new pick-up, business-local ('YYYY-MM-DDTHH:mm'), later than the
 * booked one (`bookedEndLocal`, the same format: such strings compare in time order).
 */
export const extensionFormSchema = (bookedEndLocal: string) =>
  z.object({
    endLocal: z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: messages.invalidDatetime, abort: true })
      .refine((end) => end >= bookedEndLocal, { error: extensionMessages.earlierNeedsNoChange, abort: true })
      .refine((end) => end > bookedEndLocal, { error: extensionMessages.sameAsBooked }),
  });

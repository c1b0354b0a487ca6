/**
 * The drop-off and pick-up times a booking's flights give (public-site §5, §9), apart from the wizard's
 * forms (booking-wizard.ts) so that the pages which only show or send them load no validation library.
 */
import { businessInstant, latestDropOff, TIME_PATTERN } from './dates';

/** The departure leg's answers that fix the drop-off. */
export interface DepartureLeg {
  notFlyingOut: boolean;
  flightTimeOut: string;
  busDepartureTime: string;
}

/** The arrival leg's answer that fixes the pick-up. */
export interface ArrivalLeg {
  flightTimeIn: string;
}

export const isTime = (value: string) => TIME_PATTERN.test(value);
export const seconds = (value: string) => (value.length === 5 ? `${value}:00` : value);

/**
 * When the car is dropped off ('HH:mm:ss'): the manual time when not flying, else at least 10 minutes
 * before the shuttle bus (public-site §9). '' while unknown.
 */
export function dropOffTime(value: DepartureLeg): string {
  if (value.notFlyingOut) return isTime(value.flightTimeOut) ? seconds(value.flightTimeOut) : '';
  return isTime(value.busDepartureTime) ? latestDropOff(seconds(value.busDepartureTime)) : '';
}

/**
 * Whether a drop-off has already gone by `now` (public-site §5: the departure may be today, never in the
 * past). The wizard's quote dates default to today, so a flight whose bus has left, or a typed time that
 * has passed, is refused where it is chosen, and the booking's save refuses it again.
 */
export function dropOffHasPassed(dropOff: Date, now: Date): boolean {
  return dropOff.getTime() < now.getTime();
}

/** Whether the drop-off a departure leg's answers give (`dropOffTime`) on business `date` has gone by `now`. */
export function plannedDropOffHasPassed(
  value: DepartureLeg,
  date: string,
  now: Date,
  timeZone: string,
): boolean {
  const time = dropOffTime(value);
  return time !== '' && dropOffHasPassed(businessInstant(date, time, timeZone), now);
}

/** When the car is collected ('HH:mm:ss'): the arrival flight's time or the manual time. */
export function pickUpTime(value: ArrivalLeg): string {
  return isTime(value.flightTimeIn) ? seconds(value.flightTimeIn) : '';
}

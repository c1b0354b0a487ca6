/**
 * The wizard's flights step against the parking blockouts its quote carries (public-site §4 "Blockout
 * types"): a drop-off or pick-up time inside a period that takes only part of a day is refused beside the
 * field it comes from, with the blockout's message, as the booking's save would refuse it.
 */
import { dropOffTime, OTHER_FLIGHT, pickUpTime, type FlightsStep } from './booking-wizard';
import { businessInstant } from './dates';
import { stayBlockoutProblem } from './parking-blockouts';

/** A parking blockout as a quote tells it: ISO instants, half-open. */
export interface BlockoutWindow {
  message: string;
  startDatetime: string;
  endDatetime: string;
}

export type FlightsBlockoutField = 'flightOut' | 'flightTimeOut' | 'flightIn' | 'flightTimeIn';

export interface FlightsBlockoutProblem {
  /** The field the refused time comes from: the typed time, else the chosen flight. */
  field: FlightsBlockoutField;
  message: string;
}

type FlightsAnswers = Pick<
  FlightsStep,
  | 'notFlyingOut'
  | 'flightOut'
  | 'flightTimeOut'
  | 'busDepartureTime'
  | 'notFlyingIn'
  | 'flightIn'
  | 'flightTimeIn'
>;

/**
 * The first blockout refusing the stay the flights step's answers give (drop-off on `startDate`, pick-up
 * on `endDate`, the business's `timeZone`): the drop-off's, else the pick-up's; none while a time is unknown.
 */
export function flightsBlockoutProblem(
  values: FlightsAnswers,
  dates: { startDate: string; endDate: string },
  blockouts: readonly BlockoutWindow[],
  timeZone: string,
): FlightsBlockoutProblem | undefined {
  const dropOff = dropOffTime(values);
  const pickUp = pickUpTime(values);
  if (!dropOff || !pickUp || blockouts.length === 0) return undefined;
  const periods = blockouts.map((blockout) => ({
    message: blockout.message,
    startDatetime: new Date(blockout.startDatetime),
    endDatetime: new Date(blockout.endDatetime),
  }));
  const problem = stayBlockoutProblem(
    periods,
    businessInstant(dates.startDate, dropOff, timeZone),
    businessInstant(dates.endDate, pickUp, timeZone),
  );
  if (!problem) return undefined;
  if (problem.field === 'startDatetime') {
    const typed = values.notFlyingOut || values.flightOut === OTHER_FLIGHT;
    return { field: typed ? 'flightTimeOut' : 'flightOut', message: problem.message };
  }
  const typed = values.notFlyingIn || values.flightIn === OTHER_FLIGHT;
  return { field: typed ? 'flightTimeIn' : 'flightIn', message: problem.message };
}

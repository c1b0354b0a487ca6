/**
 * Where and when a stay can be booked: each lot's daily occupancy against its threshold, a car never
 * booked twice at once, parking blockouts, unavailable extras, and the flights and times of a stay.
 */
import { type Day, serviceOf } from './calendar';
import type { BookingPlan, FlightInfo, LotInfo, SeedContext, Stay, VehicleInfo, ExtraInfo } from './context';
import type { Closures } from './closures';
import type { Timetable } from './timetable';

export type StayPlanner = ReturnType<typeof stayPlanner>;

export function stayPlanner(
  { rng, at, baseDay }: SeedContext,
  { departures, arrivals }: Timetable,
  { blockouts, exceptionalByDay }: Closures,
) {
  const occupancyIndex = (day: Day) => day - baseDay;
  const fits = (lot: LotInfo, day: Day, days: number) => {
    for (let d = day; d < day + days; d++) {
      const count = lot.occupancy[occupancyIndex(d)];
      if (count === undefined || count + 1 > lot.capacity) return false;
    }
    return true;
  };
  const occupy = (lot: LotInfo, day: Day, days: number) => {
    for (let d = day; d < day + days; d++)
      lot.occupancy[occupancyIndex(d)] = (lot.occupancy[occupancyIndex(d)] ?? 0) + 1;
  };
  const vehicleFree = (vehicle: VehicleInfo, from: Day, to: Day) =>
    vehicle.busy.every(([start, end]) => to < start || from > end);
  const inParkingBlockout = (instant: Date) =>
    blockouts.some((b) => b.type === 'parking' && instant.getTime() >= b.start && instant.getTime() < b.end);
  const extraAvailable = (extra: ExtraInfo, stay: Stay) => {
    const [start, end] = [stay.start.getTime(), stay.end.getTime()];
    if (
      blockouts.some((b) => b.type === 'extra' && b.extraIds.has(extra.id) && b.start < end && b.end > start)
    )
      return false;
    for (let d = stay.day; d < stay.day + stay.days; d++) {
      if (exceptionalByDay.get(d)?.unavailable.has(extra.id)) return false;
    }
    return true;
  };

  const roundTo5 = (minutes: number) => Math.round(minutes / 5) * 5;

  /** Flights, times and lot of a stay departing on `day` for `days` days; undefined when it cannot be booked. */
  const planStay = (lot: LotInfo, day: Day, requestedDays: number, flying: boolean): Stay | undefined => {
    let days = requestedDays;
    const out = flying ? rng.pick(departures[serviceOf(day)]) : undefined;
    // Drop-off 10 to 35 minutes before the shuttle bus; without a flight, any time in opening hours.
    const startMinutes = out
      ? (out.busMinutes ?? out.minutes - 60) - rng.int(2, 7) * 5
      : roundTo5(rng.int(5 * 60, 19 * 60));
    let inbound: FlightInfo | undefined;
    let endMinutes: number;
    for (;;) {
      const returnDay = day + days - 1;
      if (flying) {
        const options = arrivals[serviceOf(returnDay)].filter(
          (flight) => days > 1 || flight.minutes >= startMinutes + 240,
        );
        if (options.length === 0) {
          days += 1;
          continue;
        }
        const sameAirline = options.filter((flight) => flight.airlineId === out?.airlineId);
        inbound = sameAirline.length && rng.chance(0.65) ? rng.pick(sameAirline) : rng.pick(options);
        endMinutes = inbound.minutes + rng.int(5, 10) * 5;
      } else {
        endMinutes = roundTo5(
          rng.int(days > 1 ? 8 * 60 : Math.min(startMinutes + 180, 21 * 60), 21 * 60 + 30),
        );
      }
      break;
    }
    const start = at(day, startMinutes);
    const end = at(day + days - 1, endMinutes);
    if (end <= start || inParkingBlockout(start) || inParkingBlockout(end)) return undefined;
    return { lot, day, days, start, end, out, in: inbound };
  };

  const plans: BookingPlan[] = [];
  const commit = (plan: BookingPlan) => {
    if (plan.status === 'complete') occupy(plan.lot, plan.day, plan.days);
    plan.vehicle.busy.push([plan.day, plan.day + plan.days - 1]);
    plan.customer.bookings += 1;
    plans.push(plan);
  };

  return { occupancyIndex, fits, vehicleFree, extraAvailable, planStay, plans, commit };
}

/**
 * The booking wizard's step forms (public-site §2 "Booking wizard steps", §5). Each step validates its
 * part of the public booking with the same field rules the API applies to the saved booking
 * (`publicBookingSchema`), plus the choices only the wizard makes: a saved vehicle, the flight lists
 * with Other, Not flying, and the confirmation checkboxes.
 */
import { z } from 'zod';
import { publicBookingSchema } from './booking';
import { dropOffTime, isTime, seconds } from './drop-off';
import { messages } from './messages';
import { travellerPassengers } from './numbers';

// The times a flights step gives, without the forms: pages that only show them need no validation library.
export { dropOffHasPassed, dropOffTime, pickUpTime, plannedDropOffHasPassed } from './drop-off';

const booking = publicBookingSchema.shape;

/** The flight lists end with Other (id 0), which asks for the flight number (public-site §5 "Flight choice"). */
export const OTHER_FLIGHT = '0';

/**
 * A required selection with an id (vehicle type, airline, flight). Not an aborting check, so that the
 * flights step's cross-field rules still run and every problem shows at once.
 */
const selection = () =>
  z.string({ error: messages.required }).trim().min(1, { error: messages.required }).max(20);

/** A ticked checkbox (departure and payment confirmations). */
const ticked = () =>
  z.boolean({ error: messages.required }).refine((value) => value, { error: messages.required });

/** Step 2, Details. A logged-in customer's email is read-only but still part of the booking. */
export const detailsStepSchema = z.object({
  title: booking.title,
  firstName: booking.firstName,
  lastName: booking.lastName,
  phoneNumber: booking.phoneNumber,
  email: booking.email,
  business: booking.business,
});
export type DetailsStep = z.output<typeof detailsStepSchema>;

/** Step 3, Car Details: rego upper-cased without spaces; make and colour are any text (lists end with Other). */
export const carStepSchema = z.object({
  /** The saved vehicle chosen by a customer, or ''. */
  vehicle: z.string().default(''),
  rego: booking.rego,
  make: booking.make,
  model: booking.model,
  colour: booking.colour,
  vehicleType: selection(),
});
export type CarStep = z.output<typeof carStepSchema>;

const time = z.string().default('');

/**
 * Both legs' flight fields, as the wizard's step 4 and manage my booking edit them. `notFlyingOut`/
 * `notFlyingIn` say the chosen airline is Not flying (the form knows the airline's name); then a manual
 * time replaces the flight, and the flight number and bus time are hidden. `flightTimeOut`/`flightTimeIn`
 * hold the chosen flight's time (filled by the form), the typed time for Other, or the manual time for
 * Not flying. `busDepartureTime` is the chosen flight's bus, or one hour before an Other flight.
 */
export const flightLegsShape = {
  airlineOut: selection(),
  notFlyingOut: z.boolean().default(false),
  flightOut: z.string().default(''),
  flightNumberOut: z.string().trim().max(20).default(''),
  flightTimeOut: time,
  busDepartureTime: time,
  airlineIn: selection(),
  notFlyingIn: z.boolean().default(false),
  flightIn: z.string().default(''),
  flightNumberIn: z.string().trim().max(20).default(''),
  flightTimeIn: time,
};
type FlightLegKey = keyof typeof flightLegsShape;

/** Reads a form's raw values: a refinement runs even when other fields failed (see `when` below). */
const reader = (parsed: object) => {
  const raw = parsed as Partial<Record<string, unknown>>;
  return {
    text: (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : ''),
    flag: (key: string) => raw[key] === true,
  };
};

/**
 * Each leg's flight once its airline is chosen: Not flying needs a time; otherwise a flight, and Other
 * needs the flight number and time (public-site §5 "Flight choice").
 */
export function checkFlightLegs(parsed: object, ctx: z.RefinementCtx): void {
  const { text, flag } = reader(parsed);
  const required = (path: FlightLegKey) =>
    ctx.addIssue({ code: 'custom', message: messages.required, path: [path] });
  const checkTime = (path: 'flightTimeOut' | 'flightTimeIn') => {
    if (!text(path)) required(path);
    else if (!isTime(text(path)))
      ctx.addIssue({ code: 'custom', message: messages.invalidTime, path: [path] });
  };
  for (const leg of ['Out', 'In'] as const) {
    // No airline yet: that field says so; the flight waits for it.
    if (!text(`airline${leg}`)) continue;
    if (flag(`notFlying${leg}`)) {
      checkTime(`flightTime${leg}`);
      continue;
    }
    const flight = text(`flight${leg}`);
    if (!flight) {
      required(`flight${leg}`);
      continue;
    }
    if (flight === OTHER_FLIGHT) {
      if (!text(`flightNumber${leg}`)) required(`flightNumber${leg}`);
      checkTime(`flightTime${leg}`);
    }
  }
}

/** Step 4, flights and passengers, with the departure confirmation. */
export const flightsStepSchema = z
  .object({
    sameDay: z.boolean().default(false),
    ...flightLegsShape,
    passengersOut: travellerPassengers(),
    passengersIn: travellerPassengers(),
    confirmed: ticked(),
  })
  .superRefine(
    (parsed, ctx) => {
      checkFlightLegs(parsed, ctx);
      const { text, flag } = reader(parsed);
      // Wizard dates (public-site §5): the return must come after the drop-off. Only a same-day stay can get this wrong.
      const dropOff = dropOffTime({
        notFlyingOut: flag('notFlyingOut'),
        flightTimeOut: text('flightTimeOut'),
        busDepartureTime: text('busDepartureTime'),
      });
      const back = text('flightTimeIn');
      if (flag('sameDay') && dropOff && isTime(back) && seconds(back) <= dropOff) {
        ctx.addIssue({
          code: 'custom',
          message: messages.arrivalBeforeDeparture,
          path: [flag('notFlyingIn') || text('flightIn') === OTHER_FLIGHT ? 'flightTimeIn' : 'flightIn'],
        });
      }
    },
    // Every problem at once, not the flight's only after the passengers are fixed.
    { when: () => true },
  );
export type FlightsStepInput = z.input<typeof flightsStepSchema>;
export type FlightsStep = z.output<typeof flightsStepSchema>;

/** Step 7: the payment confirmation checkbox. */
export const paymentConfirmationSchema = z.object({ confirmed: ticked() });

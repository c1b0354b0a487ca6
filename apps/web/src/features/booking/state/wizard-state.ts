/**
 * What the booking wizard holds while a traveller books (public-site §2 "Booking wizard steps", §4
 * "Wizard progress"): each step's answers, the highest completed step, and the saved booking. Plain
 * data, so that it survives a reload in sessionStorage.
 */
import type { CarStep, DetailsStep, FlightsStep } from '@parking/domain/booking-wizard';
import { paths } from '@/config/paths';

export const STEPS = [
  { step: 1, path: paths.bookingStep1.path, label: 'Get Quote', title: paths.bookingStep1.title },
  { step: 2, path: paths.bookingStep2.path, label: 'Details', title: paths.bookingStep2.title },
  { step: 3, path: paths.bookingStep3.path, label: 'Car Details', title: paths.bookingStep3.title },
  { step: 4, path: paths.bookingStep4.path, label: 'Flights', title: paths.bookingStep4.title },
  { step: 5, path: paths.bookingStep5.path, label: 'Checkout', title: paths.bookingStep5.title },
  { step: 6, path: paths.bookingStep6.path, label: 'Summary', title: paths.bookingStep6.title },
  { step: 7, path: paths.bookingStep7.path, label: 'Payment', title: paths.bookingStep7.title },
  { step: 8, path: paths.bookingStep8.path, label: 'Success', title: paths.bookingStep8.title },
] as const;

export type StepNumber = (typeof STEPS)[number]['step'];

export const stepPath = (step: StepNumber): string => STEPS[step - 1]?.path ?? paths.bookingStep1.path;

/** The step a path names, or null for a path outside the wizard. */
export function stepOfPath(pathname: string): StepNumber | null {
  const trimmed = pathname.replace(/\/+$/, '');
  return STEPS.find((entry) => entry.path === trimmed)?.step ?? null;
}

interface QuoteChoice {
  startDate: string;
  endDate: string;
  /** '' until a car park is chosen. */
  lotId: string;
  lotSlug: string;
  lotName: string;
  /** The quoted parking price, '52.00'. */
  price: string;
}

type CarChoice = CarStep & { vehicleTypeName: string };

type FlightsChoice = FlightsStep & {
  airlineOutName: string;
  airlineInName: string;
  flightOutLabel: string;
  flightInLabel: string;
};

export interface ExtrasChoice {
  ids: string[];
  /** Price of each chosen extra for the vehicle type, by id ('45.00'). */
  prices: Record<string, string>;
  names: Record<string, string>;
  /** The applied promo code (trimmed, upper-cased) and its rate ('0.1'), or '' and '0'. */
  promoCode: string;
  discountRate: string;
}

export interface SavedBooking {
  id: string;
  bookingCode: string;
  /** The card payment's secret; null when the server could not open the payment. */
  clientSecret: string | null;
  totalCost: string;
  /** What has been paid ('0.00' until the card payment succeeds). */
  amountPaid?: string;
  status: string;
  email: string;
}

/**
 * A place held for this traveller from the waitlist (its emailed link): their stay in that car park is
 * theirs to book although the quotes count it as taken, and the booking's save claims it with the token.
 */
export interface HeldPlace {
  token: string;
  lotId: string;
  startDate: string;
  endDate: string;
}

/** The held place, while the booking is for its car park and dates. */
export const heldPlaceFor = (state: WizardState): HeldPlace | null => {
  const held = state.waitlist;
  return held &&
    held.lotId === state.quote.lotId &&
    held.startDate === state.quote.startDate &&
    held.endDate === state.quote.endDate
    ? held
    : null;
};

export interface WizardState {
  version: 1;
  /** Changes with every fresh booking, so that nothing of an earlier booking is reused by mistake. */
  id: string;
  /** The highest completed step, 0 for none. */
  completed: number;
  /** True once step 8 has been reached: leaving it gives a fresh booking. */
  finished: boolean;
  quote: QuoteChoice;
  details: DetailsStep | null;
  car: CarChoice | null;
  flights: FlightsChoice | null;
  extras: ExtrasChoice;
  booking: SavedBooking | null;
  /** A place held from the waitlist (absent in states stored before the waitlist). */
  waitlist?: HeldPlace | null;
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const NO_EXTRAS: ExtrasChoice = { ids: [], prices: {}, names: {}, promoCode: '', discountRate: '0' };

/** A fresh booking: today to today, nothing chosen. */
export function freshWizard(today: string): WizardState {
  return {
    version: 1,
    id: newId(),
    completed: 0,
    finished: false,
    quote: { startDate: today, endDate: today, lotId: '', lotSlug: '', lotName: '', price: '' },
    details: null,
    car: null,
    flights: null,
    extras: NO_EXTRAS,
    booking: null,
  };
}

/** A stored state that is this version's shape, or null. */
export function readWizardState(value: unknown): WizardState | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Partial<WizardState>;
  if (candidate.version !== 1 || typeof candidate.id !== 'string' || typeof candidate.completed !== 'number')
    return null;
  if (typeof candidate.quote !== 'object' || candidate.quote === null || typeof candidate.extras !== 'object')
    return null;
  return candidate as WizardState;
}

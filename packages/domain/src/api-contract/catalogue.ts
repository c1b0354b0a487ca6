/** The API contract: Catalogue and settings. Value formats and who sees what: see ./json.ts. */

/** Resources whose only attribute is a name: airlines, vehicle-types. */
export interface NamedAttributes {
  name: string;
}

export type AirlineAttributes = NamedAttributes;
export type VehicleTypeAttributes = NamedAttributes;

/** `lots`: the car parks. */
export interface LotAttributes {
  name: string;
  slug: string;
  productCodename: string;
  lotType: string;
  spaces: number;
  fillRateThreshold: string | null;
  rate: string;
  subscriptionParkingDiscount: string;
  /** Cars per 15-minute drop-off and pick-up slot; null is unlimited. */
  slotCapacity: number | null;
}

/** `lot-regions` (staff). */
export interface LotRegionAttributes {
  name: string;
  rows: number;
}

/** `flights`. */
export interface FlightAttributes {
  flightNumber: string;
  flightLabel: string;
  /** 'HH:mm:ss' */
  time: string;
  departure: boolean;
  /** 'weekday' or 'weekend'. */
  service: string;
}

/** `bus-trips`. */
export interface BusTripAttributes {
  service: string;
  /** 'HH:mm:ss' */
  departureTime: string;
  /** '5:30 am' */
  formattedTime: string;
}

/** `extras`. */
export interface ExtraAttributes {
  name: string;
  description: string;
  extraType: string;
  basePrice: string;
  /** "$12.50" */
  formattedPrice: string;
  available: boolean;
  public: boolean;
}

/**
 * The meta of an extras list asked with `filter[checkAvailability]`: why the stay makes extras unavailable (an
 * `extra` blockout's message, an exceptional day), each notice with the ids of the listed extras it concerns.
 */
export interface ExtrasAvailabilityMeta {
  unavailableNotices?: Array<{ message: string; extras: string[] }>;
}

/** `extra-variations`: an extra's price for a vehicle type. */
export interface ExtraVariationAttributes {
  price: string;
  formattedPrice: string;
}

/** `discounts` (promo codes). */
export interface DiscountAttributes {
  name: string;
  notes: string;
  promoCode: string;
  rate: string;
  validFrom: string;
  validTo: string;
  dropOffStart: string | null;
  dropOffEnd: string | null;
  /** Valid now. */
  active: boolean;
  discountDetails: string;
  created: string;
}

/** `blockout-periods`. */
export interface BlockoutPeriodAttributes {
  name: string;
  message: string;
  startDatetime: string;
  endDatetime: string;
  blockType: string;
}

/** `exceptional-days`. */
export interface ExceptionalDayAttributes {
  name: string;
  /** 'YYYY-MM-DD' */
  date: string;
}

/** `exceptional-rates`: a lot's surcharge on an exceptional day. */
export interface ExceptionalRateAttributes {
  surcharge: string;
  formattedSurcharge: string;
}

/** `short-term-rate-days`. */
export interface RateDayAttributes {
  days: number;
}

/** `short-term-rates`: a lot's price for a number of days. */
export interface ShortTermRateAttributes {
  rate: string;
  formattedRate: string;
}

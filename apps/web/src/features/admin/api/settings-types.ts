/** Attributes of the settings resources (back-office §3), as the API presents them. */

export interface FlightAttributes {
  flightNumber: string;
  flightLabel: string;
  /** 'HH:mm:ss' */
  time: string;
  departure: boolean;
  service: string;
}

export interface BusTripAttributes {
  service: string;
  /** 'HH:mm:ss' */
  departureTime: string;
  /** '5:30 am' */
  formattedTime: string;
}

export interface ExtraAttributes {
  name: string;
  description: string;
  extraType: string;
  basePrice: string;
  formattedPrice: string;
  available: boolean;
  public: boolean;
}

export interface ExtraVariationAttributes {
  price: string;
  formattedPrice: string;
}

export interface RateDayAttributes {
  days: number;
}

export interface ShortTermRateAttributes {
  rate: string;
  formattedRate: string;
}

export interface ExceptionalDayAttributes {
  name: string;
  /** 'YYYY-MM-DD' */
  date: string;
}

export interface ExceptionalRateAttributes {
  surcharge: string;
  formattedSurcharge: string;
}

export interface BlockoutPeriodAttributes {
  name: string;
  message: string;
  startDatetime: string;
  endDatetime: string;
  blockType: string;
}

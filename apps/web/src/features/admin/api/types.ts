/** Attributes of the resources the back office reads (back-office §3), as the API presents them. */

export interface BookingAttributes {
  bookingCode: string;
  status: string;
  bookingType: string | null;
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  business: string;
  rego: string;
  make: string;
  model: string;
  colour: string;
  startDatetime: string;
  endDatetime: string | null;
  busDepartureTime: string | null;
  passengersOut: number;
  passengersIn: number;
  flightNumberOut: string;
  flightNumberIn: string;
  lotRegionRow: number | null;
  parkingCost: string;
  extrasCost: string;
  extrasPrices: Record<string, string>;
  discountRate: string | null;
  promoCode: string;
  amountDiscounted: string;
  subscriptionDiscount: string;
  totalCost: string;
  amountPaid: string;
  paymentMethod: string | null;
  paymentStatus: string;
  paymentDatetime: string | null;
  stripeComplete: boolean;
  hadSubscription: boolean;
  publicNotes: string;
  created: string;
  notes?: string;
  fuelLevel?: string;
  damage?: string;
  timeParked?: string | null;
  kilometers?: number | null;
  vehicleNotes?: string;
}

export interface CustomerAttributes {
  email: string;
  emailConfirmed: boolean;
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  business: string;
  fullName: string;
  hasSubscription: boolean;
  created: string;
  privateNotes?: string;
  staff?: boolean;
  roles?: string[];
  customerDetails?: string;
}

export interface UserAttributes {
  email: string;
  roles: string[];
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  business: string;
  emailConfirmed: boolean;
  activeIndoorSubscription: boolean;
  activeOutdoorSubscription: boolean;
  hasPassword: boolean;
}

export interface VehicleAttributes {
  rego: string;
  make: string;
  model: string;
  colour: string;
  deleted: boolean;
  regoUuid: boolean;
  fullName: string;
  created: string;
}

export interface DiscountAttributes {
  name: string;
  notes: string;
  promoCode: string;
  rate: string;
  validFrom: string;
  validTo: string;
  dropOffStart: string | null;
  dropOffEnd: string | null;
  active: boolean;
  discountDetails: string;
  created: string;
}

export interface ContactMessageAttributes {
  name: string;
  email: string;
  phoneNumber: string;
  message: string;
  created: string;
}

export interface NamedAttributes {
  name: string;
}

export interface LotAttributes {
  name: string;
  slug: string;
  lotType: string;
  spaces: number;
  fillRateThreshold: string | null;
  rate: string;
  productCodename: string;
  subscriptionParkingDiscount: string;
}

export interface LotRegionAttributes {
  name: string;
  rows: number;
}

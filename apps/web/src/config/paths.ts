// Every route the product knows, by the names the spec uses. Screens link through these entries,
// never through string literals, so that a path can change in one place.

export interface RouteEntry {
  readonly name: string;
  readonly path: string;
  /** The page-title part before the site suffix. */
  readonly title: string;
}

const route = <const T extends RouteEntry>(entry: T): T => entry;

export const paths = {
  home: route({ name: 'home', path: '/', title: 'Home' }),
  booking: route({ name: 'booking', path: '/booking', title: 'Booking' }),
  bookingStep1: route({ name: 'booking-step-1', path: '/booking/step-1', title: 'Get Quote' }),
  bookingStep2: route({ name: 'booking-step-2', path: '/booking/step-2', title: 'Details' }),
  bookingStep3: route({ name: 'booking-step-3', path: '/booking/step-3', title: 'Car Details' }),
  bookingStep4: route({ name: 'booking-step-4', path: '/booking/step-4', title: 'Extras' }),
  bookingStep5: route({ name: 'booking-step-5', path: '/booking/step-5', title: 'Checkout' }),
  bookingStep6: route({ name: 'booking-step-6', path: '/booking/step-6', title: 'Booking Summary' }),
  bookingStep7: route({ name: 'booking-step-7', path: '/booking/step-7', title: 'Payment Details' }),
  bookingStep8: route({ name: 'booking-step-8', path: '/booking/step-8', title: 'Success' }),
  login: route({ name: 'login', path: '/login', title: 'Login' }),
  confirmEmail: route({ name: 'confirm-email', path: '/confirm-email', title: 'Confirm Email' }),
  forgotPassword: route({ name: 'forgot-password', path: '/forgot-password', title: 'Forgot Password' }),
  setPassword: route({ name: 'set-password', path: '/set-password', title: 'Set Password' }),
  profile: route({ name: 'profile', path: '/profile', title: 'Profile' }),
  // Issue 38: two-factor sign-in, where staff who must use it land until it is set up.
  twoFactor: route({ name: 'two-factor', path: '/two-factor', title: 'Two-factor sign-in' }),
  bookings: route({ name: 'bookings', path: '/bookings', title: 'My Bookings' }),
  vehicles: route({ name: 'vehicles', path: '/vehicles', title: 'My Vehicles' }),
  manageBooking: route({ name: 'manage-booking', path: '/manage-booking', title: 'Manage my booking' }),
  // The waitlist emails' link (issue 24): a place held for the traveller, or their place on the list.
  waitlistPlace: route({ name: 'waitlist-place', path: '/waitlist/:token', title: 'Your waitlist place' }),
  // The link that confirms a join (issue 38): the entry is on the list once its address's owner opens it.
  waitlistConfirmation: route({
    name: 'waitlist-confirmation',
    path: '/waitlist/confirm/:token',
    title: 'Confirm your waitlist place',
  }),
  permissionDenied: route({
    name: 'permission-denied',
    path: '/permission-denied',
    title: 'Permission Denied',
  }),
  // A real path as well as the catch-all, so that screens can send the user here (for example
  // confirm-email without its query) while any unknown URL renders the same page in place.
  notFound: route({ name: 'not-found', path: '/not-found', title: 'Not Found' }),
  admin: route({ name: 'admin', path: '/admin', title: 'Admin' }),
  // The back office (back-office §2 "Route list"): list routes, their add routes and their edit
  // routes with the spec's parameter names.
  adminDiary: route({ name: 'admin-diary', path: '/admin/diary', title: 'Diary' }),
  // Issue 41: the cars to bring up, in the order they are needed (every staff member, phone-first).
  adminBringUp: route({ name: 'admin-bring-up', path: '/admin/bring-up', title: 'Bring-up board' }),
  adminBookings: route({ name: 'admin-bookings', path: '/admin/bookings', title: 'Bookings' }),
  adminBookingsAdd: route({ name: 'admin-bookings-add', path: '/admin/bookings/add', title: 'Add Booking' }),
  adminBookingsEdit: route({
    name: 'admin-bookings-edit',
    path: '/admin/bookings/:bookingId',
    title: 'Edit Booking',
  }),
  adminBookingsCheckin: route({
    name: 'admin-bookings-checkin',
    path: '/admin/bookings/:bookingId/checkin',
    title: 'Check In',
  }),
  adminCustomers: route({ name: 'admin-customers', path: '/admin/customers', title: 'Customers' }),
  adminCustomersAdd: route({
    name: 'admin-customers-add',
    path: '/admin/customers/add',
    title: 'Add Customer',
  }),
  adminCustomersEdit: route({
    name: 'admin-customers-edit',
    path: '/admin/customers/:customerId',
    title: 'Edit Customer',
  }),
  adminVehicles: route({ name: 'admin-vehicles', path: '/admin/vehicles', title: 'Vehicles' }),
  adminVehiclesAdd: route({ name: 'admin-vehicles-add', path: '/admin/vehicles/add', title: 'Add Vehicle' }),
  adminVehiclesEdit: route({
    name: 'admin-vehicles-edit',
    path: '/admin/vehicles/:vehicleId',
    title: 'Edit Vehicle',
  }),
  adminDiscounts: route({ name: 'admin-discounts', path: '/admin/discounts', title: 'Promo Codes' }),
  adminDiscountsAdd: route({
    name: 'admin-discounts-add',
    path: '/admin/discounts/add',
    title: 'Add Promo Code',
  }),
  adminDiscountsEdit: route({
    name: 'admin-discounts-edit',
    path: '/admin/discounts/:discountId',
    title: 'Edit Promo Code',
  }),
  adminContact: route({ name: 'admin-contact', path: '/admin/contact', title: 'Contact' }),
  // Issue 24: the waitlist of full days, opened from the diary's count (?date=YYYY-MM-DD).
  adminWaitlist: route({ name: 'admin-waitlist', path: '/admin/waitlist', title: 'Waitlist' }),
  adminContactView: route({
    name: 'admin-contact-view',
    path: '/admin/contact/:messageId',
    title: 'Message',
  }),
  adminReports: route({ name: 'admin-reports', path: '/admin/reports', title: 'Overview' }),
  adminReportsInout: route({
    name: 'admin-reports-inout',
    path: '/admin/reports/inout',
    title: 'Departing/Returning',
  }),
  adminReportsExtras: route({ name: 'admin-reports-extras', path: '/admin/reports/extras', title: 'Extras' }),
  adminImports: route({ name: 'admin-imports', path: '/admin/imports', title: 'Imports & Reconciliation' }),
  // Issue 37: the emails, texts and refunds the job queue gave up on, retried or discarded by Admins.
  adminDeliveryProblems: route({
    name: 'admin-delivery-problems',
    path: '/admin/delivery-problems',
    title: 'Delivery problems',
  }),
  // Issue 41: the local wallet adapters' pushes and Google object updates, for Admins.
  adminWalletUpdates: route({
    name: 'admin-wallet-updates',
    path: '/admin/wallet-updates',
    title: 'Wallet updates',
  }),
  // Issue 42: partners selling through the partner API (Admins): their keys, allotments and stop-sells.
  adminPartners: route({ name: 'admin-partners', path: '/admin/partners', title: 'Partners' }),
  adminPartnersAdd: route({ name: 'admin-partners-add', path: '/admin/partners/add', title: 'Add Partner' }),
  adminPartnersEdit: route({
    name: 'admin-partners-edit',
    path: '/admin/partners/:partnerId',
    title: 'Partner',
  }),
  // Issue 42, item 5: a partner's monthly statement (YYYY-MM), its PDF and CSV, and payments received.
  adminPartnerStatement: route({
    name: 'admin-partner-statement',
    path: '/admin/partners/:partnerId/statements/:month',
    title: 'Partner Statement',
  }),
  // Issue 38: account closings and what the retention job did, for Admins.
  adminPrivacy: route({ name: 'admin-privacy', path: '/admin/privacy', title: 'Privacy requests' }),
  // Issue 38: "Staff must use two-factor sign-in".
  adminSignInSecurity: route({
    name: 'admin-sign-in-security',
    path: '/admin/sign-in-security',
    title: 'Sign-in security',
  }),
  // Settings (back-office §2 "Settings screens"), Admins only.
  adminLots: route({ name: 'admin-lots', path: '/admin/lots', title: 'Lots' }),
  adminLotsAdd: route({ name: 'admin-lots-add', path: '/admin/lots/add', title: 'Add Lot' }),
  adminLotsEdit: route({ name: 'admin-lots-edit', path: '/admin/lots/:lotId', title: 'Edit Lot' }),
  adminAirlines: route({ name: 'admin-airlines', path: '/admin/airlines', title: 'Airlines' }),
  adminAirlinesAdd: route({ name: 'admin-airlines-add', path: '/admin/airlines/add', title: 'Add Airline' }),
  adminAirlinesEdit: route({
    name: 'admin-airlines-edit',
    path: '/admin/airlines/:airlineId',
    title: 'Edit Airline',
  }),
  adminFlights: route({ name: 'admin-flights', path: '/admin/flights', title: 'Flights' }),
  adminFlightsAdd: route({ name: 'admin-flights-add', path: '/admin/flights/add', title: 'Add Flight' }),
  adminFlightsEdit: route({
    name: 'admin-flights-edit',
    path: '/admin/flights/:flightId',
    title: 'Edit Flight',
  }),
  adminBustrips: route({ name: 'admin-bustrips', path: '/admin/bustrips', title: 'Buses' }),
  adminBustripsAdd: route({ name: 'admin-bustrips-add', path: '/admin/bustrips/add', title: 'Add Bus Trip' }),
  adminBustripsEdit: route({
    name: 'admin-bustrips-edit',
    path: '/admin/bustrips/:busTripId',
    title: 'Edit Bus Trip',
  }),
  adminVehicletypes: route({
    name: 'admin-vehicletypes',
    path: '/admin/vehicletypes',
    title: 'Vehicle Types',
  }),
  adminVehicletypesAdd: route({
    name: 'admin-vehicletypes-add',
    path: '/admin/vehicletypes/add',
    title: 'Add Vehicle Type',
  }),
  adminVehicletypesEdit: route({
    name: 'admin-vehicletypes-edit',
    path: '/admin/vehicletypes/:vehicleTypeId',
    title: 'Edit Vehicle Type',
  }),
  adminExtras: route({ name: 'admin-extras', path: '/admin/extras', title: 'Extras' }),
  adminExtrasAdd: route({ name: 'admin-extras-add', path: '/admin/extras/add', title: 'Add Extra' }),
  adminExtrasEdit: route({ name: 'admin-extras-edit', path: '/admin/extras/:extraId', title: 'Edit Extra' }),
  adminRates: route({ name: 'admin-rates', path: '/admin/rates', title: 'Rates' }),
  adminRatesAdd: route({ name: 'admin-rates-add', path: '/admin/rates/add', title: 'Add Rate' }),
  adminRatesEdit: route({ name: 'admin-rates-edit', path: '/admin/rates/:rateId', title: 'Edit Rate' }),
  // Exceptional days: the spec does not name the edit route; admin-days-edit follows the others.
  adminDays: route({ name: 'admin-days', path: '/admin/days', title: 'Pricing/Availability' }),
  adminDaysAdd: route({ name: 'admin-days-add', path: '/admin/days/add', title: 'Add Day' }),
  adminDaysEdit: route({ name: 'admin-days-edit', path: '/admin/days/:dayId', title: 'Edit Day' }),
  adminBlockoutPeriods: route({
    name: 'admin-blockout-periods',
    path: '/admin/blockout-periods',
    title: 'Blockout Periods',
  }),
  adminBlockoutPeriodsAdd: route({
    name: 'admin-blockout-periods-add',
    path: '/admin/blockout-periods/add',
    title: 'Add Blockout Period',
  }),
  adminBlockoutPeriodsEdit: route({
    name: 'admin-blockout-periods-edit',
    path: '/admin/blockout-periods/:blockoutPeriodId',
    title: 'Edit Blockout Period',
  }),
  // Content (issue 25): the marketing content the public site shows, edited by Admins.
  adminContentPages: route({ name: 'admin-content-pages', path: '/admin/content/pages', title: 'Pages' }),
  adminContentPagesAdd: route({
    name: 'admin-content-pages-add',
    path: '/admin/content/pages/add',
    title: 'Add Page',
  }),
  adminContentPagesEdit: route({
    name: 'admin-content-pages-edit',
    path: '/admin/content/pages/:pageId',
    title: 'Edit Page',
  }),
  adminContentMenus: route({ name: 'admin-content-menus', path: '/admin/content/menus', title: 'Menus' }),
  adminContentHome: route({
    name: 'admin-content-home',
    path: '/admin/content/home-page',
    title: 'Home Page',
  }),
  adminContentSite: route({
    name: 'admin-content-site',
    path: '/admin/content/site-details',
    title: 'Site Details',
  }),
  // The local payment provider's stand-ins for Stripe's hosted Checkout and Billing portal, used when no
  // Stripe keys are configured; the session id in the path is the visitor's only credential.
  localCheckout: route({
    name: 'local-checkout',
    path: '/local-checkout/:sessionId',
    title: 'Secure checkout',
  }),
  localBilling: route({
    name: 'local-billing',
    path: '/local-billing/:sessionId',
    title: 'Manage subscriptions',
  }),
} as const;

/** `/login?next=/profile`: where the guards and the 401 handler send an anonymous user. */
export function loginHref(options: { next?: string; tab?: 'register' } = {}): string {
  const query = new URLSearchParams();
  if (options.tab) query.set('tab', options.tab);
  if (options.next) query.set('next', options.next);
  const search = query.toString();
  return search ? `${paths.login.path}?${search}` : paths.login.path;
}

/** `/profile?tab=subscribe` opens the subscription tab. */
export function profileHref(options: { tab?: 'subscribe' } = {}): string {
  return options.tab ? `${paths.profile.path}?tab=${options.tab}` : paths.profile.path;
}

/** `/booking/step-1?start=2026-12-01&end=2026-12-05`: the home quote form's dates handed to the wizard. */
/** The wizard's first step takes the dates of a quote as `?start=YYYY-MM-DD&end=YYYY-MM-DD`. */
export const QUOTE_QUERY = { startDate: 'start', endDate: 'end' } as const;

export function bookingQuoteHref(dates?: { startDate: string; endDate: string }): string {
  if (!dates) return paths.bookingStep1.path;
  const query = new URLSearchParams({
    [QUOTE_QUERY.startDate]: dates.startDate,
    [QUOTE_QUERY.endDate]: dates.endDate,
  });
  return `${paths.bookingStep1.path}?${query.toString()}`;
}

/** Step 1 with the car park and dates of a place held from the waitlist, and the link's token to claim it. */
export function heldPlaceHref(place: {
  token: string;
  lotId: string;
  startDate: string;
  endDate: string;
}): string {
  const query = new URLSearchParams({
    [QUOTE_QUERY.startDate]: place.startDate,
    [QUOTE_QUERY.endDate]: place.endDate,
    lot: place.lotId,
    waitlist: place.token,
  });
  return `${paths.bookingStep1.path}?${query.toString()}`;
}

/** A route's path with its parameters filled in: `adminHref(paths.adminBookingsEdit, {bookingId: 12})`. */
export function adminHref(
  entry: RouteEntry,
  params: Record<string, string | number> = {},
  query: Record<string, string> = {},
): string {
  const path = entry.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${entry.name} needs ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** `/manage-booking?booking=12`: a booking opened from My Bookings (or after finding it by code and email). */
export function manageBookingHref(bookingId?: string): string {
  return bookingId
    ? `${paths.manageBooking.path}?booking=${encodeURIComponent(bookingId)}`
    : paths.manageBooking.path;
}

/**
 * The authorisation matrix's table: for each caller, what every action on every registered resource and
 * every other route of the server should answer. A row's string gives one letter per caller, in CALLERS
 * order (the last, `partner`, calls with a live partner's API key, which the back office's API does not read: it is
 * a visitor there; the partner API at /partner/v1/ answers it alone): Y = let through (any answer but 401/403/404/405, never a 5xx), N = refused (401/403/404, nothing
 * but errors in the body, none of customer A's data), - = no such action (405), = = public content: the
 * same answer whoever asks, never 401/403. The tests are jsonapi/authorisation-matrix-*.test.ts.
 */
import { PARTNER_SPECIALS } from './authorisation-matrix-partners';
import { BRING_UP_SPECIALS, WALLET_SPECIALS } from './authorisation-matrix-wallet';

export const API = '/backend/api/v1';
export const CALLERS = [
  'anonymous',
  'customer A',
  'customer B',
  'Employees',
  'Sales',
  'Admins',
  'partner',
] as const;
export type Caller = (typeof CALLERS)[number];
export type Expectation = string; // seven letters, Y N or -, one per caller

const ALL = 'YYYYYYY';
const SIGNED_IN = 'NYYYYYN';
const OWNER_OR_STAFF = 'NYNNYYN';
const OWNER_OR_ADMINS = 'NYNNNYN';
const STAFF = 'NNNNYYN';
export const ADMINS = 'NNNNNYN';
const NOBODY = '-------';
const SETTINGS = { list: ALL, read: ALL, create: ADMINS, update: ADMINS, delete: ADMINS };

export type Action = 'list' | 'read' | 'create' | 'update' | 'delete';

/** Every resource type and action. Owned types are tried on customer A's row. */
export const RESOURCES: Record<string, Record<Action, Expectation>> = {
  users: { list: SIGNED_IN, read: OWNER_OR_STAFF, create: ALL, update: OWNER_OR_ADMINS, delete: ADMINS },
  customers: { list: SIGNED_IN, read: OWNER_OR_STAFF, create: STAFF, update: OWNER_OR_STAFF, delete: ADMINS },
  vehicles: {
    list: SIGNED_IN,
    read: OWNER_OR_STAFF,
    create: SIGNED_IN,
    update: OWNER_OR_STAFF,
    delete: ADMINS,
  },
  bookings: { list: SIGNED_IN, read: OWNER_OR_STAFF, create: ALL, update: STAFF, delete: ADMINS },
  subscriptions: { list: SIGNED_IN, read: OWNER_OR_STAFF, create: NOBODY, update: NOBODY, delete: NOBODY },
  'booking-logs': { list: ADMINS, read: ADMINS, create: NOBODY, update: NOBODY, delete: NOBODY },
  products: { list: ALL, read: ALL, create: NOBODY, update: NOBODY, delete: NOBODY },
  prices: { list: ALL, read: ALL, create: NOBODY, update: NOBODY, delete: NOBODY },
  'contact-submissions': { list: STAFF, read: STAFF, create: ALL, update: NOBODY, delete: ADMINS },
  // Anyone joins the waitlist of a full day (its own route, waitlist/waitlist-routes.ts, also in SPECIALS); staff list
  // it; a traveller confirms and leaves from their links (SPECIALS).
  'waitlist-entries': { list: STAFF, read: STAFF, create: ALL, update: NOBODY, delete: NOBODY },
  discounts: { list: STAFF, read: STAFF, create: ADMINS, update: ADMINS, delete: ADMINS },
  'lot-regions': { list: STAFF, read: STAFF, create: ADMINS, update: ADMINS, delete: ADMINS },
  'vehicle-types': SETTINGS,
  lots: SETTINGS,
  airlines: SETTINGS,
  'bus-trips': SETTINGS,
  flights: SETTINGS,
  extras: SETTINGS,
  'extra-variations': SETTINGS,
  'short-term-rate-days': SETTINGS,
  'short-term-rates': SETTINGS,
  'exceptional-days': SETTINGS,
  'exceptional-rates': SETTINGS,
  'blockout-periods': SETTINGS,
  'audit-logs': { list: ADMINS, read: ADMINS, create: NOBODY, update: NOBODY, delete: NOBODY },
  // The back office's Content section (issue 25): Admins only. An image is uploaded by its own route
  // (SPECIALS); its record is read-only.
  'content-pages': { list: ADMINS, read: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
  'content-page-revisions': { list: ADMINS, read: ADMINS, create: NOBODY, update: NOBODY, delete: NOBODY },
  'content-images': { list: ADMINS, read: ADMINS, create: ADMINS, update: NOBODY, delete: NOBODY },
  // Partners (issue 42): Admins only. A partner is paused, never deleted; a key is revoked (PATCH), never deleted.
  partners: { list: ADMINS, read: ADMINS, create: ADMINS, update: ADMINS, delete: NOBODY },
  'partner-api-keys': { list: ADMINS, read: ADMINS, create: ADMINS, update: ADMINS, delete: NOBODY },
  'partner-allotments': { list: ADMINS, read: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
  'partner-stop-sells': { list: ADMINS, read: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
  // A payment received from a partner is a row of its account: recorded, never changed or deleted.
  'partner-payments': { list: ADMINS, read: ADMINS, create: ADMINS, update: NOBODY, delete: NOBODY },
};

interface Special {
  /** The route as the server registers it. */
  route: string;
  /** The request tried; {booking} is customer A's booking. */
  url?: string;
  body?: unknown;
  expect: Expectation;
  /** The call ends the caller's session: make it with a session of its own. */
  ownSession?: boolean;
}

const CAPABILITY = 'NNNNNNN'; // reached by an unguessable id only: a made-up one is not found by anyone
const PUBLIC = '=======';

export const SPECIALS: Special[] = [
  { route: 'GET /backend/health/', expect: ALL },
  { route: 'GET /backend/live/', expect: ALL },
  { route: 'GET /backend/ready/', expect: ALL },
  // Prometheus text: a scraper's METRICS_TOKEN (not one of these callers) or an Admin.
  { route: 'GET /backend/metrics', expect: ADMINS },
  { route: 'GET /backend/dev/mail/', expect: ADMINS },
  { route: 'GET /backend/dev/sms/', expect: ADMINS },
  // A made-up message: Admins are told it is not there, everyone else is refused first.
  {
    route: 'GET /backend/dev/mail/:id/attachments/:index',
    url: '/backend/dev/mail/made-up/attachments/0',
    expect: CAPABILITY,
  },
  { route: 'GET /backend/dev/mail/:id/', url: '/backend/dev/mail/made-up/', expect: CAPABILITY },
  { route: 'GET /backend/dev/mail/:id/html', url: '/backend/dev/mail/made-up/html', expect: CAPABILITY },
  // The mailbox pages' stylesheet: Admins only like the pages, which is who asks for it.
  { route: 'GET /backend/dev/mailbox.css', expect: ADMINS },
  { route: `POST ${API}/sessions/`, body: {}, expect: ALL },
  { route: `GET ${API}/sessions/current/`, expect: ALL },
  { route: `DELETE ${API}/sessions/current/`, expect: ALL, ownSession: true },
  { route: `POST ${API}/email-confirmations/`, body: {}, expect: ALL },
  { route: `POST ${API}/confirmation-email-requests/`, body: {}, expect: ALL },
  { route: `POST ${API}/password-resets/`, body: {}, expect: ALL },
  { route: `POST ${API}/password-reset-confirmations/`, body: {}, expect: ALL },
  { route: `GET ${API}/anon-emails/:email/`, url: `${API}/anon-emails/someone@example.com/`, expect: ALL },
  { route: `GET ${API}/extras/`, expect: ALL },
  { route: `GET ${API}/blockout-periods/current_form_blockout/`, expect: ALL },
  {
    route: `GET ${API}/quotes/`,
    url: `${API}/quotes/?start_date=2026-12-01&end_date=2026-12-03`,
    expect: ALL,
  },
  {
    route: `GET ${API}/quotes/calendar/`,
    url: `${API}/quotes/calendar/?start_date=2026-12-01&end_date=2026-12-03`,
    expect: ALL,
  },
  {
    route: `GET ${API}/lots/:id/slots/`,
    url: `${API}/lots/1/slots/?date=2026-12-01`,
    expect: ALL,
  },
  { route: `POST ${API}/booking-quotes/`, body: {}, expect: ALL },
  { route: `POST ${API}/promo-codes/`, body: {}, expect: ALL },
  {
    route: `GET ${API}/bookings/:id/invoice/`,
    url: `${API}/bookings/{booking}/invoice/`,
    expect: OWNER_OR_STAFF,
  },
  {
    route: `GET ${API}/bookings/:id/calendar/`,
    url: `${API}/bookings/{booking}/calendar/`,
    expect: OWNER_OR_STAFF,
  },
  // A car's custody record: read like manage my booking (owner, staff, a manage token), written by staff.
  {
    route: `GET ${API}/bookings/:id/custody/`,
    url: `${API}/bookings/{booking}/custody/`,
    expect: OWNER_OR_STAFF,
  },
  {
    route: `POST ${API}/bookings/:id/custody/check-ins/`,
    url: `${API}/bookings/{booking}/custody/check-ins/`,
    body: {},
    expect: STAFF,
  },
  {
    route: `POST ${API}/bookings/:id/custody/moves/`,
    url: `${API}/bookings/{booking}/custody/moves/`,
    body: {},
    expect: STAFF,
  },
  {
    route: `POST ${API}/bookings/:id/custody/hand-backs/`,
    url: `${API}/bookings/{booking}/custody/hand-backs/`,
    body: {},
    expect: STAFF,
  },
  {
    route: `POST ${API}/bookings/:id/custody/photos/`,
    url: `${API}/bookings/{booking}/custody/photos/`,
    body: {},
    expect: STAFF,
  },
  { route: `GET ${API}/custody-photos/:id/`, url: `${API}/custody-photos/made-up/`, expect: CAPABILITY },
  ...WALLET_SPECIALS,
  ...BRING_UP_SPECIALS,
  // Flight-aware returns (issue 24): the local provider's flights and a delay set by hand, staff only.
  { route: `POST ${API}/local-flight-statuses/`, body: {}, expect: STAFF },
  {
    route: `POST ${API}/bookings/:id/flight-delays/`,
    url: `${API}/bookings/{booking}/flight-delays/`,
    body: {},
    expect: STAFF,
  },
  // Joining the waitlist answers anyone alike (issue 38); the confirmation link's token is its capability
  // (a made-up one is 404: waitlist/waitlist-confirmation.test.ts).
  { route: `POST ${API}/waitlist-entries/`, body: {}, expect: ALL },
  { route: `POST ${API}/waitlist-confirmations/`, body: {}, expect: ALL },
  // The waitlist emails' link: its signed token is the capability; a made-up one is not found by anyone.
  { route: `GET ${API}/waitlist-places/:id/`, url: `${API}/waitlist-places/1.made-up/`, expect: CAPABILITY },
  {
    route: `DELETE ${API}/waitlist-places/:id/`,
    url: `${API}/waitlist-places/1.made-up/`,
    expect: CAPABILITY,
  },
  // Manage my booking: a guest's code and email open a booking; the booking's owner and staff reach it directly.
  { route: `POST ${API}/manage-booking-sessions/`, body: {}, expect: ALL },
  // The emailed link's signed token opens its booking for anyone holding it (the token is the capability).
  { route: `POST ${API}/manage-booking-links/`, body: {}, expect: ALL },
  {
    route: `GET ${API}/manage-bookings/:id/`,
    url: `${API}/manage-bookings/{booking}/`,
    expect: OWNER_OR_STAFF,
  },
  {
    route: `POST ${API}/manage-bookings/:id/change-quotes/`,
    url: `${API}/manage-bookings/{booking}/change-quotes/`,
    body: {},
    expect: OWNER_OR_STAFF,
  },
  {
    route: `POST ${API}/manage-bookings/:id/changes/`,
    url: `${API}/manage-bookings/{booking}/changes/`,
    body: {},
    expect: OWNER_OR_STAFF,
  },
  {
    route: `POST ${API}/manage-bookings/:id/cancellation/`,
    url: `${API}/manage-bookings/made-up/cancellation/`,
    body: {},
    expect: CAPABILITY,
  },
  // "Keep my booking as it is" (issue 40): drops a change waiting for its payment.
  {
    route: `DELETE ${API}/manage-bookings/:id/pending-change/`,
    url: `${API}/manage-bookings/{booking}/pending-change/`,
    expect: OWNER_OR_STAFF,
  },
  {
    route: `POST ${API}/manage-bookings/:id/payments/`,
    url: `${API}/manage-bookings/{booking}/payments/`,
    body: {},
    expect: OWNER_OR_STAFF,
  },
  {
    route: `GET ${API}/bookings/invoices/`,
    url: `${API}/bookings/invoices/?filter[startDate]=2026-12-01`,
    expect: STAFF,
  },
  { route: `GET ${API}/bookings/export/`, expect: STAFF },
  { route: `GET ${API}/customers/export/`, expect: STAFF },
  { route: `POST ${API}/lot-volume-graphs/`, body: {}, expect: ADMINS },
  // Delivery problems (issue 37): the side-effect jobs given up on, Admins only (Admins, last, retry one and discard another).
  { route: `GET ${API}/delivery-problems/`, expect: ADMINS },
  {
    route: `POST ${API}/delivery-problems/:id/retry/`,
    url: `${API}/delivery-problems/{failedJob}/retry/`,
    body: {},
    expect: ADMINS,
  },
  {
    route: `DELETE ${API}/delivery-problems/:id/`,
    url: `${API}/delivery-problems/{otherFailedJob}/`,
    expect: ADMINS,
  },
  // The privacy centre (issue 38): anyone signed in downloads their own data and closes their own account (an
  // empty document is a 400 asking for the password); Admins read the closings and the retention job's runs.
  { route: `GET ${API}/personal-data/`, expect: SIGNED_IN },
  { route: `POST ${API}/account-closures/`, body: {}, expect: SIGNED_IN },
  { route: `GET ${API}/account-closures/`, expect: ADMINS },
  { route: `GET ${API}/retention-runs/`, expect: ADMINS },
  { route: `POST ${API}/arrival-departure-graphs/`, body: {}, expect: ADMINS },
  { route: `POST ${API}/extras-stats/`, body: {}, expect: ADMINS },
  { route: `POST ${API}/extras-graphs/`, body: {}, expect: ADMINS },
  { route: `POST ${API}/booking-type-stats/`, body: {}, expect: ADMINS },
  { route: `POST ${API}/channel-stats/`, body: {}, expect: ADMINS },
  { route: `GET ${API}/kpi-summary-csv/`, expect: ADMINS },
  { route: `GET ${API}/bookings/currently-parked/`, expect: STAFF },
  { route: `GET ${API}/bookings/income-owed/`, expect: STAFF },
  { route: `GET ${API}/bookings/search/`, url: `${API}/bookings/search/?q=Smith`, expect: STAFF },
  { route: `GET ${API}/payment-config/`, expect: ALL },
  // Card payments are reached by the payment's client secret, which only its payer holds.
  { route: `POST ${API}/payment-confirmations/`, body: {}, expect: ALL },
  { route: `POST ${API}/local-payments/`, body: {}, expect: ALL },
  { route: `POST ${API}/payments/`, body: {}, expect: STAFF },
  { route: `POST ${API}/checkout-sessions/`, body: {}, expect: SIGNED_IN },
  { route: `POST ${API}/billing-sessions/`, body: {}, expect: SIGNED_IN },
  // The local provider's pages, by the session's unguessable id; a POST reads its body before the id.
  {
    route: `GET ${API}/local-checkout-sessions/:id/`,
    url: `${API}/local-checkout-sessions/made-up/`,
    expect: CAPABILITY,
  },
  {
    route: `POST ${API}/local-checkout-sessions/:id/complete/`,
    url: `${API}/local-checkout-sessions/made-up/complete/`,
    body: {},
    expect: ALL,
  },
  {
    route: `GET ${API}/local-billing-sessions/:id/`,
    url: `${API}/local-billing-sessions/made-up/`,
    expect: CAPABILITY,
  },
  {
    route: `POST ${API}/local-billing-sessions/:id/subscriptions/:subscription/`,
    url: `${API}/local-billing-sessions/made-up/subscriptions/1/`,
    body: {},
    expect: ALL,
  },
  // Anyone reaches the webhook; only a body signed with the webhook secret does anything.
  { route: `POST ${API}/stripe/webhook/`, body: {}, expect: ALL },
  { route: 'GET /wp-json/wp/v2/routes/', expect: PUBLIC },
  { route: 'GET /wp-json/wp/v2/get-page/', url: '/wp-json/wp/v2/get-page/?path=/', expect: PUBLIC },
  { route: 'GET /wp-json/wp/v2/frontpage/', expect: PUBLIC },
  {
    route: 'GET /wp-json/wp/v2/menu-location/:location/',
    url: '/wp-json/wp/v2/menu-location/main/',
    expect: PUBLIC,
  },
  { route: 'GET /wp-json/acf/v3/options/options/', expect: PUBLIC },
  // The back office's Content section (issue 25): Admins only; an uploaded image's bytes are public.
  { route: `GET ${API}/content-menus/`, expect: ADMINS },
  { route: `GET ${API}/content-menus/:id/`, url: `${API}/content-menus/main/`, expect: ADMINS },
  { route: `PATCH ${API}/content-menus/:id/`, url: `${API}/content-menus/footer/`, body: {}, expect: ADMINS },
  { route: `GET ${API}/home-page/`, expect: ADMINS },
  { route: `PATCH ${API}/home-page/`, body: {}, expect: ADMINS },
  { route: `GET ${API}/site-details/`, expect: ADMINS },
  { route: `PATCH ${API}/site-details/`, body: {}, expect: ADMINS },
  {
    route: `POST ${API}/content-pages/:id/restore/`,
    url: `${API}/content-pages/{page}/restore/`,
    body: {},
    expect: ADMINS,
  },
  { route: `POST ${API}/home-page/restore/`, body: {}, expect: ADMINS },
  { route: `POST ${API}/content-page-previews/`, body: {}, expect: ADMINS },
  { route: `POST ${API}/content-images/`, body: {}, expect: ADMINS },
  // An image's bytes by its random token (issue 38): the matrix's image is used by no published content,
  // so it is the editors' alone (404 to the rest: it is not admitted to exist).
  {
    route: `GET ${API}/content-images/:token/:size/`,
    url: `${API}/content-images/{image}/thumbnail/`,
    expect: ADMINS,
  },
  // Two-factor sign-in (issue 38): a login's second step and a passkey sign-in are anyone's (the login token or
  // the challenge is the credential); each user manages their own factors; Admins the setting and a reset.
  { route: `POST ${API}/sessions/second-step/`, body: {}, expect: ALL },
  { route: `POST ${API}/passkey-challenges/`, expect: ALL },
  { route: `POST ${API}/sessions/passkey/`, body: {}, expect: ALL },
  { route: `GET ${API}/two-factor/`, expect: SIGNED_IN },
  { route: `POST ${API}/two-factor/totp-setup/`, expect: SIGNED_IN },
  { route: `POST ${API}/two-factor/totp/`, body: {}, expect: SIGNED_IN },
  { route: `DELETE ${API}/two-factor/totp/`, expect: SIGNED_IN },
  { route: `POST ${API}/two-factor/recovery-codes/`, expect: SIGNED_IN },
  { route: `POST ${API}/two-factor/passkey-options/`, expect: SIGNED_IN },
  { route: `POST ${API}/two-factor/passkeys/`, body: {}, expect: SIGNED_IN },
  // Only one's own passkeys are found: a made-up one is found by no one.
  {
    route: `DELETE ${API}/two-factor/passkeys/:id/`,
    url: `${API}/two-factor/passkeys/made-up/`,
    expect: CAPABILITY,
  },
  { route: `GET ${API}/two-factor-settings/`, expect: ADMINS },
  { route: `PATCH ${API}/two-factor-settings/`, body: {}, expect: ADMINS },
  { route: `GET ${API}/users/:id/two-factor/`, url: `${API}/users/{userA}/two-factor/`, expect: ADMINS },
  { route: `DELETE ${API}/users/:id/two-factor/`, url: `${API}/users/{userA}/two-factor/`, expect: ADMINS },
  ...PARTNER_SPECIALS,
  // Methods JSON:API resources do not have.
  { route: `PUT ${API}/:type/*`, url: `${API}/lots/1/`, body: {}, expect: NOBODY },
  { route: `PUT,PATCH,DELETE ${API}/:type/`, url: `${API}/lots/`, expect: NOBODY },
  { route: `POST ${API}/:type/:id/`, url: `${API}/lots/1/`, body: {}, expect: NOBODY },
];

/** The generic resource routes, covered by RESOURCES. */
export const GENERIC_ROUTES = [
  `GET ${API}/:type/`,
  `GET ${API}/:type/:id/`,
  `POST ${API}/:type/`,
  `PATCH ${API}/:type/:id/`,
  `DELETE ${API}/:type/:id/`,
];

/**
 * The authorisation matrix's rows for the return trip (issue 41): the bring-up board and wallet passes, spread into
 * SPECIALS
 * (authorisation-matrix-table.ts, which says what the letters mean): the links for the booking's customer or
 * staff (or its payment secret, or a manage token); the pass and the save link by a signed token; Apple's web
 * service by the pass's own token (a made-up pass is found by no one); the local adapters' records for Admins.
 */
const API = '/backend/api/v1';
const APPLE = '/backend/apple-wallet/v1';
const OWNER_OR_STAFF = 'NYNNYYN';
const STAFF = 'NNNNYYN';
const ADMINS = 'NNNNNYN';
const CAPABILITY = 'NNNNNNN';
const ALL = 'YYYYYYY';

export const WALLET_SPECIALS = [
  {
    route: `GET ${API}/bookings/:id/wallet-links/`,
    url: `${API}/bookings/{booking}/wallet-links/`,
    expect: OWNER_OR_STAFF,
  },
  {
    route: `GET ${API}/manage-bookings/:id/wallet-links/`,
    url: `${API}/manage-bookings/{booking}/wallet-links/`,
    expect: OWNER_OR_STAFF,
  },
  {
    route: `GET ${API}/wallet-passes/:id/apple/`,
    url: `${API}/wallet-passes/1.9999999999.made-up/apple/`,
    expect: CAPABILITY,
  },
  {
    route: `GET ${API}/wallet-passes/:id/google/`,
    url: `${API}/wallet-passes/1.9999999999.made-up/google/`,
    expect: CAPABILITY,
  },
  { route: `GET ${API}/wallet-deliveries/`, expect: ADMINS },
  {
    route: `POST ${APPLE}/devices/:device/registrations/:passTypeId/:serial`,
    url: `${APPLE}/devices/device/registrations/pass.made-up/serial`,
    body: {},
    expect: CAPABILITY,
  },
  {
    route: `DELETE ${APPLE}/devices/:device/registrations/:passTypeId/:serial`,
    url: `${APPLE}/devices/device/registrations/pass.made-up/serial`,
    expect: CAPABILITY,
  },
  {
    route: `GET ${APPLE}/devices/:device/registrations/:passTypeId`,
    url: `${APPLE}/devices/device/registrations/pass.made-up`,
    expect: CAPABILITY,
  },
  {
    route: `GET ${APPLE}/passes/:passTypeId/:serial`,
    url: `${APPLE}/passes/pass.made-up/serial`,
    expect: CAPABILITY,
  },
  // A device's log lines: anyone (Apple's devices send them without a token); an empty body is a 400.
  { route: `POST ${APPLE}/log`, body: {}, expect: ALL },
];

export const BRING_UP_SPECIALS = [
  // The return trip (issue 41): the bring-up board and its event stream (staff), a card moved along (staff); a
  // booking's bring-up, its stream and "I have landed" as manage my booking (owner, staff, a manage token).
  { route: `GET ${API}/bring-up-board/`, expect: STAFF },
  { route: `GET ${API}/bring-up-board/events/`, expect: STAFF },
  {
    route: `POST ${API}/bookings/:id/bring-up/moves/`,
    url: `${API}/bookings/{booking}/bring-up/moves/`,
    body: {},
    expect: STAFF,
  },
  {
    route: `GET ${API}/manage-bookings/:id/bring-up/`,
    url: `${API}/manage-bookings/{booking}/bring-up/`,
    expect: OWNER_OR_STAFF,
  },
  {
    route: `GET ${API}/manage-bookings/:id/bring-up/events/`,
    url: `${API}/manage-bookings/{booking}/bring-up/events/`,
    expect: OWNER_OR_STAFF,
  },
  {
    route: `POST ${API}/manage-bookings/:id/landed/`,
    url: `${API}/manage-bookings/{booking}/landed/`,
    body: {},
    expect: OWNER_OR_STAFF,
  },
];

/**
 * The authorisation matrix's rows for the partner API (issue 42), spread into SPECIALS (authorisation-matrix-table.ts,
 * which says what the letters mean): a live partner's key and nothing else (a login's token is refused there: 401);
 * its own bookings only (another partner's is not found); its reference public, the same for everyone. And the back
 * office's routes of a partner's webhook (its last pushes, Push Availability Now): Admins only.
 */
const PARTNER = 'NNNNNNY';
const CAPABILITY = 'NNNNNNN';
const PUBLIC = '=======';
/** The back office's (authorisation-matrix-table.ts's ADMINS and API, not imported: that file imports this one). */
const ADMINS = 'NNNNNYN';
const API = '/backend/api/v1';

export const PARTNER_SPECIALS = [
  // A partner's monthly statement (the back office's, Admins only): its figures, PDF and CSV.
  ...['', 'pdf/', 'csv/'].map((document) => ({
    route: `GET ${API}/partners/:id/statements/:month/${document}`,
    url: `${API}/partners/{partner}/statements/2026-11/${document}`,
    expect: ADMINS,
  })),
  {
    route: 'GET /partner/v1/availability',
    url: '/partner/v1/availability?lot=indoor&start=2026-12-01T08:00:00%2B11:00&end=2026-12-03T18:00:00%2B11:00',
    expect: PARTNER,
  },
  // Its bookings: a partner's own only (another partner's is not found), read, amended then cancelled. A create
  // without its Idempotency-Key is refused with 400 for the partner: let through the key check.
  { route: 'POST /partner/v1/bookings', body: {}, expect: PARTNER },
  ...(['partnerBooking', 'otherPartnerBooking'] as const).flatMap((which) =>
    (['GET', 'PATCH', 'DELETE'] as const).map((method) => ({
      route: `${method} /partner/v1/bookings/:code`,
      url: `/partner/v1/bookings/{${which}}`,
      ...(method === 'PATCH' ? { body: { data: { type: 'bookings', attributes: { colour: 'Red' } } } } : {}),
      expect: which === 'partnerBooking' ? PARTNER : CAPABILITY,
    })),
  ),
  // Its reference: public, the same for everyone.
  { route: 'GET /partner/v1/openapi.json', expect: PUBLIC },
  { route: 'GET /partner/v1/docs', expect: PUBLIC },
  { route: 'GET /partner/v1/availability/resync', url: '/partner/v1/availability/resync', expect: PARTNER },
  {
    route: 'PUT /partner/v1/webhook',
    body: { data: { type: 'webhooks', attributes: { url: 'https://partner.invalid/hooks' } } },
    expect: PARTNER,
  },
  // A partner's webhook in the back office (issue 42): Admins only, tried on a partner without one (a push is
  // then refused with 409, nothing queued).
  {
    route: `GET ${API}/partners/:id/webhook/`,
    url: `${API}/partners/{partner}/webhook/`,
    expect: ADMINS,
  },
  {
    route: `POST ${API}/partners/:id/webhook/push/`,
    url: `${API}/partners/{partner}/webhook/push/`,
    body: {},
    expect: ADMINS,
  },
];

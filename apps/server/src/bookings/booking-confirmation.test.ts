/**
 * The booking confirmation and payment receipt emails: what they say (the booking, every charge,
 * GST, paid and due, links), what they carry (invoice PDF, QR image, calendar file), and that each
 * confirmation is sent exactly once whichever way the payment is confirmed.
 */
import QRCode from 'qrcode';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../db/schema/index';
import { subscriptionProducts } from '../test/billing-fixtures';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { pdfText } from '../test/pdf-text';
import { api, createTestServer, doc, one, type TestServer } from '../test/server';
import { QR_CID } from './booking-confirmation';
import type { MailMessage } from '../mail/mailer';
import { chargeAtProvider } from '../test/provider-charge';

const V1 = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let n = 0;

beforeAll(async () => {
  server = await createTestServer({ env: { BUSINESS_ABN: '51 824 753 556' } });
  f = await bookingFixtures(server.handle.db);
});
afterAll(() => server.close());
beforeEach(() => {
  server.mail.length = 0;
});

const rel = (type: string, id: number | string) => ({ data: { type, id: String(id) } });

/** A guest's online booking: 3 days outdoor $52, WELCOME10 takes $5.20 off parking, an exterior wash $30: $76.80. */
async function guestBooking() {
  n += 1;
  const email = `traveller${n}@example.com`;
  const response = await api(server.app, 'POST', `${V1}/bookings/`, {
    body: bookingDoc(f, {
      attributes: { email, promoCode: 'WELCOME10' },
      relationships: { extras: { data: [{ type: 'extras', id: String(f.wash.id) }] } },
    }),
  });
  expect(response.status).toBe(201);
  const booking = one(response.body);
  const clientSecret = booking.attributes.clientSecret;
  if (typeof clientSecret !== 'string') throw new Error('no client secret');
  return { id: Number(booking.id), code: String(booking.attributes.bookingCode), clientSecret, email };
}

const pay = (clientSecret: string) =>
  api(server.app, 'POST', `${V1}/local-payments/`, {
    body: doc('local-payments', { clientSecret, number: '4242424242424242', expiry: '12 / 30', cvc: '123' }),
  });
const confirm = (clientSecret: string) =>
  api(server.app, 'POST', `${V1}/payment-confirmations/`, {
    body: doc('payment-confirmations', { clientSecret }),
  });

function succeededEvent(clientSecret: string, id: string) {
  const intentId = clientSecret.split('_secret_')[0] ?? '';
  return JSON.stringify({
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        status: 'succeeded',
        amount: 7680,
        currency: 'aud',
        client_secret: clientSecret,
        metadata: {},
      },
    },
  });
}
function webhook(payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: server.config.payments.webhookSecret,
  });
  return server.app.inject({
    method: 'POST',
    url: `${V1}/stripe/webhook/`,
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

const mailTo = (to: string): MailMessage[] => server.mail.filter((mail) => mail.to === to);
const attachment = (mail: MailMessage | undefined, type: string) =>
  mail?.attachments?.find((file) => file.contentType.startsWith(type));

describe('the booking confirmation email', () => {
  it('a paid online booking gets one email with the booking, every charge, GST, paid and due, and the links', async () => {
    const booking = await guestBooking();
    expect(mailTo(booking.email)).toHaveLength(0); // not confirmed until paid
    expect((await pay(booking.clientSecret)).status).toBe(201);
    const [mail, ...more] = mailTo(booking.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Booking confirmed: ${booking.code}`);
    for (const expected of [
      booking.code,
      'Hi Grace',
      'Tue 1/12/2026, 6:00 am',
      'Thu 3/12/2026, 6:00 pm',
      'Outdoor',
      'ABC123',
      'Toyota Corolla, White',
      'Qantas QF1502',
      'Qantas QF1511',
      '5:00 am',
      '2 out, 2 in',
      'Parking (3 days)',
      '$52.00',
      'Promo code WELCOME10',
      '-$5.20',
      'Exterior wash',
      '$30.00',
      '$76.80',
      'Includes GST of:',
      '$6.98',
      'Amount paid:',
      'Balance due:',
      '$0.00',
      `Manage my booking: https://parking.test/manage-booking?code=${booking.code}&booking=${booking.id}&token=`,
      'Get directions: https://www.google.com/maps/dir/?api=1&destination=12%20Holyman%20Avenue%2C%20Cambridge%20TAS%207170',
      'ABN 51 824 753 556',
      'Phone 1300 975 707',
    ]) {
      expect(mail?.text).toContain(expected);
    }
    expect(mail?.text).toMatch(/Amount paid:\s+\$76\.80/);
    expect(mail?.text).toMatch(/Balance due:\s+\$0\.00/);
    // The HTML says the same, with the QR code inline.
    expect(mail?.html).toContain(`<img src="cid:${QR_CID}"`);
    expect(mail?.html).toContain(
      `href="https://parking.test/manage-booking?code=${booking.code}&amp;booking=${booking.id}&amp;token=`,
    );
    expect(mail?.html).toContain('Promo code WELCOME10');
    expect(mail?.html).toContain('$76.80');
  });

  it('carries the invoice PDF, the QR code of the booking code (inline) and a calendar file', async () => {
    const booking = await guestBooking();
    await pay(booking.clientSecret);
    const mail = mailTo(booking.email)[0];
    const pdf = attachment(mail, 'application/pdf');
    expect(pdf?.filename).toBe(`invoice-${booking.code}.pdf`);
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The invoice is a tax invoice (an ABN is set) and says "Complete", as the site does.
    const text = pdfText(pdf?.content ?? Buffer.alloc(0));
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('Complete');
    expect(text).toContain('12 Holyman Avenue, Cambridge TAS 7170');
    const qr = attachment(mail, 'image/png');
    expect(qr?.cid).toBe(QR_CID);
    // The same QR code as the library draws for the booking code and nothing else.
    expect(
      qr?.content.equals(
        await QRCode.toBuffer(booking.code, {
          type: 'png',
          errorCorrectionLevel: 'M',
          margin: 2,
          width: 240,
        }),
      ),
    ).toBe(true);
    const ics = attachment(mail, 'text/calendar')?.content.toString('utf8') ?? '';
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('DTSTART:20261130T190000Z');
    expect(ics).toContain(`UID:${booking.code}-pick-up@parking.test`);
  });

  it('is sent once when the local form, the browser confirmation and a webhook redelivery all confirm the payment', async () => {
    const booking = await guestBooking();
    expect((await pay(booking.clientSecret)).status).toBe(201);
    const payload = succeededEvent(booking.clientSecret, `evt_again_${booking.id}`);
    const results = await Promise.all([
      confirm(booking.clientSecret),
      webhook(payload),
      confirm(booking.clientSecret),
      webhook(payload),
    ]);
    expect(results.map((result) => ('status' in result ? result.status : result.statusCode))).toEqual([
      201, 200, 201, 200,
    ]);
    expect(mailTo(booking.email)).toHaveLength(1);
  });

  it('is sent once when the webhook comes before the browser confirmation', async () => {
    const booking = await guestBooking();
    // The provider takes the card; its webhook arrives first (and is believed once the provider says so).
    await chargeAtProvider(server, booking.clientSecret);
    expect((await webhook(succeededEvent(booking.clientSecret, `evt_first_${booking.id}`))).statusCode).toBe(
      200,
    );
    expect(mailTo(booking.email)).toHaveLength(1);
    await pay(booking.clientSecret); // the local provider's own event: already applied
    await confirm(booking.clientSecret);
    expect(mailTo(booking.email)).toHaveLength(1);
  });

  it('a subscriber’s free booking is confirmed at once and emailed', async () => {
    const products = await subscriptionProducts(server.handle.db);
    const subscriber = await createUser(server.handle.db, {
      email: 'subscriber@example.com',
      firstName: 'Sam',
    });
    await server.handle.db.insert(subscriptions).values({
      userId: subscriber.user.id,
      priceId: products.indoorPrice.id,
      endDatetime: new Date('2027-06-01T00:00:00+10:00'),
    });
    const token = await login(server.app, 'subscriber@example.com');
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      token,
      body: bookingDoc(f, { relationships: { lot: rel('lots', f.indoor.id) } }),
    });
    expect(created.status).toBe(201);
    expect(one(created.body).attributes).toMatchObject({ status: 'complete', totalCost: '0.00' });
    const [mail, ...more] = mailTo('subscriber@example.com');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Booking confirmed: ${String(one(created.body).attributes.bookingCode)}`);
    expect(mail?.text).toContain('Subscription discount');
    expect(mail?.text).toMatch(/Balance due:\s+\$0\.00/);
  });
});

describe('staff bookings and the payment receipt', () => {
  let staff: string;
  beforeAll(async () => {
    await createUser(server.handle.db, { email: 'desk@example.com', roles: ['Sales'] });
    staff = await login(server.app, 'desk@example.com');
  });

  it('a booking staff key in with a real email is confirmed by email; a later card payment sends a receipt', async () => {
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      token: staff,
      body: bookingDoc(f, { attributes: { email: 'caller@example.com' } }),
    });
    expect(created.status).toBe(201);
    const booking = one(created.body);
    const code = String(booking.attributes.bookingCode);
    const [confirmation] = mailTo('caller@example.com');
    expect(confirmation?.subject).toBe(`Booking confirmed: ${code}`);
    expect(confirmation?.text).toMatch(/Amount paid:\s+\$0\.00/);
    expect(confirmation?.text).toMatch(/Balance due:\s+\$52\.00/);

    const body = {
      data: {
        type: 'payments',
        attributes: { amount: '20.00' },
        relationships: { booking: { data: { type: 'bookings', id: booking.id } } },
      },
    };
    const opened = await api(server.app, 'POST', `${V1}/payments/`, { token: staff, body });
    const secret = one(opened.body).attributes.clientSecret;
    if (typeof secret !== 'string') throw new Error('no secret');
    expect((await pay(secret)).status).toBe(201);
    await confirm(secret);
    const receipts = mailTo('caller@example.com').slice(1);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Payment received for booking ${code}`);
    expect(receipts[0]?.text).toContain('we have received your payment of $20.00');
    expect(receipts[0]?.text).toMatch(/Amount paid:\s+\$20\.00/);
    expect(receipts[0]?.text).toMatch(/Balance due:\s+\$32\.00/);
    expect(attachment(receipts[0], 'application/pdf')?.filename).toBe(`invoice-${code}.pdf`);
  });

  it('no email for a walk-in without an address (placeholder email) or a booking staff leave pending', async () => {
    const placeholder = `no-email-${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}@parking.test`;
    const walkIn = await api(server.app, 'POST', `${V1}/bookings/`, {
      token: staff,
      body: bookingDoc(f, { attributes: { email: placeholder } }),
    });
    expect(walkIn.status).toBe(201);
    const pending = await api(server.app, 'POST', `${V1}/bookings/`, {
      token: staff,
      body: bookingDoc(f, { attributes: { email: 'later@example.com', status: 'pending' } }),
    });
    expect(pending.status).toBe(201);
    expect(server.mail).toHaveLength(0);
  });
});

describe('the success page documents (invoice and calendar) for a guest who has just paid', () => {
  it('open with the booking’s payment secret, and not with another booking’s or none', async () => {
    const booking = await guestBooking();
    await pay(booking.clientSecret);
    const other = await guestBooking();
    const get = (path: string) => server.app.inject({ method: 'GET', url: path });
    const invoice = await get(
      `${V1}/bookings/${booking.id}/invoice/?client_secret=${encodeURIComponent(booking.clientSecret)}`,
    );
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(pdfText(invoice.rawPayload)).toContain(booking.code);
    const calendar = await get(
      `${V1}/bookings/${booking.id}/calendar/?client_secret=${encodeURIComponent(booking.clientSecret)}`,
    );
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(calendar.headers['content-disposition']).toBe(
      `attachment; filename="booking-${booking.code}.ics"`,
    );
    expect(calendar.body).toContain(`UID:${booking.code}-drop-off@parking.test`);
    expect(calendar.body).toContain('DTSTART:20261130T190000Z');
    // Someone else's secret, a made-up one, or none at all: not found / not logged in.
    expect(
      (
        await get(
          `${V1}/bookings/${booking.id}/invoice/?client_secret=${encodeURIComponent(other.clientSecret)}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await get(`${V1}/bookings/${booking.id}/calendar/?client_secret=pi_x_secret_y`)).statusCode).toBe(
      404,
    );
    expect((await get(`${V1}/bookings/${booking.id}/calendar/`)).statusCode).toBe(401);
  });
});

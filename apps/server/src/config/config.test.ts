/** The business's details come from the environment once; production refuses to start without an ABN. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { renderInvoicesPdf } from '../documents/invoice';
import type { InvoiceModel } from '../documents/invoice-data';
import { pdfText } from '../test/pdf-text';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/parking',
  PUBLIC_URL: 'https://parking.example',
  SESSION_SECRET: 'test-only-session-secret-0123456789abcdef',
  SMTP_URL: 'smtp://mail.example:587',
  STRIPE_SECRET_KEY: 'sk_test_config',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_config',
  STRIPE_WEBHOOK_SECRET: 'whsec_config',
  PHOTO_STORAGE: 'filesystem',
  FLIGHT_STATUS_PROVIDER: 'none',
};

describe('business details', () => {
  it('default to the demo business outside production, without an ABN', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).business).toEqual({
      name: 'SkyPark Airport Parking',
      abn: null,
      address: ['12 Holyman Avenue', 'Cambridge TAS 7170'],
      phone: '1300 975 707',
      email: 'bookings@skypark.example',
    });
  });

  it('are read from BUSINESS_* with the ABN grouped as the ATO prints it', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      BUSINESS_NAME: 'Hobart Valet Parking',
      BUSINESS_ABN: '51824753556',
      BUSINESS_ADDRESS: '1 Airport Road, Cambridge TAS 7170',
      BUSINESS_PHONE: '03 6200 0000',
      BUSINESS_EMAIL: 'hello@valet.example',
    });
    expect(config.business).toEqual({
      name: 'Hobart Valet Parking',
      abn: '51 824 753 556',
      address: ['1 Airport Road', 'Cambridge TAS 7170'],
      phone: '03 6200 0000',
      email: 'hello@valet.example',
    });
  });

  it('refuse to start in production without an ABN', () => {
    expect(() => loadConfig(production)).toThrow('BUSINESS_ABN is required in production');
    expect(loadConfig({ ...production, BUSINESS_ABN: '51 824 753 556' }).business.abn).toBe('51 824 753 556');
  });

  it('refuse an ABN that fails the checksum, anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', BUSINESS_ABN: '51 824 753 557' })).toThrow(
      'BUSINESS_ABN: not a valid ABN',
    );
    expect(() => loadConfig({ ...production, BUSINESS_ABN: '123' })).toThrow('BUSINESS_ABN');
  });
});

describe('the invoice title', () => {
  const invoice: InvoiceModel = {
    bookingCode: 'K7M2QX9P',
    issueDate: '21/11/2026',
    bookingStatus: 'Complete',
    customer: { name: 'Ms Grace Hopper', business: '', email: 'grace@example.com', phone: '0400 123 456' },
    vehicle: { rego: 'ABC123', description: 'Toyota Corolla, White' },
    lot: 'Outdoor',
    dropOff: 'Tue 1/12/2026, 6:00 am',
    pickUp: 'Thu 3/12/2026, 6:00 pm',
    flightOut: 'Qantas QF1502',
    flightIn: 'Qantas QF1511',
    passengers: '2 out, 2 in',
    busDeparture: '5:00 am',
    lines: [{ description: 'Parking (3 days)', detail: 'Outdoor car park', amount: '$52.00' }],
    total: '$52.00',
    gst: '$4.73',
    amountPaid: '$52.00',
    balanceDue: '$0.00',
    paymentStatus: 'Paid',
    paymentMethod: 'Card',
    paymentDate: 'Sat 21/11/2026, 9:00 am',
    notes: '',
  };

  it('is "Tax invoice" only with an ABN printed', async () => {
    const withoutAbn = pdfText(
      await renderInvoicesPdf([invoice], {
        compress: false,
        business: loadConfig({ NODE_ENV: 'test' }).business,
      }),
    );
    expect(withoutAbn).toContain('INVOICE');
    expect(withoutAbn).not.toContain('TAX INVOICE');
    expect(withoutAbn).not.toContain('ABN');
    const business = loadConfig({ NODE_ENV: 'test', BUSINESS_ABN: '51824753556' }).business;
    const withAbn = pdfText(await renderInvoicesPdf([invoice], { compress: false, business }));
    expect(withAbn).toContain('TAX INVOICE');
    expect(withAbn).toContain('ABN 51 824 753 556');
    expect(withAbn).toContain('12 Holyman Avenue, Cambridge TAS 7170');
  });
});

/**
 * Apple Wallet (issue 41): the .pkpass from the success page's link (pass.json's fields, its files listed in the
 * manifest and the manifest signed by the development certificate), and Apple's web service: a device registers
 * with the pass's token, lists the passes updated since its tag, fetches the latest pass with Last-Modified (304
 * when not modified) and is pushed to when the car is checked in, then handed back (the pass voided).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { walletDeliveries } from '../db/schema/index';
import { api, doc } from '../test/server';
import { field, openPass, useWalletServer, V1, verifyManifestSignature } from '../test/wallet-api';

const { server, paidBooking, walletLinks, checkIn, handBack, staff } = useWalletServer();

const SERVICE = '/backend/apple-wallet/v1';

async function download(url: string) {
  const response = await server.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
  return { ...openPass(response.rawPayload), response };
}

const apple = () => {
  const wallet = server.app.services.wallet.apple;
  if (!wallet) throw new Error('Apple Wallet is switched off');
  return wallet;
};

describe('the .pkpass', () => {
  it('carries the booking code as a QR code, the stay, the car park, the shuttle and the rego', async () => {
    const booking = await paidBooking();
    const { applePassUrl } = await walletLinks(booking.id, booking.clientSecret);
    expect(applePassUrl).toMatch(/^\/backend\/api\/v1\/wallet-passes\/[^/]+\/apple\/$/);
    const { pass, files, response } = await download(applePassUrl);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="booking-${booking.code}.pkpass"`,
    );
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['pass.json', 'icon.png', 'manifest.json', 'signature']),
    );
    expect(pass).toMatchObject({
      passTypeIdentifier: apple().passTypeIdentifier,
      teamIdentifier: apple().teamIdentifier,
      webServiceURL: 'https://parking.test/backend/apple-wallet',
    });
    expect(pass.serialNumber).toMatch(/^[0-9a-f-]{36}$/);
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(pass.voided).toBe(false);
    expect(pass.barcodes[0]).toMatchObject({ message: booking.code, format: 'PKBarcodeFormatQR' });
    expect(field(pass, 'status')).toBe('Booked');
    expect(field(pass, 'dropOff')).toMatch(/^Tue 1 Dec 2026, /);
    expect(field(pass, 'pickUp')).toMatch(/^Thu 3 Dec 2026, /);
    expect(field(pass, 'carPark')).toBe('Outdoor');
    expect(field(pass, 'rego')).toBe('WAL123');
    expect(field(pass, 'shuttle')).toMatch(/^\d{1,2}:\d{2} [ap]m$|^None booked$/);
    // The same pass each time it is asked for: one serial number per booking.
    expect((await download(applePassUrl)).pass.serialNumber).toBe(pass.serialNumber);
  });

  it('is signed: a PKCS#7 detached signature of manifest.json by the development certificate', async () => {
    const booking = await paidBooking();
    const { files } = await download((await walletLinks(booking.id, booking.clientSecret)).applePassUrl);
    verifyManifestSignature(files, apple().certificates.signerCert);
  });

  it('the confirmation email links both wallets, signed like the manage link', async () => {
    const booking = await paidBooking();
    const email = server.mail.find((message) => message.to === booking.email);
    const apple =
      /Add to Apple Wallet: https:\/\/parking\.test(\/backend\/api\/v1\/wallet-passes\/\S+\/apple\/)/.exec(
        email?.text ?? '',
      );
    const google = /Add to Google Wallet: https:\/\/parking\.test(\/\S+\/google\/)/.exec(email?.text ?? '');
    expect(email?.html).toContain('Add to Apple Wallet');
    expect((await download(apple?.[1] ?? '')).pass.barcodes[0]?.message).toBe(booking.code);
    const redirect = await server.app.inject({ method: 'GET', url: google?.[1] ?? '' });
    expect(redirect.statusCode).toBe(302);
    expect(String(redirect.headers.location)).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  });

  it('is refused to a forged link, another payment secret and a stranger', async () => {
    const booking = await paidBooking();
    const other = await paidBooking();
    const { applePassUrl } = await walletLinks(booking.id, booking.clientSecret);
    const forged = applePassUrl.replace(/\/wallet-passes\/(\d+)\./, `/wallet-passes/${other.id}.`);
    expect((await server.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const links = `${V1}/bookings/${booking.id}/wallet-links/`;
    expect((await api(server.app, 'GET', `${links}?client_secret=${other.clientSecret}`)).status).toBe(404);
    expect((await api(server.app, 'GET', links)).status).toBe(401);
  });
});

describe("Apple's pass web service", () => {
  it('registers a device, lists updated passes, serves the latest with Last-Modified and pushes on change', async () => {
    const booking = await paidBooking();
    const { applePassUrl } = await walletLinks(booking.id, booking.clientSecret);
    const { pass } = await download(applePassUrl);
    const { passTypeIdentifier: type, serialNumber: serial, authenticationToken: token } = pass;
    const registration = `${SERVICE}/devices/device-1/registrations/${type}/${serial}`;
    const auth = { authorization: `ApplePass ${token}` };
    const register = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: registration,
        headers,
        payload: { pushToken: 'push-token-1' },
      });

    // Without the pass's token, or with another, nothing is registered.
    expect((await register({})).statusCode).toBe(401);
    expect((await register({ authorization: 'ApplePass not-the-token-of-this-pass' })).statusCode).toBe(401);
    expect((await register(auth)).statusCode).toBe(201);
    expect((await register(auth)).statusCode).toBe(200);

    const list = (since?: string) =>
      server.app.inject({
        method: 'GET',
        url: `${SERVICE}/devices/device-1/registrations/${type}${since ? `?passesUpdatedSince=${since}` : ''}`,
      });
    const listed = await list();
    expect(listed.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = listed.json<{ serialNumbers: string[]; lastUpdated: string }>();
    expect(serialNumbers).toEqual([serial]);
    expect((await list(lastUpdated)).statusCode).toBe(204);

    const latest = (headers: Record<string, string>) =>
      server.app.inject({ method: 'GET', url: `${SERVICE}/passes/${type}/${serial}`, headers });
    expect((await latest({})).statusCode).toBe(401);
    const first = await latest(auth);
    expect(first.statusCode).toBe(200);
    const modified = String(first.headers['last-modified']);
    expect(new Date(modified).toUTCString()).toBe(modified);
    expect((await latest({ ...auth, 'if-modified-since': modified })).statusCode).toBe(304);

    // The car is checked in: the pass changes, the device is pushed to and finds it in the list.
    server.clock.advance(60_000);
    expect((await checkIn(booking.id)).status).toBe(201);
    const pushes = await server.handle.db
      .select()
      .from(walletDeliveries)
      .where(eq(walletDeliveries.serialNumber, serial));
    expect(pushes.filter((push) => push.kind === 'apple-push').map((push) => push.target)).toEqual([
      'push-token-1',
    ]);
    expect((await list(lastUpdated)).json<{ serialNumbers: string[] }>().serialNumbers).toEqual([serial]);
    const second = await latest({ ...auth, 'if-modified-since': modified });
    expect(second.statusCode).toBe(200);
    expect(Date.parse(String(second.headers['last-modified']))).toBeGreaterThan(Date.parse(modified));
    const parked = openPass(second.rawPayload).pass;
    expect(field(parked, 'status')).toBe('Checked in');
    expect(field(parked, 'place')).toBe('Bay A, row 2');
    expect(field(parked, 'custody')).toMatch(/^https:\/\/parking\.test\/manage-booking\?/);

    // Handed back: the pass is voided.
    server.clock.advance(60_000);
    expect((await handBack(booking.id)).status).toBe(201);
    const voided = openPass((await latest(auth)).rawPayload).pass;
    expect(voided.voided).toBe(true);
    expect(field(voided, 'status')).toBe('Handed back');

    // The device's log, and its unregistration.
    const log = await server.app.inject({
      method: 'POST',
      url: `${SERVICE}/log`,
      payload: { logs: ['a message'] },
    });
    expect(log.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'DELETE', url: registration })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'DELETE', url: registration, headers: auth })).statusCode).toBe(
      200,
    );
    expect((await list()).statusCode).toBe(204);
  });

  it('follows the bring-up board: being brought up by whom, ready at which bay, each step pushed', async () => {
    const booking = await paidBooking();
    const { applePassUrl } = await walletLinks(booking.id, booking.clientSecret);
    const { pass } = await download(applePassUrl);
    const { passTypeIdentifier: type, serialNumber: serial, authenticationToken: token } = pass;
    const auth = { authorization: `ApplePass ${token}` };
    const registered = await server.app.inject({
      method: 'POST',
      url: `${SERVICE}/devices/device-9/registrations/${type}/${serial}`,
      headers: auth,
      payload: { pushToken: 'push-token-9' },
    });
    expect(registered.statusCode).toBe(201);
    expect((await checkIn(booking.id)).status).toBe(201);
    const latest = async () =>
      openPass(
        (
          await server.app.inject({
            method: 'GET',
            url: `${SERVICE}/passes/${type}/${serial}`,
            headers: auth,
          })
        ).rawPayload,
      ).pass;
    const move = (attributes: Record<string, string>) =>
      api(server.app, 'POST', `${V1}/bookings/${booking.id}/bring-up/moves/`, {
        token: staff.sales.token,
        body: doc('bring-up-moves', attributes),
      });
    const pushes = async () =>
      (
        await server.handle.db
          .select()
          .from(walletDeliveries)
          .where(eq(walletDeliveries.serialNumber, serial))
      ).filter((push) => push.kind === 'apple-push').length;
    const afterCheckIn = await pushes();

    server.clock.advance(60_000);
    expect((await move({ state: 'bringing', by: 'Jack' })).status).toBe(200);
    expect(field(await latest(), 'status')).toBe('Being brought up by Jack');
    server.clock.advance(60_000);
    expect((await move({ state: 'ready', bay: '3' })).status).toBe(200);
    expect(field(await latest(), 'status')).toBe('Ready at bay 3');
    expect(await pushes()).toBe(afterCheckIn + 2);
  });
});

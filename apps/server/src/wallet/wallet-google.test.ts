/**
 * Google Wallet (issue 41): the success page's save link is a JWT signed RS256 with the service account's key
 * (the local adapter's generated one) with Google's claims and the pass's object; the emailed link redirects to a
 * fresh one; an update job patches the object (recorded by the local adapter, listed for Admins); Manage my
 * booking has the same links; production refuses the local adapters.
 */
import { eq } from 'drizzle-orm';
import { importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { checkEnvironment } from '../config/config-check';
import { walletDeliveries } from '../db/schema/index';
import { api, many, one, PRODUCTION_ESSENTIALS } from '../test/server';
import { asGuest } from '../test/manage-booking-api';
import { useWalletServer, V1 } from '../test/wallet-api';

const { server, paidBooking, walletLinks, checkIn, guestToken, staff } = useWalletServer();

const google = () => {
  const wallet = server.app.services.wallet.google;
  if (!wallet?.serviceAccount.publicKey) throw new Error('Google Wallet is not the local adapter');
  return { ...wallet, publicKey: wallet.serviceAccount.publicKey };
};

interface SaveClaims {
  iss: string;
  aud: string;
  typ: string;
  origins: string[];
  payload: {
    genericClasses: Array<{ id: string }>;
    genericObjects: Array<{
      id: string;
      classId: string;
      state: string;
      header: { defaultValue: { value: string } };
      barcode: { type: string; value: string };
      textModulesData: Array<{ id: string; header: string; body: string }>;
    }>;
  };
}

async function claimsOf(url: string): Promise<SaveClaims> {
  const match = /^https:\/\/pay\.google\.com\/gp\/v\/save\/([\w-]+\.[\w-]+\.[\w-]+)$/.exec(url);
  if (!match?.[1]) throw new Error(`not a save link: ${url}`);
  const key = await importSPKI(google().publicKey, 'RS256');
  const { payload, protectedHeader } = await jwtVerify(match[1], key, { audience: 'google' });
  expect(protectedHeader.alg).toBe('RS256');
  return payload as unknown as SaveClaims;
}

describe('the Google Wallet save link', () => {
  it("is a JWT signed with the service account's key, with Google's claims and the pass's object", async () => {
    const booking = await paidBooking();
    const { googleSaveUrl } = await walletLinks(booking.id, booking.clientSecret);
    const claims = await claimsOf(googleSaveUrl);
    expect(claims).toMatchObject({
      iss: google().serviceAccount.clientEmail,
      aud: 'google',
      typ: 'savetowallet',
      origins: ['https://parking.test'],
    });
    const [object] = claims.payload.genericObjects;
    expect(claims.payload.genericClasses[0]?.id).toBe(object?.classId);
    expect(object?.id).toMatch(new RegExp(`^${google().issuerId}\\.[0-9a-f-]{36}$`));
    expect(object).toMatchObject({
      state: 'ACTIVE',
      header: { defaultValue: { value: 'Booked' } },
      barcode: { type: 'QR_CODE', value: booking.code },
    });
    const modules = Object.fromEntries(object?.textModulesData.map((m) => [m.id, m.body]) ?? []);
    expect(modules).toMatchObject({ carPark: 'Outdoor', rego: 'WAL123' });
    expect(modules.dropOff).toMatch(/^Tue 1 Dec 2026/);
    // A key that is not the service account's does not verify it.
    const { generateKeyPairSync } = await import('node:crypto');
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    const jwt = googleSaveUrl.split('/').at(-1) ?? '';
    await expect(jwtVerify(jwt, await importSPKI(String(stranger), 'RS256'))).rejects.toThrow();
  });

  it("the emailed link redirects to a fresh save link; Manage my booking offers both wallets' links", async () => {
    const booking = await paidBooking();
    const { applePassUrl } = await walletLinks(booking.id, booking.clientSecret);
    const redirect = await server.app.inject({
      method: 'GET',
      url: applePassUrl.replace(/apple\/$/, 'google/'),
    });
    expect(redirect.statusCode).toBe(302);
    expect((await claimsOf(String(redirect.headers.location))).typ).toBe('savetowallet');
    const manage = `${V1}/manage-bookings/${booking.id}/wallet-links/`;
    expect((await api(server.app, 'GET', manage)).status).toBe(403);
    const links = await api(
      server.app,
      'GET',
      manage,
      asGuest(await guestToken(booking.code, booking.email)),
    );
    expect(links.status).toBe(200);
    expect(one(links.body).attributes.applePassUrl).toMatch(
      /^\/backend\/api\/v1\/wallet-passes\/.+\/apple\/$/,
    );
    expect(String(one(links.body).attributes.googleSaveUrl)).toMatch(
      /^https:\/\/pay\.google\.com\/gp\/v\/save\//,
    );
  });

  it('an update job patches the object (the local adapter records it), listed for Admins only', async () => {
    const booking = await paidBooking();
    const { googleSaveUrl } = await walletLinks(booking.id, booking.clientSecret);
    const objectId = (await claimsOf(googleSaveUrl)).payload.genericObjects[0]?.id ?? '';
    expect((await checkIn(booking.id)).status).toBe(201);
    const [update] = await server.handle.db
      .select()
      .from(walletDeliveries)
      .where(eq(walletDeliveries.target, objectId));
    expect(update?.kind).toBe('google-update');
    expect(update?.payload).toMatchObject({
      id: objectId,
      state: 'ACTIVE',
      header: { defaultValue: { value: 'Checked in' } },
    });
    const listed = await api(server.app, 'GET', `${V1}/wallet-deliveries/`, { token: staff.admin.token });
    expect(listed.status).toBe(200);
    expect(many(listed.body).find((row) => row.attributes.target === objectId)?.attributes).toMatchObject({
      kind: 'google-update',
      bookingCode: booking.code,
    });
    expect(
      (await api(server.app, 'GET', `${V1}/wallet-deliveries/`, { token: staff.sales.token })).status,
    ).toBe(403);
  });
});

describe('settings', () => {
  const production = {
    ...PRODUCTION_ESSENTIALS,
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://parking.example',
  };
  const refused = (env: Record<string, string>) =>
    checkEnvironment({ ...production, ...env }).problems.map((problem) => problem.variable);

  it('production refuses the local adapters, and runs without wallets when none is configured', () => {
    expect(refused({})).toEqual([]);
    expect(refused({ APPLE_WALLET_PROVIDER: 'local' })).toEqual(['APPLE_WALLET_PROVIDER']);
    expect(refused({ GOOGLE_WALLET_PROVIDER: 'local' })).toEqual(['GOOGLE_WALLET_PROVIDER']);
    expect(refused({ APPLE_PASS_CERT: '/etc/pass.pem' })).toEqual([
      'APPLE_PASS_TYPE_ID',
      'APPLE_TEAM_ID',
      'APPLE_PASS_KEY',
      'APPLE_WWDR_CERT',
    ]);
    expect(refused({ GOOGLE_WALLET_SERVICE_ACCOUNT: '/etc/key.json' })).toEqual(['GOOGLE_WALLET_ISSUER_ID']);
  });
});

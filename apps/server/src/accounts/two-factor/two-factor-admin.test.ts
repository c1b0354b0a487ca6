/**
 * The Admins' side of two-factor sign-in (issue 38): the setting "Staff must use two-factor sign-in" (its default,
 * audited changes), the set-up forced on staff without a second factor while it is on, and an Admin's reset of a
 * staff member's second factor (audited, signed out, emailed).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { twoFactorMessages } from '@parking/domain/two-factor';
import { expectError } from '../../test/accounts';
import { createUser, login } from '../../test/factories';
import {
  api,
  createTestServer,
  doc,
  many,
  one,
  PRODUCTION_ESSENTIALS,
  type TestServer,
} from '../../test/server';
import { useTestServer } from '../../test/suite';
import {
  codeAt,
  loginToken,
  passwordStep,
  secondStep,
  sessionToken,
  setUpTotp,
  V1,
} from '../../test/two-factor-api';

const server = useTestServer();

const setting = (target: TestServer, token: string, staffRequired: unknown) =>
  api(target.app, 'PATCH', `${V1}/two-factor-settings/`, {
    token,
    body: doc('two-factor-settings', { staffRequired }),
  });

async function admin() {
  const { user } = await createUser(server.handle.db, { roles: ['Admins'] });
  return { user, token: await login(server.app, user.email) };
}

describe('two-factor sign-in: the Admins’ setting', () => {
  let adminToken: string | undefined;
  afterEach(async () => {
    // Each test starts with the setting off, as the test server's default has it.
    if (adminToken) await setting(server, adminToken, false);
  });

  it('is off by default outside production, on in production, and set by Admins only (audited)', async () => {
    const { token } = await admin();
    const read = await api(server.app, 'GET', `${V1}/two-factor-settings/`, { token });
    expect(one(read.body).attributes).toMatchObject({ staffRequired: false, isDefault: true });

    const sales = await login(
      server.app,
      (await createUser(server.handle.db, { roles: ['Sales'] })).user.email,
    );
    expect((await setting(server, sales, true)).status).toBe(403);
    expect((await api(server.app, 'GET', `${V1}/two-factor-settings/`, { token: sales })).status).toBe(403);
    expectError(
      await setting(server, token, 'yes'),
      400,
      expect.any(String) as unknown as string,
      'staffRequired',
    );

    // An Admin without a second factor would be shut out at once: they set up their own first.
    expectError(await setting(server, token, true), 409, twoFactorMessages.adminFirst);
    await setUpTotp(server, token);
    const on = await setting(server, token, true);
    expect(on.status).toBe(200);
    adminToken = token;
    expect(one(on.body).attributes).toMatchObject({ staffRequired: true, isDefault: false });
    const audit = await api(
      server.app,
      'GET',
      `${V1}/audit-logs/?filter[resourceType]=two-factor-settings&sort=id`,
      { token },
    );
    expect(many(audit.body).map((row) => [row.attributes.action, row.attributes.changes])).toEqual([
      ['update', { staffRequired: { from: false, to: true } }],
    ]);

    const production = await createTestServer({ env: { NODE_ENV: 'production', ...PRODUCTION_ESSENTIALS } });
    try {
      const { user } = await createUser(production.handle.db, { roles: ['Admins'] });
      const productionToken = await login(production.app, user.email);
      // Production's default is on: this Admin without a second factor may do nothing but set one up.
      expect((await api(production.app, 'GET', `${V1}/bookings/`, { token: productionToken })).status).toBe(
        403,
      );
      const status = await api(production.app, 'GET', `${V1}/two-factor/`, { token: productionToken });
      expect(one(status.body).attributes).toMatchObject({ required: true, setupRequired: true });
    } finally {
      await production.close();
    }
  });

  it('sends staff without a second factor to set it up: their session reaches only the set-up until done', async () => {
    const { token } = await admin();
    await setUpTotp(server, token);
    expect((await setting(server, token, true)).status).toBe(200);
    adminToken = token;

    const { user } = await createUser(server.handle.db, { roles: ['Sales'] });
    const signedIn = await passwordStep(server, user.email);
    expect(signedIn.status).toBe(201);
    expect(one(signedIn.body).attributes).toMatchObject({
      twoFactorSetupRequired: true,
      signInMethod: 'password',
    });
    const sales = sessionToken(signedIn);
    const refused = await api(server.app, 'GET', `${V1}/bookings/`, { token: sales });
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]).toMatchObject({
      code: 'two_factor_setup_required',
      detail: twoFactorMessages.setupRequired,
    });
    expect((await api(server.app, 'GET', `${V1}/customers/`, { token: sales })).status).toBe(403);
    expect((await api(server.app, 'GET', `${V1}/delivery-problems/`, { token: sales })).status).toBe(403);
    // Public reads still answer, as to a visitor.
    expect((await api(server.app, 'GET', `${V1}/lots/`, { token: sales })).status).toBe(200);
    const current = await api(server.app, 'GET', `${V1}/sessions/current/`, { token: sales });
    expect(one(current.body).attributes).toMatchObject({ twoFactorSetupRequired: true });

    // Customers are not asked.
    const customer = await createUser(server.handle.db);
    expect(
      one((await passwordStep(server, customer.user.email)).body).attributes.twoFactorSetupRequired,
    ).toBe(false);

    const { secret } = await setUpTotp(server, sales);
    expect((await api(server.app, 'GET', `${V1}/bookings/`, { token: sales })).status).toBe(200);
    // Required: the last factor cannot be turned off.
    expectError(
      await api(server.app, 'DELETE', `${V1}/two-factor/totp/`, { token: sales }),
      409,
      twoFactorMessages.staffMustKeep,
    );
    // The next login asks for the code.
    const next = await secondStep(server, {
      loginToken: await loginToken(server, user.email),
      code: await codeAt(server, secret),
    });
    expect(one(next.body).attributes).toMatchObject({
      signInMethod: 'password+totp',
      twoFactorSetupRequired: false,
    });
  });
});

describe('two-factor sign-in: an Admin’s reset', () => {
  it('clears a staff member’s factors, signs them out, emails them, and is audited', async () => {
    const { token } = await admin();
    const { user } = await createUser(server.handle.db, { roles: ['Sales'] });
    const sales = await login(server.app, user.email);
    await setUpTotp(server, sales);
    const url = `${V1}/users/${user.id}/two-factor/`;
    expect(one((await api(server.app, 'GET', url, { token })).body).attributes).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    });
    expect((await api(server.app, 'DELETE', url, { token: sales })).status).toBe(403);
    expect((await api(server.app, 'GET', url, { token: sales })).status).toBe(403);
    expect((await api(server.app, 'DELETE', `${V1}/users/999999/two-factor/`, { token })).status).toBe(404);

    server.mail.length = 0;
    expect((await api(server.app, 'DELETE', url, { token })).status).toBe(204);
    expect(one((await api(server.app, 'GET', url, { token })).body).attributes).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
      passkeys: [],
    });
    // Signed out everywhere; the password alone signs in again (and the set-up follows if Admins require it).
    expect((await api(server.app, 'GET', `${V1}/sessions/current/`, { token: sales })).status).toBe(401);
    expect((await passwordStep(server, user.email)).status).toBe(201);
    expect(server.mail.map((mail) => [mail.to, mail.subject])).toEqual([
      [user.email, 'Your two-factor sign-in was reset'],
    ]);
    const audit = await api(
      server.app,
      'GET',
      `${V1}/audit-logs/?filter[resourceType]=users&filter[resourceId]=${user.id}&filter[action]=two_factor_reset`,
      { token },
    );
    expect(many(audit.body).map((row) => row.attributes.changes)).toEqual([
      {
        totp: { from: true, to: false },
        recoveryCodesLeft: { from: 10, to: 0 },
        passkeys: { from: 0, to: 0 },
      },
    ]);
  });
});

/**
 * Two-factor sign-in with an authenticator app (issue 38): set-up shown once and confirmed by a code, the login's
 * second step, wrong and reused codes refused in words and counted like failed passwords, the ten recovery codes,
 * the session's method, a customer turning it on and off, and the secrets at rest.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoFactorMessages } from '@parking/domain/two-factor';
import { recoveryCodes, sessions, users } from '../../db/schema/index';
import { expectError } from '../../test/accounts';
import { createUser, login } from '../../test/factories';
import { api, doc, JSONAPI, one } from '../../test/server';
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

const server = useTestServer({ rateLimits: { loginFailures: 4 } });

describe('two-factor sign-in: authenticator app', () => {
  it('shows the secret, its otpauth URI and a QR code once, and turns on only with a valid code', async () => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    const setup = await api(server.app, 'POST', `${V1}/two-factor/totp-setup/`, { token });
    expect(setup.status).toBe(201);
    const { secret, otpauthUri, qrCode } = one(setup.body).attributes as {
      secret: string;
      otpauthUri: string;
      qrCode: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauthUri).toContain(encodeURIComponent(user.email));
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    // Not on until confirmed: the login still takes the password alone.
    expect((await passwordStep(server, user.email)).status).toBe(201);
    expectError(
      await api(server.app, 'POST', `${V1}/two-factor/totp/`, {
        token,
        body: doc('totp-confirmations', { code: '12345' }),
      }),
      400,
      twoFactorMessages.codeFormat,
      'code',
    );
    const wrong = String((Number(await codeAt(server, secret)) + 1) % 1_000_000).padStart(6, '0');
    expectError(
      await api(server.app, 'POST', `${V1}/two-factor/totp/`, {
        token,
        body: doc('totp-confirmations', { code: wrong }),
      }),
      400,
      twoFactorMessages.wrongCode,
      'code',
    );
    const confirmed = await api(server.app, 'POST', `${V1}/two-factor/totp/`, {
      token,
      body: doc('totp-confirmations', { code: await codeAt(server, secret) }),
    });
    expect(confirmed.status).toBe(201);
    const codes = one(confirmed.body).attributes.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // The secret is never shown again, and a second set-up is refused while it is on.
    const status = await api(server.app, 'GET', `${V1}/two-factor/`, { token });
    expect(one(status.body).attributes).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: [] });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    expect((await api(server.app, 'POST', `${V1}/two-factor/totp-setup/`, { token })).status).toBe(409);

    // At rest: the secret sealed (not the base32 text), the recovery codes hashed.
    const [row] = await server.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(secret);
    expect(row?.totpPendingSecret).toBeNull();
    const stored = await server.handle.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes).not.toContain(codeHash);
    }
  });

  it('asks for a second step after the password, with no session until a right code', async () => {
    const { user } = await createUser(server.handle.db, { roles: ['Sales'] });
    const { secret } = await setUpTotp(server, await login(server.app, user.email));

    const first = await passwordStep(server, user.email);
    expect(first.status).toBe(202);
    const attributes = one(first.body).attributes;
    expect(attributes).toMatchObject({ secondFactorRequired: true, methods: ['totp', 'recovery'] });
    expect(attributes.token).toBeUndefined();
    expect(first.headers['set-cookie']).toBeUndefined();
    // The login token is no session.
    expect(
      (await api(server.app, 'GET', `${V1}/bookings/`, { token: String(attributes.loginToken) })).status,
    ).toBe(401);

    const done = await secondStep(server, {
      loginToken: attributes.loginToken,
      code: await codeAt(server, secret),
    });
    expect(done.status).toBe(201);
    expect(one(done.body).attributes).toMatchObject({ signInMethod: 'password+totp' });
    const token = sessionToken(done);
    const current = await api(server.app, 'GET', `${V1}/sessions/current/`, { token });
    expect(one(current.body).attributes).toMatchObject({ signInMethod: 'password+totp' });
    expect((await api(server.app, 'GET', `${V1}/bookings/`, { token })).status).toBe(200);
    const [session] = await server.handle.db
      .select({ method: sessions.authMethod })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.id);
    expect(session?.method).toBe('password');

    // The login token is spent.
    expectError(
      await secondStep(server, {
        loginToken: attributes.loginToken,
        code: await codeAt(server, secret, 30_000),
      }),
      400,
      twoFactorMessages.loginExpired,
      'loginToken',
    );
  });

  it('refuses a code taken already within its window, and takes the next one', async () => {
    const { user } = await createUser(server.handle.db);
    const { secret } = await setUpTotp(server, await login(server.app, user.email));
    const code = await codeAt(server, secret);
    expect(
      (await secondStep(server, { loginToken: await loginToken(server, user.email), code })).status,
    ).toBe(201);
    expectError(
      await secondStep(server, { loginToken: await loginToken(server, user.email), code }),
      400,
      twoFactorMessages.codeUsed,
      'code',
    );
    server.clock.advance(30_000);
    const next = await codeAt(server, secret);
    expect(
      (await secondStep(server, { loginToken: await loginToken(server, user.email), code: next })).status,
    ).toBe(201);
  });

  it('refuses wrong codes in words and limits them as it limits wrong passwords', async () => {
    const { user } = await createUser(server.handle.db, { roles: ['Admins'] });
    const { secret } = await setUpTotp(server, await login(server.app, user.email));
    const token = await loginToken(server, user.email);
    const right = await codeAt(server, secret);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 3; attempt += 1)
      expectError(
        await secondStep(server, { loginToken: token, code: wrong }),
        400,
        twoFactorMessages.wrongCode,
        'code',
      );
    expectError(
      await secondStep(server, { loginToken: token, code: 'abc' }),
      400,
      twoFactorMessages.codeFormat,
      'code',
    );
    // The fourth failure of this (IP, account) pair: from now on its logins, passwords and codes alike, are refused.
    expectError(
      await secondStep(server, { loginToken: token, recoveryCode: 'aaaaa-aaaaa' }),
      400,
      twoFactorMessages.wrongRecoveryCode,
      'recoveryCode',
    );
    const limited = await secondStep(server, { loginToken: token, code: right });
    expect(limited.status).toBe(429);
    expect(limited.body.errors?.[0]?.detail).toMatch(/Too many/);
    expect((await passwordStep(server, user.email)).status).toBe(429);
    // Once the window has passed, the right code gets in.
    server.clock.advance(16 * 60_000);
    const again = await secondStep(server, {
      loginToken: await loginToken(server, user.email),
      code: await codeAt(server, secret),
    });
    expect(again.status).toBe(201);
  });

  it('voids a login token after five wrong second steps', async () => {
    const { user } = await createUser(server.handle.db);
    const { secret } = await setUpTotp(server, await login(server.app, user.email));
    const token = await loginToken(server, user.email);
    // From five addresses, so that the per-address limit is not what stops it.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await server.app.inject({
        method: 'POST',
        url: `${V1}/sessions/second-step/`,
        remoteAddress: `10.0.0.${attempt + 1}`,
        headers: { 'content-type': JSONAPI, accept: JSONAPI },
        payload: JSON.stringify(doc('sessions', { loginToken: token, code: '000000' })),
      });
      expect(answer.statusCode).toBe(400);
    }
    expectError(
      await secondStep(server, { loginToken: token, code: await codeAt(server, secret) }),
      400,
      twoFactorMessages.loginExpired,
      'loginToken',
    );
  });

  it('takes each of the ten recovery codes once, whatever its case and spacing', async () => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    const { recoveryCodes: codes } = await setUpTotp(server, token);
    const [first = '', second = ''] = codes;
    const used = await secondStep(server, {
      loginToken: await loginToken(server, user.email),
      recoveryCode: first.toUpperCase().replace('-', ' '),
    });
    expect(used.status).toBe(201);
    expect(one(used.body).attributes.signInMethod).toBe('password+recovery');
    expectError(
      await secondStep(server, { loginToken: await loginToken(server, user.email), recoveryCode: first }),
      400,
      twoFactorMessages.wrongRecoveryCode,
      'recoveryCode',
    );
    expect(
      one((await api(server.app, 'GET', `${V1}/two-factor/`, { token })).body).attributes.recoveryCodesLeft,
    ).toBe(9);

    // New codes replace the old ones, shown once.
    const fresh = await api(server.app, 'POST', `${V1}/two-factor/recovery-codes/`, { token });
    expect(fresh.status).toBe(201);
    expect(one(fresh.body).attributes.recoveryCodes).toHaveLength(10);
    expectError(
      await secondStep(server, { loginToken: await loginToken(server, user.email), recoveryCode: second }),
      400,
      twoFactorMessages.wrongRecoveryCode,
      'recoveryCode',
    );
  });

  it('lets a customer turn it on and off in their profile, and emails them when it goes off', async () => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    await setUpTotp(server, token);
    expect((await passwordStep(server, user.email)).status).toBe(202);
    server.mail.length = 0;
    expect((await api(server.app, 'DELETE', `${V1}/two-factor/totp/`, { token })).status).toBe(204);
    expect(server.mail.map((mail) => [mail.to, mail.subject])).toEqual([
      [user.email, 'Two-factor sign-in was turned off'],
    ]);
    expect((await passwordStep(server, user.email)).status).toBe(201);
    const status = one((await api(server.app, 'GET', `${V1}/two-factor/`, { token })).body).attributes;
    expect(status).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
      required: false,
      setupRequired: false,
    });
    expect((await api(server.app, 'DELETE', `${V1}/two-factor/totp/`, { token })).status).toBe(409);
  });

  it('refuses the calls to anyone not signed in', async () => {
    expect((await api(server.app, 'GET', `${V1}/two-factor/`)).status).toBe(401);
    expect((await api(server.app, 'POST', `${V1}/two-factor/totp-setup/`)).status).toBe(401);
    expectError(
      await secondStep(server, { loginToken: 'made-up', code: '123456' }),
      400,
      twoFactorMessages.loginExpired,
      'loginToken',
    );
  });
});

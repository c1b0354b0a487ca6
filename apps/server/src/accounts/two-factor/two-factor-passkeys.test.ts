/**
 * Passkeys (issue 38): registered by a signed-in user and checked by @simplewebauthn/server (the software
 * authenticator of test/soft-authenticator.ts signs for real), then used as a login's second step or to sign in
 * alone; a wrong signature, another user's passkey and a spent challenge are refused.
 */
import { describe, expect, it } from 'vitest';
import { twoFactorMessages } from '@parking/domain/two-factor';
import { expectError } from '../../test/accounts';
import { createUser, login } from '../../test/factories';
import { api, doc, one, type TestServer } from '../../test/server';
import { softPasskey, type SoftPasskey } from '../../test/soft-authenticator';
import { useTestServer } from '../../test/suite';
import { HOST, ORIGIN, passwordStep, secondStep, sessionToken, V1 } from '../../test/two-factor-api';

const server = useTestServer();

type Options = { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string };

async function registerPasskey(target: TestServer, token: string, passkey: SoftPasskey, name = 'Laptop') {
  const options = await api(target.app, 'POST', `${V1}/two-factor/passkey-options/`, {
    token,
    headers: { host: HOST },
  });
  expect(options.status).toBe(201);
  const { challengeToken, options: creation } = one(options.body).attributes as {
    challengeToken: string;
    options: Options;
  };
  expect(creation.rp.id).toBe('localhost');
  return api(target.app, 'POST', `${V1}/two-factor/passkeys/`, {
    token,
    headers: { host: HOST },
    body: doc('passkeys', { challengeToken, name, credential: passkey.register(creation, ORIGIN) }),
  });
}

async function passkeyChallenge() {
  const answer = await api(server.app, 'POST', `${V1}/passkey-challenges/`, { headers: { host: HOST } });
  expect(answer.status).toBe(201);
  return one(answer.body).attributes as { challengeToken: string; options: Options };
}

const passkeySignIn = (challengeToken: string, credential: Record<string, unknown>) =>
  api(server.app, 'POST', `${V1}/sessions/passkey/`, {
    headers: { host: HOST },
    body: doc('sessions', { challengeToken, credential }),
  });

describe('two-factor sign-in: passkeys', () => {
  it('registers a passkey verified by the server, and lists and removes it', async () => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    const passkey = softPasskey();
    const registered = await registerPasskey(server, token, passkey);
    expect(registered.status).toBe(201);
    expect(one(registered.body).attributes).toMatchObject({ name: 'Laptop', lastUsed: null });

    const status = one((await api(server.app, 'GET', `${V1}/two-factor/`, { token })).body).attributes;
    expect(status.passkeys).toEqual([
      expect.objectContaining({ id: one(registered.body).id, name: 'Laptop' }),
    ]);

    // The same answer again: its challenge is spent.
    const replay = await api(server.app, 'POST', `${V1}/two-factor/passkeys/`, {
      token,
      headers: { host: HOST },
      body: doc('passkeys', { challengeToken: 'made-up', credential: { id: 'x' } }),
    });
    expect(replay.status).toBe(400);

    // Another user cannot remove it; its owner can.
    const other = await login(server.app, (await createUser(server.handle.db)).user.email);
    const url = `${V1}/two-factor/passkeys/${one(registered.body).id}/`;
    expect((await api(server.app, 'DELETE', url, { token: other })).status).toBe(404);
    expect((await api(server.app, 'DELETE', url, { token })).status).toBe(204);
    expect(
      one((await api(server.app, 'GET', `${V1}/two-factor/`, { token })).body).attributes.passkeys,
    ).toEqual([]);
  });

  it('refuses an answer to another origin or with a broken attestation', async () => {
    const { user } = await createUser(server.handle.db);
    const token = await login(server.app, user.email);
    const options = await api(server.app, 'POST', `${V1}/two-factor/passkey-options/`, {
      token,
      headers: { host: HOST },
    });
    const { challengeToken, options: creation } = one(options.body).attributes as {
      challengeToken: string;
      options: Options;
    };
    expectError(
      await api(server.app, 'POST', `${V1}/two-factor/passkeys/`, {
        token,
        headers: { host: HOST },
        body: doc('passkeys', {
          challengeToken,
          credential: softPasskey().register(creation, 'https://phishing.example'),
        }),
      }),
      400,
      twoFactorMessages.passkeyRefused,
      'credential',
    );
  });

  it('takes a passkey as the second step after the password', async () => {
    const { user } = await createUser(server.handle.db, { roles: ['Sales'] });
    const passkey = softPasskey();
    expect((await registerPasskey(server, await login(server.app, user.email), passkey)).status).toBe(201);

    const first = await passwordStep(server, user.email);
    expect(first.status).toBe(202);
    const attributes = one(first.body).attributes as {
      loginToken: string;
      methods: string[];
      passkeyOptions: { challenge: string; allowCredentials: Array<{ id: string }> };
    };
    expect(attributes.methods).toEqual(['passkey']);
    expect(attributes.passkeyOptions.allowCredentials.map((credential) => credential.id)).toEqual([
      passkey.credentialId,
    ]);
    // A signature that does not verify is refused, and counted.
    expectError(
      await secondStep(server, {
        loginToken: attributes.loginToken,
        passkey: passkey.assert(attributes.passkeyOptions, ORIGIN, true),
      }),
      400,
      twoFactorMessages.passkeyRefused,
      'credential',
    );
    const done = await secondStep(server, {
      loginToken: attributes.loginToken,
      passkey: passkey.assert(attributes.passkeyOptions, ORIGIN),
    });
    expect(done.status).toBe(201);
    expect(one(done.body).attributes.signInMethod).toBe('password+passkey');
  });

  it('signs in with a passkey alone, and refuses one not registered or a spent challenge', async () => {
    const { user } = await createUser(server.handle.db, { roles: ['Admins'] });
    const passkey = softPasskey();
    expect((await registerPasskey(server, await login(server.app, user.email), passkey)).status).toBe(201);

    const { challengeToken, options } = await passkeyChallenge();
    expect(options.challenge).toBeTruthy();
    const credential = passkey.assert(options, ORIGIN);
    const signedIn = await passkeySignIn(challengeToken, credential);
    expect(signedIn.status).toBe(201);
    expect(one(signedIn.body).attributes).toMatchObject({ email: user.email, signInMethod: 'passkey' });
    const token = sessionToken(signedIn);
    const current = await api(server.app, 'GET', `${V1}/sessions/current/`, { token });
    expect(one(current.body).attributes.signInMethod).toBe('passkey');

    expectError(
      await passkeySignIn(challengeToken, credential),
      400,
      twoFactorMessages.loginExpired,
      'challengeToken',
    );
    const again = await passkeyChallenge();
    expectError(
      await passkeySignIn(again.challengeToken, softPasskey().assert(again.options, ORIGIN)),
      400,
      twoFactorMessages.passkeyUnknown,
      'credential',
    );
  });

  it('refuses the passkey of another account as a second step', async () => {
    const owner = await createUser(server.handle.db);
    const ownersKey = softPasskey();
    await registerPasskey(server, await login(server.app, owner.user.email), ownersKey);
    const { user } = await createUser(server.handle.db);
    await registerPasskey(server, await login(server.app, user.email), softPasskey());
    const first = one((await passwordStep(server, user.email)).body).attributes as {
      loginToken: string;
      passkeyOptions: { challenge: string };
    };
    expectError(
      await secondStep(server, {
        loginToken: first.loginToken,
        passkey: ownersKey.assert(first.passkeyOptions, ORIGIN),
      }),
      400,
      twoFactorMessages.passkeyUnknown,
      'credential',
    );
  });
});

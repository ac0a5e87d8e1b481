import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_CHALLENGE_SECONDS } from '../../functions/service/passkey-challenges.js';
import { MAX_PASSKEYS } from '../../functions/service/passkeys.js';
import { LOCAL_RELYING_PARTY } from '../../functions/service/relying-party.js';
import { ALL_SCOPES } from '../../functions/service/scopes.js';
import { manualClock, startApi, STORE_KINDS, storeOf, type Reply, type RunningApi } from '../support/api.js';
import { assert, attest, newCredential, type Ceremony, type SoftCredential } from '../support/soft-authenticator.js';

/**
 * Issue 25, item 6: passkeys. A signed-in player registers one; another
 * device signs in with it, username-less, and gets a token of its own, listed
 * and revocable; every refusal has its code and issues nothing. The
 * authenticator is a software one (test/support/soft-authenticator.ts) whose
 * answers the real @simplewebauthn/server verifies.
 */

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const origin = LOCAL_RELYING_PARTY.origins[0] as string;
const rpId = LOCAL_RELYING_PARTY.id;

describe.each(STORE_KINDS)('passkeys (%s store)', (kind) => {
  const clock = manualClock();
  let api: RunningApi;
  let ann: { playerId: string; token: string };
  let laptop: SoftCredential;

  const registrationOptions = async (token: string) => {
    const reply = await api.client.post('/v1/players/me/passkeys/options', { token });
    expect(reply.status, reply.text).toBe(200);
    return reply.body as { challenge: string; user: { id: string }; excludeCredentials: { id: string }[]; rp: { id: string } };
  };
  const signInOptions = async () => {
    const reply = await api.client.post('/v1/sign-in/passkey/options');
    expect(reply.status, reply.text).toBe(200);
    return reply.body as { challenge: string; rpId: string; allowCredentials: unknown[] };
  };
  const ceremony = (challenge: string, overrides: Partial<Ceremony> = {}): Ceremony => ({ origin, rpId, challenge, ...overrides });
  const signIn = (response: unknown, headers: Record<string, string> = { 'user-agent': FIREFOX }) =>
    api.client.post('/v1/sign-in/passkey', { body: { response }, headers });
  const tokensOf = async (token: string) => (await api.client.get('/v1/players/me/tokens', { token })).body.tokens as { tokenId: string; label: string }[];
  const expectProblem = (reply: Reply, status: number, code: string) => {
    expect(reply.status, reply.text).toBe(status);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    expect(reply.body.code).toBe(code);
  };

  beforeAll(async () => {
    api = await startApi({ store: await storeOf(kind, 'passkeys', clock.now), clock: clock.now });
    ann = await api.client.register('Ann');
    const options = await registrationOptions(ann.token);
    laptop = newCredential(options.user.id);
    const registered = await api.client.post('/v1/players/me/passkeys', {
      token: ann.token,
      body: { name: ' Laptop ', response: attest(laptop, ceremony(options.challenge)) },
    });
    expect(registered.status, registered.text).toBe(201);
  });
  afterAll(() => api.close());

  it('registers a discoverable passkey for the signed-in player, bound to the relying party, and lists it', async () => {
    const options = await registrationOptions(ann.token);
    expect(options.rp.id).toBe('localhost');
    expect(Buffer.from(options.user.id, 'base64url').toString('utf8')).toBe(ann.playerId);
    // Ann's laptop holds one already: the browser is told not to make a second there.
    expect(options.excludeCredentials.map((c) => c.id)).toEqual([laptop.id.toString('base64url')]);
    const listed = await api.client.get('/v1/players/me/passkeys', { token: ann.token });
    expect(listed.body).toEqual({
      passkeys: [
        {
          passkeyId: laptop.id.toString('base64url'),
          name: 'Laptop',
          createdAt: '2026-11-25T12:00:00.000Z',
          lastUsedAt: null,
          transports: ['internal'],
          synced: true,
          backedUp: true,
        },
      ],
      max: MAX_PASSKEYS,
    });
    // Registering the same credential again (an authenticator that ignored the exclusion) is refused.
    const again = await api.client.post('/v1/players/me/passkeys', {
      token: ann.token,
      body: { name: 'Again', response: attest(laptop, ceremony(options.challenge)) },
    });
    expectProblem(again, 409, 'passkey-already-registered');
    expect((await api.client.get('/v1/players/me/passkeys', { token: ann.token })).body.passkeys).toHaveLength(1);
    const data = await api.client.get('/v1/players/me/data', { token: ann.token });
    expect(data.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop']);
  });

  it('signs in on another device with no name given: a token of its own, with every scope, listed as a device and revocable', async () => {
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', allowCredentials: [] });
    clock.advance(60_000);
    const signed = await signIn(assert(laptop, ceremony(options.challenge)));
    expect(signed.status, signed.text).toBe(201);
    expect(signed.body).toMatchObject({
      label: 'Firefox on Linux',
      scopes: ALL_SCOPES,
      expiresAt: null,
      device: { method: 'passkey', passkeyId: laptop.id.toString('base64url') },
      player: { playerId: ann.playerId, name: 'Ann', kind: 'person' },
    });
    const device = signed.body.token as string;
    expect(device).toMatch(/^vt_/);
    expect(device).not.toBe(ann.token);
    expect((await api.client.get('/v1/players/me', { token: device })).body.playerId).toBe(ann.playerId);
    const listed = (await api.client.get('/v1/players/me/tokens', { token: ann.token })).body.tokens;
    expect(listed).toContainEqual(expect.objectContaining({ tokenId: signed.body.tokenId, label: 'Firefox on Linux', lastUsedAt: '2026-11-25T12:01:00.000Z' }));
    const passkey = (await api.client.get('/v1/players/me/passkeys', { token: ann.token })).body.passkeys[0];
    expect(passkey.lastUsedAt).toBe('2026-11-25T12:01:00.000Z');

    // A device's token may register a passkey of its own (it holds every scope)…
    expect((await api.client.post('/v1/players/me/passkeys/options', { token: device })).status).toBe(200);
    // …and is revoked like any access token.
    const revoked = await api.client.request('DELETE', `/v1/players/me/tokens/${signed.body.tokenId}`, { token: ann.token });
    expect(revoked.status, revoked.text).toBe(204);
    expectProblem(await api.client.get('/v1/players/me', { token: device }), 401, 'invalid-token');
  });

  it('names the device as the body says', async () => {
    const options = await signInOptions();
    const signed = await api.client.post('/v1/sign-in/passkey', { body: { device: 'Kitchen tablet', response: assert(laptop, ceremony(options.challenge)) } });
    expect(signed.status, signed.text).toBe(201);
    expect(signed.body.label).toBe('Kitchen tablet');
  });

  it('refuses a replayed answer, an expired challenge, a challenge never issued and one issued for registering, issuing nothing', async () => {
    const before = await tokensOf(ann.token);
    const options = await signInOptions();
    const answer = assert(laptop, ceremony(options.challenge));
    expect((await signIn(answer)).status).toBe(201);
    const afterOne = await tokensOf(ann.token);
    expectProblem(await signIn(answer), 409, 'passkey-challenge-used');

    const late = await signInOptions();
    clock.advance(PASSKEY_CHALLENGE_SECONDS * 1000);
    const expired = await signIn(assert(laptop, ceremony(late.challenge)));
    expectProblem(expired, 400, 'passkey-challenge-expired');
    expect(expired.body.expiredAt).toBe(new Date(clock.now()).toISOString());

    expectProblem(await signIn(assert(laptop, ceremony('bm90LWlzc3VlZC1oZXJl'))), 400, 'passkey-challenge-unknown');
    const forRegistering = await registrationOptions(ann.token);
    expectProblem(await signIn(assert(laptop, ceremony(forRegistering.challenge))), 400, 'passkey-challenge-unknown');
    // A sign-in challenge registers nothing either.
    const forSignIn = await signInOptions();
    const stray = attest(newCredential(laptop.userHandle), ceremony(forSignIn.challenge));
    expectProblem(
      await api.client.post('/v1/players/me/passkeys', { token: ann.token, body: { name: 'Stray', response: stray } }),
      400,
      'passkey-challenge-unknown',
    );

    expect((await tokensOf(ann.token)).length).toBe(afterOne.length);
    expect(afterOne.length).toBe(before.length + 1);
  });

  it('refuses a passkey never registered, one removed, and one whose counter went back (a clone)', async () => {
    const before = await tokensOf(ann.token);
    const stranger = newCredential(laptop.userHandle);
    expectProblem(await signIn(assert(stranger, ceremony((await signInOptions()).challenge))), 401, 'passkey-unknown');
    const noHandle = assert(laptop, ceremony((await signInOptions()).challenge));
    delete noHandle.response.userHandle;
    expectProblem(await signIn(noHandle), 401, 'passkey-unknown');

    // The same key, copied to a second authenticator that is behind: its counter does not rise above the last one seen.
    const clone: SoftCredential = { ...laptop };
    expect((await signIn(assert(laptop, ceremony((await signInOptions()).challenge), 5))).status).toBe(201);
    const cloned = await signIn(assert(clone, ceremony((await signInOptions()).challenge), 1));
    expectProblem(cloned, 401, 'passkey-counter-regressed');
    expect(cloned.body).toMatchObject({ counter: clone.counter, seen: laptop.counter });
    expect((await signIn(assert(laptop, ceremony((await signInOptions()).challenge), 0))).body.code).toBe('passkey-counter-regressed');

    // Another site's answer, or a forged signature, does not verify.
    const elsewhere = await signIn(assert(laptop, ceremony((await signInOptions()).challenge, { origin: 'https://evil.example' })));
    expectProblem(elsewhere, 400, 'passkey-not-verified');
    expect(elsewhere.body.why).toContain('origin');
    const forged = assert(laptop, ceremony((await signInOptions()).challenge));
    forged.response.signature = assert(stranger, ceremony((await signInOptions()).challenge)).response.signature;
    expectProblem(await signIn(forged), 400, 'passkey-not-verified');
    expect((await tokensOf(ann.token)).length).toBe(before.length + 1);

    // A second passkey, removed: it signs in no more.
    const phone = newCredential(laptop.userHandle);
    const options = await registrationOptions(ann.token);
    expect(
      (await api.client.post('/v1/players/me/passkeys', { token: ann.token, body: { name: 'Phone', response: attest(phone, ceremony(options.challenge)) } }))
        .status,
    ).toBe(201);
    const phoneId = phone.id.toString('base64url');
    expect((await api.client.request('DELETE', `/v1/players/me/passkeys/${phoneId}`, { token: ann.token })).status).toBe(204);
    expectProblem(await api.client.request('DELETE', `/v1/players/me/passkeys/${phoneId}`, { token: ann.token }), 404, 'passkey-not-found');
    expectProblem(await signIn(assert(phone, ceremony((await signInOptions()).challenge))), 401, 'passkey-unknown');
  });

  it('lets only a token holding every scope register a passkey, and a player keep at most the limit', async () => {
    const ben = await api.client.register('Ben');
    const narrow = await api.client.post('/v1/players/me/tokens', {
      token: ben.token,
      body: { label: 'account only', scopes: ['account:read', 'account:write'] },
    });
    const refused = await api.client.post('/v1/players/me/passkeys/options', { token: narrow.body.token });
    expectProblem(refused, 403, 'insufficient-scope');
    expect(refused.body.scope).toBe('games:read');
    expectProblem(await api.client.post('/v1/players/me/passkeys/options'), 401, 'missing-token');

    for (let i = 0; i < MAX_PASSKEYS; i++) {
      const options = await registrationOptions(ben.token);
      const made = await api.client.post('/v1/players/me/passkeys', {
        token: ben.token,
        body: { name: `Key ${i}`, response: attest(newCredential(options.user.id), ceremony(options.challenge)) },
      });
      expect(made.status, made.text).toBe(201);
    }
    const options = await registrationOptions(ben.token);
    const over = await api.client.post('/v1/players/me/passkeys', {
      token: ben.token,
      body: { name: 'One more', response: attest(newCredential(options.user.id), ceremony(options.challenge)) },
    });
    expectProblem(over, 422, 'too-many-passkeys');
    expect(over.body.max).toBe(MAX_PASSKEYS);
  });

  it('refuses malformed answers as such', async () => {
    expectProblem(await api.client.post('/v1/sign-in/passkey', { body: { response: { id: 'x' } } }), 400, 'invalid-request');
    const options = await signInOptions();
    const garbled = assert(laptop, ceremony(options.challenge));
    garbled.response.clientDataJSON = Buffer.from('not json').toString('base64url');
    expectProblem(await signIn(garbled), 400, 'passkey-not-verified');
  });
});

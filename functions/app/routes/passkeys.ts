import * as z from 'zod';
import { isoInstant } from '../../../core/table/index.js';
import type { ServiceContext } from '../../service/context.js';
import { PASSKEY_CHALLENGE_SECONDS } from '../../service/passkey-challenges.js';
import {
  listPasskeys,
  MAX_PASSKEYS,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
  signInWithPasskey,
} from '../../service/passkeys.js';
import { ALL_SCOPES } from '../../service/scopes.js';
import type { PasskeyRecord } from '../../store/port.js';
import { requires } from '../auth.js';
import { deviceLabel } from '../device-label.js';
import { MAX_CREDENTIAL_ID_CHARS, PasskeySignInBody, RegisterPasskeyBody } from '../passkey-schemas.js';
import { AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';
import { presentAccessToken } from './access-tokens.js';
import { presentPlayer } from './players.js';

const PATH = '/v1/players/me/passkeys';

/** A passkey signs in with every scope: only a token holding them all may register one, or a narrowed token could widen itself. */
const EVERY_SCOPE = requires(...ALL_SCOPES);
const SIGN_IN_PATH = '/v1/sign-in/passkey';

const PasskeyIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(MAX_CREDENTIAL_ID_CHARS)
    .meta({ param: { name: 'id', in: 'path' }, example: 'Xk3Lw0yq7Fh2bNcV9sTqZg' }),
});

/** What every answer to a challenge may be refused with. */
const ANSWERS_CHALLENGE = [
  'passkey-challenge-unknown',
  'passkey-challenge-expired',
  'passkey-challenge-used',
  'passkey-not-verified',
  'passkeys-unavailable',
] as const;

/** A registration answer as a browser sends it (abridged: real ones are longer). */
const REGISTRATION_EXAMPLE = {
  name: 'Laptop',
  response: {
    id: 'Xk3Lw0yq7Fh2bNcV9sTqZg',
    rawId: 'Xk3Lw0yq7Fh2bNcV9sTqZg',
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: { credProps: { rk: true } },
    response: {
      clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoibTN4OVZiMWZRa1M0aDJ1WXREMGNa',
      attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YViYSZYN5YgOjGh0NBcPZHZgW4',
      transports: ['internal', 'hybrid'],
    },
  },
};

const SIGN_IN_EXAMPLE = {
  device: 'Firefox on Linux',
  response: {
    id: 'Xk3Lw0yq7Fh2bNcV9sTqZg',
    rawId: 'Xk3Lw0yq7Fh2bNcV9sTqZg',
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: {
      clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiWXEyZEg4bkIwd0s1c1gxZVI3Y1Q0',
      authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
      signature: 'MEUCIQDx3m4W8rE2k1bZ0hQe2fYvQ9mH5cN7Jt0L8pS6aVwX0gIgb3n',
      userHandle: 'cGxfUTJ4Sm00cFRyMFZi',
    },
  },
};

/** The passkey routes, in document order: a signed-in player's, then signing in with one. */
export const passkeyRoutes = {
  registrationOptions: defineRoute({
    method: 'post',
    operationId: 'passkeyRegistrationOptions',
    path: `${PATH}/options`,
    tags: ['players'],
    summary: 'Begin registering a passkey: the options for the browser',
    description: `Answers the options of \`navigator.credentials.create\` for a discoverable credential (a passkey) of yours, whose challenge may be answered once, within ${PASSKEY_CHALLENGE_SECONDS / 60} minutes, by \`POST ${PATH}\`. A passkey signs in with every scope, so only a token holding every scope (your registration token, a device's) may register one (\`403 insufficient-scope\` names the first a narrower token lacks).`,
    security: EVERY_SCOPE,
    responses: {
      200: jsonResponse('PasskeyCreationOptions', 'The options to make a passkey with'),
      ...problemResponses([...AUTHENTICATED, 'passkeys-unavailable']),
    },
  }),

  register: defineRoute({
    method: 'post',
    operationId: 'registerPasskey',
    path: PATH,
    tags: ['players'],
    summary: 'Register a passkey: the browser’s new credential, verified',
    description: `Verifies the browser's answer to the challenge of \`POST ${PATH}/options\` (its origin and relying party must be this web client's; the challenge is good once) and keeps the passkey. A player keeps at most ${MAX_PASSKEYS}.`,
    security: EVERY_SCOPE,
    request: { body: jsonBody(RegisterPasskeyBody, { laptop: { summary: 'A passkey made on a laptop', value: REGISTRATION_EXAMPLE } }) },
    responses: {
      201: jsonResponse('Passkey', 'The passkey kept'),
      ...problemResponses([...AUTHENTICATED, ...WITH_BODY, ...ANSWERS_CHALLENGE, 'passkey-already-registered', 'too-many-passkeys']),
    },
  }),

  list: defineRoute({
    method: 'get',
    operationId: 'listPasskeys',
    path: PATH,
    tags: ['players'],
    summary: 'Your passkeys: name, created, last sign-in',
    description: 'The devices each signed in are among your access tokens (`GET /v1/players/me/tokens`, with `device` set).',
    security: requires('account:read'),
    responses: { 200: jsonResponse('PasskeyList', 'Your passkeys, oldest first'), ...problemResponses(AUTHENTICATED) },
  }),

  remove: defineRoute({
    method: 'delete',
    operationId: 'removePasskey',
    path: `${PATH}/{id}`,
    tags: ['players'],
    summary: 'Remove a passkey: it signs in no more',
    description:
      'From the next sign-in on, the passkey is refused (`401 passkey-unknown`). The devices it signed in keep their tokens until you revoke them (`DELETE /v1/players/me/tokens/{id}`).',
    security: requires('account:write'),
    request: { params: PasskeyIdParam },
    responses: { 204: { description: 'Removed' }, ...problemResponses([...AUTHENTICATED, 'invalid-request', 'passkey-not-found']) },
  }),

  signInOptions: defineRoute({
    method: 'post',
    operationId: 'passkeySignInOptions',
    security: [],
    path: `${SIGN_IN_PATH}/options`,
    tags: ['players'],
    summary: 'Begin signing in with a passkey: the options for the browser',
    description: `Open to anyone, and limited per address like registering. Answers the options of \`navigator.credentials.get\`, naming no account (username-less: the browser offers your passkeys for this site, and the one chosen names its account); the challenge may be answered once, within ${PASSKEY_CHALLENGE_SECONDS / 60} minutes, by \`POST ${SIGN_IN_PATH}\`.`,
    responses: {
      200: jsonResponse('PasskeyRequestOptions', 'The options to sign in with'),
      ...problemResponses(['passkeys-unavailable', 'store-unavailable']),
    },
  }),

  signIn: defineRoute({
    method: 'post',
    operationId: 'signInWithPasskey',
    security: [],
    path: SIGN_IN_PATH,
    tags: ['players'],
    summary: 'Sign in with a passkey: a token of this device’s own (shown once)',
    description:
      'Open to anyone, and limited per address like registering. Verifies the answer to the challenge of `POST /v1/sign-in/passkey/options` against the passkey its account registered, and that its signature counter rose (`401 passkey-counter-regressed` otherwise: a replay or a copied authenticator). Then this device gets its own token, holding every scope, counted among your access tokens (listed with `device` set, revocable like any: `DELETE /v1/players/me/tokens/{id}`). Not idempotent: the token is never stored, so there is no first answer to replay (a retry is refused, its challenge answered).',
    request: { body: jsonBody(PasskeySignInBody, { laptop: { summary: 'Signing in with the laptop’s passkey', value: SIGN_IN_EXAMPLE } }) },
    responses: {
      201: jsonResponse('DeviceSignIn', 'This device’s token (shown once) and its account'),
      ...problemResponses([...WITH_BODY, ...ANSWERS_CHALLENGE, 'passkey-unknown', 'passkey-counter-regressed', 'too-many-access-tokens', 'store-unavailable']),
    },
  }),
};

/** A passkey as its owner sees it: never its public key or counter. */
export function presentPasskey(passkey: PasskeyRecord) {
  return {
    passkeyId: passkey.credentialId,
    name: passkey.name,
    createdAt: isoInstant(passkey.createdAt),
    lastUsedAt: passkey.lastUsedAt === null ? null : isoInstant(passkey.lastUsedAt),
    transports: passkey.transports,
    synced: passkey.deviceType === 'multiDevice',
    backedUp: passkey.backedUp,
  };
}

export function mountPasskeyRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(passkeyRoutes.registrationOptions, async (c) => c.json(await passkeyRegistrationOptions(ctx, c.var.caller), 200));

  mount(passkeyRoutes.register, async (c) => {
    const body = c.req.valid('json');
    return c.json(presentPasskey(await registerPasskey(ctx, c.var.caller, body.response, body.name)), 201);
  });

  mount(passkeyRoutes.list, async (c) => {
    const passkeys = await listPasskeys(ctx, c.var.player.playerId);
    return c.json({ passkeys: passkeys.map(presentPasskey), max: MAX_PASSKEYS }, 200);
  });

  mount(passkeyRoutes.remove, async (c) => {
    await removePasskey(ctx, c.var.player.playerId, c.req.valid('param').id);
    return c.body(null, 204);
  });

  mount(passkeyRoutes.signInOptions, async (c) => c.json(await passkeySignInOptions(ctx), 200));

  mount(passkeyRoutes.signIn, async (c) => {
    const body = c.req.valid('json');
    const signed = await signInWithPasskey(ctx, body.response, body.device ?? deviceLabel(c.req.header('user-agent')));
    return c.json({ ...presentAccessToken(signed.issued.record), token: signed.issued.token, player: presentPlayer(signed.player) }, 201);
  });
}

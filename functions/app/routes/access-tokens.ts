import * as z from 'zod';
import { isoInstant } from '../../../core/table/index.js';
import { createAccessToken, listAccessTokens, MAX_ACCESS_TOKENS, revokeAccessToken } from '../../service/access-tokens.js';
import type { ServiceContext } from '../../service/context.js';
import { SCOPES, type Scope } from '../../service/scopes.js';
import type { AccessTokenRecord } from '../../store/port.js';
import { requires } from '../auth.js';
import { AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';

/** Longest label of an access token, in code points. */
export const MAX_TOKEN_LABEL_CHARS = 60;

export const CreateAccessTokenBody = z
  .strictObject({
    label: z
      .string()
      .trim()
      .min(1)
      .refine((label) => [...label].length <= MAX_TOKEN_LABEL_CHARS, `at most ${MAX_TOKEN_LABEL_CHARS} characters`)
      .describe('What the token is for, to recognise it in the list.'),
    scopes: z
      .array(z.enum(Object.keys(SCOPES) as [Scope, ...Scope[]]))
      .min(1)
      .max(Object.keys(SCOPES).length)
      .describe('What it may do: at most what the token asking for it may.'),
    expiresAt: z.iso.datetime({ offset: true }).optional().describe('When it stops working (RFC 3339, in the future); never when left out.'),
  })
  .meta({ id: 'CreateAccessToken' });

export const AccessTokenIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' }, example: 'tok_3mQx0aVv9fRk' }),
});

const PATH = '/v1/players/me/tokens';

/** The access-token routes, in document order. */
export const accessTokenRoutes = {
  create: defineRoute({
    method: 'post',
    operationId: 'createAccessToken',
    path: PATH,
    tags: ['players'],
    summary: 'Make a personal access token with chosen scopes (shown once)',
    description: `A token for a program you trust with part of your account: a statistics site that reads your games (\`games:read\`), a bot that plays them (\`games:read\`, \`games:play\`). It may hold only scopes the token asking for it holds (\`403 insufficient-scope\` names the first it lacks): your registration token holds them all. The token is in this answer only; it is stored as a hash, and, as with registration, not idempotent: a retried request makes another token (listed, and revocable). A player keeps at most ${MAX_ACCESS_TOKENS}.`,
    security: requires('account:write'),
    request: {
      body: jsonBody(CreateAccessTokenBody, {
        readOnly: {
          summary: 'A read-only token for a statistics site, for a year',
          value: { label: 'stats site', scopes: ['games:read'], expiresAt: '2027-11-20T10:00:00Z' },
        },
        bot: { summary: 'A token a bot plays with', value: { label: 'my bot', scopes: ['games:read', 'games:play', 'notifications:read'] } },
      }),
    },
    responses: {
      201: jsonResponse('NewAccessToken', 'The token (shown once) and what it may do'),
      ...problemResponses([...AUTHENTICATED, ...WITH_BODY, 'token-expiry-in-past', 'too-many-access-tokens']),
    },
  }),

  list: defineRoute({
    method: 'get',
    operationId: 'listAccessTokens',
    path: PATH,
    tags: ['players'],
    summary: 'Your personal access tokens: label, scopes, created, last used, expiry',
    description:
      'Every access token you keep, expired ones included until you revoke them; never a token itself. Your registration token is not listed: it holds every scope and lasts as long as your account.',
    security: requires('account:read'),
    responses: { 200: jsonResponse('AccessTokenList', 'Your access tokens, oldest first'), ...problemResponses(AUTHENTICATED) },
  }),

  revoke: defineRoute({
    method: 'delete',
    operationId: 'revokeAccessToken',
    path: `${PATH}/{id}`,
    tags: ['players'],
    summary: 'Revoke an access token at once',
    description: 'The token is refused from the next request on, everywhere (`401 invalid-token`): no cache of the service answers it again.',
    security: requires('account:write'),
    request: { params: AccessTokenIdParam },
    responses: { 204: { description: 'Revoked' }, ...problemResponses([...AUTHENTICATED, 'invalid-request', 'access-token-not-found']) },
  }),
};

/** An access token as its owner sees it: never the token, never its hash. */
export function presentAccessToken(token: AccessTokenRecord) {
  return {
    tokenId: token.tokenId,
    label: token.label,
    scopes: token.scopes,
    createdAt: isoInstant(token.createdAt),
    expiresAt: token.expiresAt === null ? null : isoInstant(token.expiresAt),
    lastUsedAt: token.lastUsedAt === null ? null : isoInstant(token.lastUsedAt),
    device: token.device ?? null,
  };
}

export function mountAccessTokenRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(accessTokenRoutes.create, async (c) => {
    const body = c.req.valid('json');
    const expiresAt = body.expiresAt === undefined ? null : Date.parse(body.expiresAt);
    const made = await createAccessToken(ctx, c.var.caller, { label: body.label, scopes: body.scopes, expiresAt });
    return c.json({ ...presentAccessToken(made.record), token: made.token }, 201);
  });

  mount(accessTokenRoutes.list, async (c) => {
    const tokens = await listAccessTokens(ctx, c.var.player.playerId);
    return c.json({ tokens: tokens.map(presentAccessToken), max: MAX_ACCESS_TOKENS }, 200);
  });

  mount(accessTokenRoutes.revoke, async (c) => {
    await revokeAccessToken(ctx, c.var.player.playerId, c.req.valid('param').id);
    return c.body(null, 204);
  });
}

/** Personal access tokens as the API answers them (functions/service/access-tokens.ts): never the token again, never its hash. */
import * as z from 'zod';
import { SCOPES, type Scope } from '../../service/scopes.js';
import { Instant } from './common.js';

export const ScopeName = z.enum(Object.keys(SCOPES) as [Scope, ...Scope[]]).meta({
  id: 'Scope',
  description: `What a token may do. ${Object.entries(SCOPES)
    .map(([scope, meaning]) => `\`${scope}\`: ${meaning}`)
    .join(' ')}`,
});

export const AccessToken = z
  .object({
    tokenId: z.string().describe('Names the token in `DELETE /v1/players/me/tokens/{id}`; not a secret.'),
    label: z.string(),
    scopes: z.array(ScopeName),
    createdAt: Instant,
    expiresAt: Instant.nullable().describe('When it stops working; null: never.'),
    lastUsedAt: Instant.nullable().describe('Its last use, to within an hour; null: never used.'),
    device: z
      .discriminatedUnion('method', [
        z.object({
          method: z.literal('passkey').describe('How the device signed in: with a passkey.'),
          passkeyId: z.string().describe('The passkey it signed in with (it may have been removed since).'),
        }),
        z.object({ method: z.literal('email-link').describe('How the device signed in: through a one-time link mailed to your confirmed address.') }),
      ])
      .nullable()
      .describe('Set for a device’s token, issued by signing in on that device (its label names the browser); null for a token made by hand.'),
  })
  .meta({
    id: 'AccessToken',
    example: {
      tokenId: 'tok_3mQx0aVv9fRk',
      label: 'stats site',
      scopes: ['games:read'],
      createdAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2027-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-21T08:14:03.000Z',
      device: null,
    },
  });

export const NewAccessToken = AccessToken.extend({
  token: z.string().describe('The bearer token. It is shown only this once (only its hash is kept); keep it secret.'),
}).meta({ id: 'NewAccessToken' });

export const AccessTokenList = z
  .object({
    tokens: z.array(AccessToken).describe('Oldest first.'),
    max: z.number().int().describe('How many access tokens a player may keep.'),
  })
  .meta({ id: 'AccessTokenList' });

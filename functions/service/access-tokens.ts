import { AccessTokenLimitError, type AccessTokenRecord, type DeviceSignIn } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { sha256Hex } from './ids.js';
import type { Caller } from './players.js';
import { missingScopes, type Scope } from './scopes.js';

/** Most personal access tokens a player keeps at once. */
export const MAX_ACCESS_TOKENS = 20;

export interface AccessTokenRequest {
  readonly label: string;
  readonly scopes: readonly Scope[];
  /** Epoch ms; null: the token never expires. */
  readonly expiresAt: number | null;
}

/** A new access token: its record and the token itself, answered this once and never stored. */
export interface NewAccessToken {
  readonly record: AccessTokenRecord;
  readonly token: string;
}

/**
 * Makes a personal access token for the caller's player. A token grants
 * only what the token that asks for it holds (a token with `account:write`
 * cannot mint one with more than it has), so narrowing never widens:
 * `403 insufficient-scope` names the first scope it lacks.
 */
export async function createAccessToken(ctx: ServiceContext, caller: Caller, request: AccessTokenRequest): Promise<NewAccessToken> {
  const beyond = missingScopes(caller.scopes, request.scopes);
  if (beyond.length > 0) throw fail('insufficient-scope', { scope: beyond[0] as Scope, missing: beyond, to: 'grant' });
  if (request.expiresAt !== null && request.expiresAt <= ctx.clock()) throw fail('token-expiry-in-past');
  return issueAccessToken(ctx, caller.player.playerId, request);
}

/**
 * Stores a new access token of the player's, counted against their limit
 * (`422 too-many-access-tokens`): one they asked for, or a device's, issued
 * by signing in there (functions/service/passkeys.ts).
 */
export async function issueAccessToken(
  ctx: ServiceContext,
  playerId: string,
  request: AccessTokenRequest & { readonly device?: DeviceSignIn },
): Promise<NewAccessToken> {
  const token = ctx.secrets.token();
  const record: AccessTokenRecord = {
    tokenId: ctx.secrets.accessTokenId(),
    playerId,
    tokenHash: sha256Hex(token),
    label: request.label,
    scopes: [...new Set(request.scopes)],
    createdAt: ctx.clock(),
    expiresAt: request.expiresAt,
    lastUsedAt: null,
    ...(request.device ? { device: request.device } : {}),
  };
  try {
    await ctx.store.createAccessToken(record, MAX_ACCESS_TOKENS);
  } catch (error) {
    if (error instanceof AccessTokenLimitError) throw fail('too-many-access-tokens', { max: error.limit });
    throw error;
  }
  return { record, token };
}

/** The player's access tokens, oldest first. */
export async function listAccessTokens(ctx: ServiceContext, playerId: string): Promise<readonly AccessTokenRecord[]> {
  return [...(await ctx.store.listAccessTokens(playerId))].sort((a, b) => a.createdAt - b.createdAt || a.tokenId.localeCompare(b.tokenId));
}

/**
 * Revokes one of the player's access tokens at once: it is gone from the
 * store, and from this process's token cache, before the answer leaves (on
 * AWS, other Lambda instances' caches within their bound:
 * functions/service/token-cache.ts).
 */
export async function revokeAccessToken(ctx: ServiceContext, playerId: string, tokenId: string): Promise<void> {
  const revoked = await ctx.store.deleteAccessToken(playerId, tokenId);
  if (!revoked) throw fail('access-token-not-found', { tokenId });
  ctx.tokens.revoke(revoked.tokenHash);
}

import { isoInstant } from '../../core/table/index.js';
import type { AccessTokenRecord, PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { sha256Hex } from './ids.js';
import { checkBotOwner } from './bot-accounts.js';
import { normalizePlayerName } from './player-name.js';
import { ALL_SCOPES, isScope, type Scope } from './scopes.js';

export interface NewPlayer {
  readonly playerId: string;
  readonly name: string;
  /** Shown once; only its hash is stored. */
  readonly token: string;
  readonly createdAt: number;
}

/** Registers a person, or with `botOwner` a bot account that person answers for (bot-accounts.ts). */
export async function registerPlayer(ctx: ServiceContext, rawName: string, botOwner?: string): Promise<NewPlayer & { readonly player: PlayerRecord }> {
  const name = normalizePlayerName(rawName);
  if (botOwner !== undefined) await checkBotOwner(ctx, botOwner, null);
  const token = ctx.secrets.token();
  const player: PlayerRecord = {
    playerId: ctx.secrets.playerId(),
    name,
    tokenHash: sha256Hex(token),
    createdAt: ctx.clock(),
    ...(botOwner === undefined ? {} : { botOwner }),
  };
  await ctx.store.createPlayer(player);
  return { playerId: player.playerId, name, token, createdAt: player.createdAt, player };
}

/** Who is calling: the player, and what the token they sent may do. */
export interface Caller {
  readonly player: PlayerRecord;
  readonly scopes: readonly Scope[];
  /** The personal access token sent; null: the player's registration token. */
  readonly access: AccessTokenRecord | null;
}

/** An access token's use is recorded when the last one recorded is older than this: a write an hour at most, not one a request. */
export const LAST_USE_PRECISION_MS = 60 * 60 * 1000;

/** The player a bearer token belongs to and what it may do; a precise 401 otherwise. */
export async function authenticate(ctx: ServiceContext, authorization: string | undefined): Promise<Caller> {
  if (!authorization) throw fail('missing-token');
  const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(authorization.trim());
  if (!match) throw fail('malformed-token');
  const tokenHash = sha256Hex(match[1] as string);
  const now = ctx.clock();
  const cached = ctx.tokens.get(tokenHash, now);
  let holder = cached ?? (await ctx.store.resolveToken(tokenHash));
  if (!holder) throw fail('invalid-token');
  const access = holder.access;
  if (access && access.expiresAt !== null && access.expiresAt <= now) throw fail('token-expired', { expiredAt: isoInstant(access.expiresAt) });
  if (access && (access.lastUsedAt === null || now - access.lastUsedAt >= LAST_USE_PRECISION_MS)) {
    await ctx.store.touchAccessToken(access, now);
    holder = { ...holder, access: { ...access, lastUsedAt: now } };
    ctx.tokens.put(tokenHash, holder, now);
  } else if (!cached) ctx.tokens.put(tokenHash, holder, now);
  return { player: holder.player, scopes: holder.access ? holder.access.scopes.filter(isScope) : ALL_SCOPES, access: holder.access };
}

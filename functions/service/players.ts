import type { PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { sha256Hex } from './ids.js';
import { normalizePlayerName } from './player-name.js';

export interface NewPlayer {
  readonly playerId: string;
  readonly name: string;
  /** Shown once; only its hash is stored. */
  readonly token: string;
  readonly createdAt: number;
}

export async function registerPlayer(ctx: ServiceContext, rawName: string): Promise<NewPlayer> {
  const name = normalizePlayerName(rawName);
  const token = ctx.secrets.token();
  const player: PlayerRecord = { playerId: ctx.secrets.playerId(), name, tokenHash: sha256Hex(token), createdAt: ctx.clock() };
  await ctx.store.createPlayer(player);
  return { playerId: player.playerId, name, token, createdAt: player.createdAt };
}

/** The player a bearer token belongs to; a precise 401 otherwise. */
export async function authenticate(ctx: ServiceContext, authorization: string | undefined): Promise<PlayerRecord> {
  if (!authorization) throw fail('missing-token');
  const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(authorization.trim());
  if (!match) throw fail('malformed-token');
  const tokenHash = sha256Hex(match[1] as string);
  const now = ctx.clock();
  const cached = ctx.tokens.get(tokenHash, now);
  if (cached) return cached;
  const player = await ctx.store.getPlayerByTokenHash(tokenHash);
  if (!player) throw fail('invalid-token');
  ctx.tokens.put(tokenHash, player, now);
  return player;
}

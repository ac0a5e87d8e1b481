import type { PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { ServiceError } from './errors.js';
import { sha256Hex } from './ids.js';

export interface NewPlayer {
  readonly playerId: string;
  readonly name: string;
  /** Shown once; only its hash is stored. */
  readonly token: string;
  readonly createdAt: number;
}

export async function registerPlayer(ctx: ServiceContext, name: string): Promise<NewPlayer> {
  const token = ctx.secrets.token();
  const player: PlayerRecord = { playerId: ctx.secrets.playerId(), name, tokenHash: sha256Hex(token), createdAt: ctx.clock() };
  await ctx.store.createPlayer(player);
  return { playerId: player.playerId, name, token, createdAt: player.createdAt };
}

/** The player a bearer token belongs to; a precise 401 otherwise. */
export async function authenticate(ctx: ServiceContext, authorization: string | undefined): Promise<PlayerRecord> {
  if (!authorization) throw new ServiceError(401, 'missing-token', 'Send your API token as `Authorization: Bearer <token>`.');
  const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(authorization.trim());
  if (!match) throw new ServiceError(401, 'malformed-token', 'The Authorization header must be `Bearer <token>`.');
  const player = await ctx.store.getPlayerByTokenHash(sha256Hex(match[1] as string));
  if (!player) throw new ServiceError(401, 'invalid-token', 'This API token is not valid.');
  return player;
}

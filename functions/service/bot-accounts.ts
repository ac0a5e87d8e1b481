import type { PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';

/**
 * Bot accounts: players that are programs, each answered for by a person
 * (its owner). A bot account is badged wherever its seat is shown
 * (`botAccount` on its seats, in views, lists and notifications) and in its
 * profile, counts fewer running games than a person, and sits only at tables
 * that allow bots (`table.allowBots`). Becoming one is irreversible, and open
 * only to a player who has played no game: their past games were a person's.
 */

/** Running games a bot account may count at once (a person: RUNNING_GAMES_PER_PLAYER). */
export const BOT_RUNNING_GAMES = 10;

export const isBotAccount = (player: PlayerRecord): boolean => player.botOwner !== undefined;

/** The owner a bot account names: an existing person, not the bot itself. */
export async function checkBotOwner(ctx: ServiceContext, owner: string, bot: string | null): Promise<void> {
  if (owner === bot) throw fail('invalid-bot-owner', { owner, why: 'itself' });
  const found = await ctx.store.getPlayer(owner);
  if (!found) throw fail('invalid-bot-owner', { owner, why: 'no-such-player' });
  if (isBotAccount(found)) throw fail('invalid-bot-owner', { owner, why: 'a-bot' });
}

/**
 * Makes the caller's account a bot owned by `owner`, for good. Refused
 * (`409 already-bot`, `409 games-played`) without a change.
 */
export async function convertToBot(ctx: ServiceContext, player: PlayerRecord, owner: string): Promise<PlayerRecord> {
  if (isBotAccount(player)) throw fail('already-bot');
  await checkBotOwner(ctx, owner, player.playerId);
  // Finished games first; the store's transaction then requires no running one.
  if ((await ctx.store.listFinishedGames(player.playerId, null, 1)).length > 0) throw fail('games-played');
  if (!(await ctx.store.convertToBot(player.playerId, owner))) {
    const now = await ctx.store.getPlayer(player.playerId);
    throw now && isBotAccount(now) ? fail('already-bot') : fail('games-played');
  }
  // Every cached copy of the player is a person's: read them afresh.
  ctx.tokens.forgetPlayer(player.playerId);
  return { ...player, botOwner: owner };
}

/** How a player sits in a seat: a bot account's seat carries its badge. */
export function seatOccupant(player: PlayerRecord) {
  return { kind: 'player' as const, playerId: player.playerId, name: player.name, ...(isBotAccount(player) ? { botAccount: true as const } : {}) };
}

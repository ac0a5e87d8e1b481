import { isoInstant } from '../../core/table/index.js';
import type { PlayerId, PlayerTally } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { isBotAccount } from './bot-accounts.js';
import { presentRating } from './leaderboards.js';

/**
 * Reliability, as Board Game Arena shows it: the share of finished games a
 * player finished without a timeout (and so without the replacement bot
 * taking their seat), in whole percent, rounded down; null before their
 * first finished game. Counted from the end of each game on (game-end.ts).
 */
export function reliabilityPercent(tallies: readonly Pick<PlayerTally, 'finished' | 'clean'>[]): number | null {
  const finished = tallies.reduce((sum, t) => sum + t.finished, 0);
  const clean = tallies.reduce((sum, t) => sum + t.clean, 0);
  return finished === 0 ? null : Math.floor((100 * clean) / finished);
}

/** A player's overall reliability, for the tables that require one (lobby.ts). */
export async function reliabilityOf(ctx: ServiceContext, playerId: PlayerId): Promise<number | null> {
  return reliabilityPercent(await ctx.store.listPlayerTallies(playerId));
}

/** A player as anyone signed in may see them: name, person or bot account, member since, reliability, and per game their rating and record. */
export async function profileOf(ctx: ServiceContext, playerId: PlayerId) {
  const [player, ratings, tallies] = await Promise.all([
    ctx.store.getPlayer(playerId),
    ctx.store.listPlayerRatings(playerId),
    ctx.store.listPlayerTallies(playerId),
  ]);
  if (!player) throw fail('player-not-found', { playerId });
  const now = ctx.clock();
  return {
    playerId: player.playerId,
    name: player.name,
    kind: isBotAccount(player) ? ('bot' as const) : ('person' as const),
    memberSince: isoInstant(player.createdAt),
    reliability: reliabilityPercent(tallies),
    games: ctx.games.map(({ meta }) => {
      const rating = ratings.find((r) => r.game === meta.id);
      const tally = tallies.find((t) => t.game === meta.id);
      return {
        game: meta.id,
        rating: rating ? presentRating(rating, now) : null,
        played: tally?.finished ?? 0,
        won: tally?.won ?? 0,
        reliability: tally ? reliabilityPercent([tally]) : null,
      };
    }),
  };
}

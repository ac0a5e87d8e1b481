import type { PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { seatOf } from './live-game.js';
import { commitRecord, newSlice, owedAfter, RETRY, settle, withFreshGame } from './pipeline.js';
import { answerWith, type Answered } from './play.js';

/** A player takes back the seat the greedy bot has been playing for them; the bot's moves stand. */
export function reclaimSeat(ctx: ServiceContext, player: PlayerRecord, gameId: string): Promise<Answered> {
  const slice = newSlice();
  return withFreshGame(ctx, gameId, async (live) => {
    const seat = seatOf(live.header, player.playerId);
    if (seat === null) throw fail('not-seated', { to: 'reclaim' });
    if (!live.state) throw fail('game-not-started');
    if ((await settle(ctx, live, slice)) === RETRY) return RETRY;
    if (live.state.finished) throw fail('game-finished', { to: 'reclaim' });
    if (!live.state.absence?.replaced.includes(seat)) throw fail('seat-not-replaced');
    const at = ctx.clock();
    const outcome = await commitRecord(
      ctx,
      live,
      { type: 'reclaim', seat, at },
      { actor: player.playerId, idempotencyKey: null, requestHash: null },
      owedAfter(slice, at),
    );
    if (outcome.kind === 'conflict') return RETRY;
    if (outcome.kind === 'rejected') throw new Error(`reclaim of ${gameId} refused: ${outcome.refusal.rejection.code}`);
    return answerWith(live, outcome.commit, outcome.previous, seat, ctx.clock());
  });
}

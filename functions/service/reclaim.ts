import type { PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { ServiceError } from './errors.js';
import { seatOf } from './live-game.js';
import { commitRecord, RETRY, settle, withFreshGame } from './pipeline.js';
import { answerWith, type MoveAnswer } from './play.js';

/** A player takes back the seat the greedy bot has been playing for them; the bot's moves stand. */
export function reclaimSeat(ctx: ServiceContext, player: PlayerRecord, gameId: string): Promise<MoveAnswer> {
  return withFreshGame(ctx, gameId, async (live) => {
    const seat = seatOf(live.header, player.playerId);
    if (seat === null) throw new ServiceError(403, 'not-seated', 'You hold no seat in this game.');
    if (!live.state) throw new ServiceError(409, 'game-not-started', 'The game starts when every seat is taken.');
    if ((await settle(ctx, live)) === RETRY) return RETRY;
    if (live.state.finished) throw new ServiceError(409, 'game-finished', 'The game is over; its result records the seats that ended under a bot.');
    if (!live.state.absence?.replaced.includes(seat)) throw new ServiceError(409, 'seat-not-replaced', 'Your seat is yours already: no bot plays it.');
    const outcome = await commitRecord(
      ctx,
      live,
      { type: 'reclaim', seat, at: ctx.clock() },
      { actor: player.playerId, idempotencyKey: null, requestHash: null },
    );
    if (outcome.kind === 'conflict') return RETRY;
    if (outcome.kind === 'rejected') throw new Error(`reclaim of ${gameId} refused: ${outcome.refusal.rejection.code}`);
    return answerWith(live, outcome.commit, seat);
  });
}

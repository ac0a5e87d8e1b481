import { applyInPlace, type LoggedEvent } from '../../core/engine/index.js';
import { whyNotUndoable, type CommandRecord, type TableState } from '../../core/table/index.js';
import type { PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail, type ServiceError } from './errors.js';
import { initOf, seatOf, type LiveGame } from './live-game.js';
import { commitRecord, RETRY, settle, withFreshGame } from './pipeline.js';
import { answerWith, type MoveAnswer } from './play.js';
import { RULES_BEFORE_TABLE_RULES } from './table-rules.js';

const PAGE = 100;

function refused(version: number, reason: string): ServiceError {
  return fail('undo-not-allowed', { version, reason });
}

/** The state a commit started from: the log replayed up to the one before it (undo is rare; moves never pay this). */
async function stateBefore(ctx: ServiceContext, live: LiveGame, version: number): Promise<TableState> {
  const state: TableState = live.engine.setup(initOf(live.header));
  for (let after = 0; after < version - 1;) {
    const commits = await ctx.store.readCommits(live.header.gameId, after, Math.min(PAGE, version - 1 - after));
    if (commits.length === 0) throw new Error(`commits of ${live.header.gameId} end at ${after}, before ${version}`);
    for (const commit of commits) for (const event of commit.events) applyInPlace(live.engine, state, event as LoggedEvent);
    after = (commits.at(-1) as { seq: number }).seq;
  }
  return state;
}

/**
 * Takes back the caller's own latest commit when it showed nobody anything
 * new (core/table/undo.ts decides that from the views), as a new commit that
 * puts the previous state back; overdue deadlines are resolved first, so a
 * commit a timeout or a bot already followed is no longer the latest.
 */
export function undoCommit(ctx: ServiceContext, player: PlayerRecord, gameId: string, version: number): Promise<MoveAnswer> {
  return withFreshGame(ctx, gameId, async (live) => {
    const seat = seatOf(live.header, player.playerId);
    if (seat === null) throw fail('not-seated', { to: 'undo' });
    if (!live.state) throw fail('game-not-started');
    if ((await settle(ctx, live)) === RETRY) return RETRY;
    const state = live.state;
    if (!(live.header.table ?? RULES_BEFORE_TABLE_RULES).undo) throw refused(version, 'undo is off at this table');
    if (state.finished) throw refused(version, 'the game is over');
    if (version !== live.version) throw refused(version, `only the game's latest commit can be undone, and that is ${live.version}`);
    const [commit] = await ctx.store.readCommits(gameId, version - 1, 1);
    const command = commit?.command as CommandRecord | undefined;
    if (!commit || command?.type !== 'moves' || commit.actor !== player.playerId) throw refused(version, 'it is not a move of yours');
    const before = await stateBefore(ctx, live, version);
    const reason = whyNotUndoable(live.engine, before, state, commit.events as LoggedEvent[], seat);
    if (reason) throw refused(version, reason);
    const outcome = await commitRecord(
      ctx,
      live,
      { type: 'undo', seat, version, restores: before, at: ctx.clock() },
      { actor: player.playerId, idempotencyKey: null, requestHash: null },
    );
    if (outcome.kind === 'conflict') return RETRY;
    if (outcome.kind === 'rejected') throw new Error(`undo of ${gameId}@${version} refused: ${outcome.refusal.rejection.code}`);
    await settle(ctx, live);
    return answerWith(live, outcome.commit, seat);
  });
}

import { applyInPlace, type LoggedEvent } from '../../core/engine/index.js';
import { whyNotUndoable, type CommandRecord, type TableState } from '../../core/table/index.js';
import type { PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail, type ServiceError } from './errors.js';
import { initOf, seatOf, type LiveGame } from './live-game.js';
import { commitRecord, newSlice, owedAfter, RETRY, settle, withFreshGame } from './pipeline.js';
import { answerWith, type Answered } from './play.js';
import { RULES_BEFORE_TABLE_RULES } from './table-rules.js';

const PAGE = 100;

/**
 * Undos a seat may make per pending entry (README, limits): an undo is for
 * a slip, not a loop — taking back a plan and playing it again over and over
 * would tell the other players of a turn each time. The log decides it, and
 * the undo's commit is conditional on the next sequence number like any
 * other, so two undos sent at once cannot both pass.
 */
export const UNDOS_PER_PENDING_ENTRY = 1;

function refused(version: number, reason: string): ServiceError {
  return fail('undo-not-allowed', { version, reason });
}

/** What the log says before commit `version`: the state it started from, and how often `seat` undid back into each pending entry. */
interface Before {
  readonly state: TableState;
  readonly undosInto: ReadonlyMap<string, number>;
}

/** Replays the log up to the commit before `version` (undo is rare; moves never pay this), counting `seat`'s undos by the entry each restored. */
async function logBefore(ctx: ServiceContext, live: LiveGame, version: number, seat: number): Promise<Before> {
  const state: TableState = live.engine.setup(initOf(live.header));
  const undosInto = new Map<string, number>();
  for (let after = 0; after < version - 1;) {
    const commits = await ctx.store.readCommits(live.header.gameId, after, Math.min(PAGE, version - 1 - after));
    if (commits.length === 0) throw new Error(`commits of ${live.header.gameId} end at ${after}, before ${version}`);
    for (const commit of commits) {
      for (const event of commit.events) applyInPlace(live.engine, state, event as LoggedEvent);
      const command = commit.command as CommandRecord;
      const into = command.type === 'undo' && command.seat === seat ? command.restores.pending?.id : undefined;
      if (into !== undefined) undosInto.set(into, (undosInto.get(into) ?? 0) + 1);
    }
    after = (commits.at(-1) as { seq: number }).seq;
  }
  return { state, undosInto };
}

/**
 * Takes back the caller's own latest commit when it showed nobody anything
 * new (core/table/undo.ts decides that from the views), as a new commit that
 * puts the previous state back; overdue deadlines are resolved first, so a
 * commit a timeout or a bot already followed is no longer the latest.
 */
export function undoCommit(ctx: ServiceContext, player: PlayerRecord, gameId: string, version: number): Promise<Answered> {
  const slice = newSlice();
  return withFreshGame(ctx, gameId, async (live) => {
    const seat = seatOf(live.header, player.playerId);
    if (seat === null) throw fail('not-seated', { to: 'undo' });
    if (!live.state) throw fail('game-not-started');
    if ((await settle(ctx, live, slice)) === RETRY) return RETRY;
    const state = live.state;
    if (!(live.header.table ?? RULES_BEFORE_TABLE_RULES).undo) throw refused(version, 'undo is off at this table');
    if (state.finished) throw refused(version, 'the game is over');
    if (version !== live.version) throw refused(version, `only the game's latest commit can be undone, and that is ${live.version}`);
    const [commit] = await ctx.store.readCommits(gameId, version - 1, 1);
    const command = commit?.command as CommandRecord | undefined;
    if (!commit || command?.type !== 'moves' || commit.actor !== player.playerId) throw refused(version, 'it is not a move of yours');
    const { state: before, undosInto } = await logBefore(ctx, live, version, seat);
    const reason = whyNotUndoable(live.engine, before, state, commit.events as LoggedEvent[], seat);
    if (reason) throw refused(version, reason);
    const entry = before.pending?.id;
    if (entry !== undefined && (undosInto.get(entry) ?? 0) >= UNDOS_PER_PENDING_ENTRY) throw fail('too-many-undos', { limit: UNDOS_PER_PENDING_ENTRY });
    const at = ctx.clock();
    const outcome = await commitRecord(
      ctx,
      live,
      { type: 'undo', seat, version, restores: before, at },
      { actor: player.playerId, idempotencyKey: null, requestHash: null },
      owedAfter(slice, at),
    );
    if (outcome.kind === 'conflict') return RETRY;
    if (outcome.kind === 'rejected') throw new Error(`undo of ${gameId}@${version} refused: ${outcome.refusal.rejection.code}`);
    await settle(ctx, live, slice);
    return answerWith(live, outcome.commit, outcome.previous, seat, ctx.clock());
  });
}

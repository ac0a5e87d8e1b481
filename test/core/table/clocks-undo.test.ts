import { describe, expect, it } from 'vitest';
import { awaitedSeats, botMove, legalMovesFor, replay, Rng, rngStateFromSeed, viewFor, type Deadlines, type LoggedEvent } from '../../../core/engine/index.js';
import { GAMES } from '../../../core/games/index.js';
import { clockedSeat, runRecord, tableGame, whyNotUndoable, type CommandRecord, type TableGame, type TableState } from '../../../core/table/index.js';
import { TABLES, viewersOf } from '../../support/hidden-tables.js';
import { deepFreeze } from '../../support/play-checked.js';

const SECOND = 1000;
const DEADLINES: Deadlines = { turnMs: 50 * SECOND, windowMs: 50 * SECOND, bank: { initialMs: 100 * SECOND, incrementMs: 30 * SECOND, maxMs: 120 * SECOND } };
/** Deals of what a viewer cannot see, per viewer and accepted undo. */
const REDEALS = 3;

const json = (value: unknown) => JSON.stringify(value);

type MovesRecord = Extract<CommandRecord, { type: 'moves' }>;

/**
 * The independent check that an undoable commit showed nobody anything new:
 * for every viewer (its author, every other seat, the spectators), states
 * that viewer cannot tell from the real one before the commit (the game's
 * re-deal of what they cannot see) must still explain what they see after
 * it: some move of the author's on that state gives them the very view the
 * commit gave them. When none does, the commit told them something about what
 * they could not see (a card turned up, a hand card laid on the table), and
 * its undo must have been refused.
 */
function assertShowedNothingNew(engine: TableGame, before: TableState, after: TableState, record: MovesRecord, rng: Rng, where: string): void {
  for (const viewer of viewersOf(before.seats)) {
    const seenAfter = json(viewFor(engine, after, viewer));
    for (let k = 0; k < REDEALS; k++) {
      const world = engine.redeal(before, viewer, rng);
      const moves = [record.moves[0], ...legalMovesFor(engine, world, record.seat)];
      const explained = moves.some((move) => {
        const run = runRecord(engine, world, { ...record, moves: [move] });
        return !('rejection' in run) && json(viewFor(engine, run.state, viewer)) === seenAfter;
      });
      if (!explained)
        throw new Error(
          `${where}: an undoable commit (${json(record)}) showed ${viewer === null ? 'the spectators' : `seat ${viewer}`} what they could not see before: no move of seat ${record.seat} explains ${seenAfter.slice(0, 400)} once what they cannot see is dealt again`,
        );
    }
  }
}

/** Views as an undo leaves them: every board, and who is awaited at which step (the deadline moves on: the time since stays spent). */
function viewsAfterUndo(engine: TableGame, state: TableState) {
  const { deadline: _, ...pending } = state.pending ?? { deadline: 0 };
  return json([pending, viewersOf(state.seats).map((viewer) => engine.view(state, viewer))]);
}

interface Tally {
  undone: number;
  refused: number;
  /** Refused for what a view showed, beyond every game's list of revealing events. */
  shown: number;
  timeouts: number;
}

/** One seeded bot game on banks, with undos sprinkled in, checked at every command. */
function playWithBanksAndUndos(engine: TableGame, table: { seats: number; options: unknown }, seed: string, tally: Tally): void {
  const init = { seats: table.seats, options: engine.optionsSchema.parse(table.options), deadlines: DEADLINES, seed, at: 0 };
  const rng = new Rng(rngStateFromSeed(`driver:${seed}`));
  let state: TableState = engine.setup(init);
  const log: LoggedEvent[] = [];
  let at = 0;
  let version = 0;
  const commit = (record: CommandRecord) => {
    const run = runRecord(engine, state, record);
    if ('rejection' in run) throw new Error(`${seed}@${version}: ${record.type} refused (${run.rejection.code})`);
    log.push(...run.events);
    version++;
    const before = state;
    state = run.state;
    const seat = clockedSeat(state.pending);
    const clocks = state.clocks;
    if (!clocks) throw new Error(`${seed}@${version}: no clocks after a banked commit`);
    if (clocks.bankMs.some((ms) => ms < 0 || ms > DEADLINES.bank!.maxMs)) throw new Error(`${seed}@${version}: a bank outside [0, max]: ${clocks.bankMs}`);
    if (seat !== null && state.pending!.deadline !== clocks.settledAt + (clocks.bankMs[seat] as number))
      throw new Error(`${seed}@${version}: deadline is not when the bank runs out`);
    return { before, run };
  };
  commit({ type: 'start', at });
  for (let step = 0; !state.finished; step++) {
    if (step > 20_000) throw new Error(`${seed}: no end`);
    const seat = awaitedSeats(state.pending)[0];
    if (seat === undefined || rng.int(12) === 0) {
      at = Math.max(at, state.pending!.deadline);
      commit({ type: 'timeout', pendingId: state.pending!.id, at });
      tally.timeouts++;
      continue;
    }
    at += rng.int(20 * SECOND);
    const move = botMove(engine, rng.coin() ? 'random' : 'greedy', state, seat, rng);
    const record: MovesRecord = { type: 'moves', seat, moves: [move], at };
    const { before, run } = commit(record);
    // Deciding whether it may be undone changes nothing (a refused undo leaves the game as it is).
    const [frozenBefore, frozenAfter] = [json(deepFreeze(before)), json(deepFreeze(state))];
    const reason = whyNotUndoable(engine, before, state, run.events, seat);
    expect([json(before), json(state)]).toEqual([frozenBefore, frozenAfter]);
    if (reason !== null) {
      tally.refused++;
      if (reason.startsWith('it showed')) tally.shown++;
      continue;
    }
    assertShowedNothingNew(engine, before, state, record, rng, `${engine.meta.id} ${seed}@${version}`);
    if (rng.int(3) !== 0) continue;
    at += rng.int(5 * SECOND);
    const madeAt = version;
    commit({ type: 'undo', seat, version: madeAt, restores: before, at });
    tally.undone++;
    // Every viewer sees the game exactly as before the undone commit.
    expect(viewsAfterUndo(engine, state)).toBe(viewsAfterUndo(engine, before));
  }
  expect(json(replay(engine, init, log))).toBe(json(state));
}

describe('banks and safe undo over seeded games of every game, at every table', () => {
  for (const listing of GAMES) {
    it(`${listing.meta.id}: every undoable commit showed nobody anything new, undo restores every view, banks stay consistent, replay rebuilds the state`, async () => {
      const engine = tableGame(await listing.engine());
      const tally: Tally = { undone: 0, refused: 0, shown: 0, timeouts: 0 };
      TABLES[listing.meta.id]!.forEach((table, i) => playWithBanksAndUndos(engine, table, `${listing.meta.id}-${i}`, tally));
      // The run exercised all three paths, so the checks above were not vacuous.
      expect(tally.undone).toBeGreaterThan(5);
      expect(tally.refused).toBeGreaterThan(5);
      expect(tally.timeouts).toBeGreaterThan(5);
      console.info(`${listing.meta.id}: ${tally.undone} undone, ${tally.refused} refused (${tally.shown} for what a view showed), ${tally.timeouts} timeouts`);
    }, 600_000);
  }
});

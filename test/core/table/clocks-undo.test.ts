import { describe, expect, it } from 'vitest';
import { awaitedSeats, replay, Rng, rngStateFromSeed, type Deadlines, type LoggedEvent, type Seat } from '../../../core/engine/index.js';
import { GAMES } from '../../../core/games/index.js';
import { clockedSeat, runRecord, tableGame, whyNotUndoable, type CommandRecord, type TableGame, type TableState } from '../../../core/table/index.js';
import { secretVariants as vckVariants } from '../valeria-card-kingdoms/play-checked.js';
import { secretVariants as vpVariants } from '../village-pillage/play-checked.js';
import { secretVariants as vvVariants } from '../villages-of-valeria/property-run.js';

const SECOND = 1000;
const DEADLINES: Deadlines = { turnMs: 50 * SECOND, windowMs: 50 * SECOND, bank: { initialMs: 100 * SECOND, incrementMs: 30 * SECOND, maxMs: 120 * SECOND } };

/** States differing from `state` only in what `seat` keeps secret (each game's property suite defines them). */
const VARIANTS: Record<string, (state: never, seat: Seat, rng: Rng) => TableState[]> = {
  'villages-of-valeria': vvVariants,
  'valeria-card-kingdoms': vckVariants,
  'village-pillage': vpVariants,
};

const json = (value: unknown) => JSON.stringify(value);

/**
 * The independent check that an undoable commit revealed nothing: for every
 * viewer, states that viewer cannot tell apart before the commit (another
 * seat's hand or the deck changed) must stay indistinguishable after the
 * same command. A draw, a roll or a reveal breaks this; the undo rule must
 * have refused such a commit.
 */
function assertRevealedNothing(engine: TableGame, before: TableState, after: TableState, record: CommandRecord, rng: Rng, where: string): void {
  const variantsOf = VARIANTS[engine.meta.id] as (state: TableState, seat: Seat, rng: Rng) => TableState[];
  for (let viewer = 0; viewer < before.seats; viewer++) {
    const seen = json(engine.view(before, viewer));
    const seenAfter = json([engine.view(after, viewer), after.pending]);
    for (let other = 0; other < before.seats; other++) {
      if (other === viewer) continue;
      for (const variant of variantsOf(before, other, rng)) {
        // Some games' copies keep only their own fields; banks and streaks are the same in every variant.
        variant.clocks = before.clocks;
        variant.absence = before.absence;
        if (json(engine.view(variant, viewer)) !== seen) continue;
        const run = decideOn(engine, variant, record);
        if (run === null) continue;
        if (json([engine.view(run.state, viewer), run.state.pending]) !== seenAfter)
          throw new Error(
            `${where}: an undoable commit (${json(record)}) (events ${json(run.events.map((e) => e.type))}) told seat ${viewer} something about seat ${other}'s secrets or the deck: ${json([engine.view(run.state, viewer), run.state.pending])} vs ${seenAfter}`,
          );
      }
    }
  }
}

/**
 * The command decided on a variant; null when the variant cannot take it: a
 * rejection, or a variant the game's own bookkeeping contradicts (a swapped
 * card that a pending step still names), which the variants were never
 * meant to be consistent for.
 */
function decideOn(engine: TableGame, variant: TableState, record: CommandRecord) {
  try {
    const run = runRecord(engine, variant, record);
    return 'rejection' in run ? null : run;
  } catch {
    return null;
  }
}

interface Tally {
  undone: number;
  refused: number;
  timeouts: number;
}

/** One seeded bot game on banks, with undos sprinkled in, checked at every command. */
function playWithBanksAndUndos(engine: TableGame, seats: number, seed: string, tally: Tally): void {
  const init = { seats, options: engine.optionsSchema.parse({}), deadlines: DEADLINES, seed, at: 0 };
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
    const move = engine.bots[rng.coin() ? 'random' : 'greedy'](state, seat, rng);
    const record: CommandRecord = { type: 'moves', seat, moves: [move], at };
    const { before, run } = commit(record);
    const reason = whyNotUndoable(engine, before, state, run.events);
    if (reason !== null) {
      tally.refused++;
      continue;
    }
    assertRevealedNothing(engine, before, state, record, rng, `${engine.meta.id} ${seed}@${version}`);
    if (rng.int(3) !== 0) continue;
    at += rng.int(5 * SECOND);
    const madeAt = version;
    commit({ type: 'undo', seat, version: madeAt, restores: before, at });
    tally.undone++;
    expect(json(engine.view(state, seat))).toBe(json(engine.view(before, seat)));
  }
  expect(json(replay(engine, init, log))).toBe(json(state));
}

describe('banks and safe undo over many seeded games of every game', () => {
  for (const listing of GAMES) {
    it(`${listing.meta.id}: every undoable commit revealed nothing, banks stay consistent, replay rebuilds the state`, async () => {
      const engine = tableGame(await listing.engine());
      const tally: Tally = { undone: 0, refused: 0, timeouts: 0 };
      const { minSeats, maxSeats } = listing.meta;
      for (let i = 0; i < 6; i++) playWithBanksAndUndos(engine, minSeats + (i % (maxSeats - minSeats + 1)), `${listing.meta.id}-${i}`, tally);
      // The run exercised all three paths, so the checks above were not vacuous.
      expect(tally.undone).toBeGreaterThan(5);
      expect(tally.refused).toBeGreaterThan(5);
      expect(tally.timeouts).toBeGreaterThan(5);
    }, 120_000);
  }
});

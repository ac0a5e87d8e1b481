import { describe, expect, it } from 'vitest';
import { awaitedSeats, botMove, partDeadline, replay, Rng, rngStateFromSeed, type Deadlines, type LoggedEvent } from '../../../core/engine/index.js';
import { GAMES } from '../../../core/games/index.js';
import { isAway, runRecord, tableGame, type CommandRecord, type TableGame, type TableState } from '../../../core/table/index.js';

const SECOND = 1000;
const FIXED: Deadlines = { turnMs: 60 * SECOND, windowMs: 40 * SECOND };
const BANKED: Deadlines = { turnMs: 40 * SECOND, windowMs: 40 * SECOND, bank: { initialMs: 90 * SECOND, incrementMs: 20 * SECOND, maxMs: 120 * SECOND } };

interface Tally {
  vacations: number;
  endedEarly: number;
  lateParts: number;
  partialTimeouts: number;
}

/**
 * One seeded game of bots where players go on vacation and some come back
 * early: an away player never moves, everyone else does (or lets a deadline
 * pass). Checked at every commit: an away player's own deadline is never
 * before their return; a timeout defaults no part that is not due yet; only
 * seats with a vacation have late parts; the game still ends; the log
 * replays to the identical state.
 */
function playWithVacations(engine: TableGame, seats: number, deadlines: Deadlines, seed: string, tally: Tally): void {
  const init = { seats, options: engine.optionsSchema.parse({}), deadlines, seed, at: 0 };
  const rng = new Rng(rngStateFromSeed(`vacations:${seed}`));
  let state: TableState = engine.setup(init);
  const log: LoggedEvent[] = [];
  let at = 0;
  const where = () => `${engine.meta.id} ${seed} at ${at}`;
  const commit = (record: CommandRecord) => {
    const before = state;
    const run = runRecord(engine, state, record);
    if ('rejection' in run) throw new Error(`${where()}: ${record.type} refused (${run.rejection.code})`);
    log.push(...run.events);
    state = run.state;
    const pending = state.pending;
    if (!pending) return;
    for (const seat of awaitedSeats(pending)) {
      const away = state.vacations?.[seat];
      if (isAway(away, record.at) && partDeadline(pending, seat) < away.backAt) throw new Error(`${where()}: seat ${seat}'s deadline is before their return`);
    }
    if (pending.kind === 'simultaneous')
      for (const part of pending.lateParts ?? []) {
        if (!state.vacations?.[part.seat]) throw new Error(`${where()}: a late part for seat ${part.seat}, who never went away`);
        tally.lateParts++;
      }
    if (record.type === 'timeout' && before.pending && pending.id === before.pending.id) {
      tally.partialTimeouts++;
      const waiting = awaitedSeats(before.pending).filter((seat) => partDeadline(before.pending!, seat) > record.at);
      for (const seat of waiting) if (!awaitedSeats(pending).includes(seat)) throw new Error(`${where()}: seat ${seat}'s part was defaulted before it was due`);
    }
  };
  commit({ type: 'start', at });
  // The last seat leaves at once: its part of the first window (often a shared one) waits for it.
  commit({ type: 'vacation', seat: seats - 1, leftAt: at, backAt: at + 2 * 60 * SECOND, at });
  for (let step = 0; !state.finished; step++) {
    if (step > 20_000) throw new Error(`${where()}: no end`);
    const pending = state.pending!;
    const here = awaitedSeats(pending).filter((seat) => !isAway(state.vacations?.[seat], at));
    const roll = rng.int(25);
    if (roll === 0) {
      // Someone leaves for 1 to 5 minutes, unless already away.
      const seat = rng.int(seats);
      if (isAway(state.vacations?.[seat], at)) continue;
      commit({ type: 'vacation', seat, leftAt: at, backAt: at + (1 + rng.int(5)) * 60 * SECOND, at });
      tally.vacations++;
      continue;
    }
    const awayNow = (state.vacations ?? []).flatMap((away, seat) => (isAway(away, at) ? [{ seat, away }] : []));
    if (roll <= 2 && awayNow.length > 0) {
      // Someone away comes back early.
      const { seat, away } = awayNow[rng.int(awayNow.length)]!;
      commit({ type: 'vacation', seat, leftAt: away.leftAt, backAt: at, at });
      tally.endedEarly++;
      continue;
    }
    const seat = here[0];
    if (seat === undefined || roll < 5 || pending.deadline <= at) {
      at = Math.max(at, pending.deadline);
      commit({ type: 'timeout', pendingId: pending.id, at });
      continue;
    }
    // Present players answer before the next deadline.
    at = Math.min(at + rng.int(10 * SECOND), pending.deadline - 1);
    commit({ type: 'moves', seat, moves: [botMove(engine, rng.coin() ? 'random' : 'greedy', state, seat, rng)], at });
  }
  expect(replay(engine, init, log)).toEqual(state);
}

describe('vacations over many seeded games of every game', () => {
  for (const listing of GAMES) {
    it(`${listing.meta.id}: away players' deadlines wait for them, shared windows close for the others on time, replay rebuilds the state`, async () => {
      const engine = tableGame(await listing.engine());
      const tally: Tally = { vacations: 0, endedEarly: 0, lateParts: 0, partialTimeouts: 0 };
      const { minSeats, maxSeats } = listing.meta;
      for (let i = 0; i < 6; i++) {
        const seats = Math.max(2, minSeats + (i % (maxSeats - minSeats + 1)));
        playWithVacations(engine, seats, i % 2 === 0 ? FIXED : BANKED, `${listing.meta.id}-${i}`, tally);
      }
      // The runs exercised vacations, early returns and shared windows split by them, so the checks were not vacuous.
      expect(tally.vacations).toBeGreaterThan(5);
      expect(tally.endedEarly).toBeGreaterThan(0);
      expect(tally.lateParts).toBeGreaterThan(0);
      expect(tally.partialTimeouts).toBeGreaterThan(0);
    }, 300_000);
  }
});

import { describe, expect, it } from 'vitest';
import { applyInPlace, Draft, redactFor, Rng, withParts, type GameEvent } from '../../../core/engine/index.js';
import {
  clockPart,
  tableGame,
  TABLE_PARTS,
  type AbsenceEvent,
  type ClockEvent,
  type TableState,
  type UndoEvent,
  type VacationEvent,
} from '../../../core/table/index.js';
import { sealedBids } from '../../support/sealed-bids.js';

type SealedBidsState = ReturnType<typeof sealedBids.setup>;

/** Sealed Bids with a copy that keeps only the fields the game knows, as a game's copy may: the table's fields must come from its parts. */
function forgetful(seen: string[] = []): typeof sealedBids {
  return {
    ...sealedBids,
    clone: ({ clocks, absence, vacations, ...own }: SealedBidsState & TableState) => structuredClone(own),
    evolve(draft, event) {
      seen.push(event.type);
      sealedBids.evolve(draft, event);
    },
  };
}

const init = {
  seats: 2,
  options: { rounds: 2 },
  deadlines: { turnMs: 60_000, windowMs: 60_000, bank: { initialMs: 100_000, incrementMs: 10_000, maxMs: 120_000 } },
  seed: 'parts',
  at: 0,
};
const clock: ClockEvent = { type: 'clock', clocks: { bankMs: [100_000, 90_000], running: 1, settledAt: 5_000 } };
const vacation: VacationEvent = { type: 'vacation', seat: 1, away: { leftAt: 1_000, backAt: 9_000 }, shifts: [] };
const absence: AbsenceEvent = { type: 'absence', absence: { streak: [0, 2], replaced: [] } };

describe("the table's parts in the kit's fold", () => {
  it('keep the banks, vacations and absences through a draft copy, though the game copies only its own fields', () => {
    const game = tableGame(forgetful());
    const state = game.setup(init);
    for (const event of [clock, vacation, absence]) applyInPlace(game, state, event);
    expect(state.clocks).toEqual({ bankMs: [100_000, 90_000], running: 1, settledAt: 5_000 });
    expect(state.vacations).toEqual([null, { leftAt: 1_000, backAt: 9_000 }]);
    expect(state.absence).toEqual({ streak: [0, 2], replaced: [] });

    const draft = new Draft(game, state, 6_000, new Rng(state.rng));
    // Shared, not copied: each part's fold replaces its fields whole.
    expect(draft.state.clocks).toBe(state.clocks);
    expect(draft.state.vacations).toBe(state.vacations);
    expect(draft.state.absence).toBe(state.absence);
    const before = structuredClone(state);
    applyInPlace(game, draft.state, { type: 'clock', clocks: { bankMs: [1, 2], running: 0, settledAt: 6_000 } });
    applyInPlace(game, draft.state, { ...vacation, seat: 0 });
    expect(draft.state.clocks?.bankMs).toEqual([1, 2]);
    expect(draft.state.vacations).toEqual([
      { leftAt: 1_000, backAt: 9_000 },
      { leftAt: 1_000, backAt: 9_000 },
    ]);
    expect(state).toEqual(before);

    // The bare game's draft has none of them: the parts, not the kit, carry them.
    const bare: TableState = new Draft(forgetful(), state, 6_000, new Rng(state.rng)).state;
    expect([bare.clocks, bare.vacations, bare.absence]).toEqual([undefined, undefined, undefined]);
  });

  it("fold the table's events themselves; the kit folds its own and hands every other event to the game", () => {
    const seen: string[] = [];
    const bare = forgetful(seen);
    const state: SealedBidsState & TableState = bare.setup(init);
    const pending = { ...state.pending!, id: 'p7', deadline: 70_000 };
    applyInPlace(bare, state, { type: 'awaiting', pending });
    applyInPlace(bare, state, { type: 'rng-advanced', rng: [1, 2, 3, 4] });
    // Typed as any event: the bare game's own events do not include the table's.
    applyInPlace<TableState, GameEvent>(bare, state, clock);
    expect(state.pending).toEqual(pending);
    expect(state.pendingOpened).toBe(7);
    expect(state.rng).toEqual([1, 2, 3, 4]);
    // The kit claims no table event: without the parts, a clock event is the game's to fold (and Sealed Bids ignores it).
    expect(seen).toEqual(['clock']);
    expect(state.clocks).toBeUndefined();

    applyInPlace(tableGame(bare), state, clock);
    expect(seen).toEqual(['clock']);
    expect(state.clocks).toEqual(clock.clocks);
  });

  it('redact by their parts: an undo shows only which commit it took back, the banks show as they are', () => {
    const game = tableGame(sealedBids);
    const undone: UndoEvent = { type: 'undone', version: 3, state: game.setup(init) };
    const bid = { type: 'bid-placed', seat: 0, card: 4 };
    expect(redactFor(game, undone, 0)).toEqual({ type: 'undone', version: 3 });
    expect(redactFor(game, clock, 1)).toBe(clock);
    expect(redactFor(game, { type: 'rng-advanced', rng: [1, 2, 3, 4] }, null)).toBeNull();
    expect(redactFor(game, bid, 1)).toEqual({ type: 'bid-placed', seat: 0 });
  });

  it('are one list, each event type owned by one part', () => {
    expect(TABLE_PARTS.flatMap((part) => part.events).sort()).toEqual(['absence', 'clock', 'undone', 'vacation']);
    expect(() => withParts(sealedBids, [clockPart, clockPart])).toThrow('two parts fold clock events');
  });
});

import {
  awaitedSeats,
  botMove,
  execute,
  Rng,
  rngStateFromSeed,
  type AnyGameEngine,
  type BaseState,
  type BotLevel,
  type Deadlines,
  type Seat,
} from '../../core/engine/index.js';

/**
 * Every table the hidden-information suites play, per game: each player
 * count and each option that changes what is hidden (Villages of Valeria
 * solo; Card Kingdoms' Mixed Citizens and every setup, solo and five
 * players; Village Pillage's Duel and standard Banks).
 */
export const TABLES: Readonly<Record<string, readonly { readonly seats: number; readonly options: unknown }[]>> = {
  'villages-of-valeria': [1, 2, 3, 4, 5].map((seats) => ({ seats, options: {} })),
  'valeria-card-kingdoms': [
    { seats: 1, options: { setup: 'first-game', mixedCitizens: true } },
    { seats: 2, options: { setup: 'random', mixedCitizens: true } },
    { seats: 2, options: { setup: 'first-game', mixedCitizens: false } },
    { seats: 3, options: { setup: 'shining-gold', mixedCitizens: false } },
    { seats: 4, options: { setup: 'mastery-of-magic', mixedCitizens: true } },
    { seats: 5, options: { setup: 'monstrous-blood', mixedCitizens: true } },
    { seats: 1, options: { setup: 'random', mixedCitizens: false } },
  ],
  'village-pillage': [
    { seats: 2, options: {} },
    { seats: 2, options: { banks: 'standard' } },
    { seats: 3, options: {} },
    { seats: 4, options: {} },
    { seats: 5, options: {} },
  ],
};

export const DEADLINES: Deadlines = { turnMs: 60_000, windowMs: 30_000 };

/** Every viewer of a table: each seat, then the spectators (null). */
export const viewersOf = (seats: number): (Seat | null)[] => [...Array.from({ length: seats }, (_, seat) => seat), null];

/**
 * The states of one seeded bot game (random and greedy seats, the odd
 * deadline let pass), one in `every`, each handed to `visit` before the game
 * moves on. Returns how many were visited.
 */
export function visitStates(
  engine: AnyGameEngine,
  table: { readonly seats: number; readonly options: unknown },
  seed: string,
  every: number,
  visit: (state: BaseState, rng: Rng) => void,
): number {
  const init = { seats: table.seats, options: engine.optionsSchema.parse(table.options), deadlines: DEADLINES, seed, at: 0 };
  const rng = new Rng(rngStateFromSeed(`visit:${seed}`));
  const levels: BotLevel[] = Array.from({ length: table.seats }, (_, seat) => (seat % 2 === 0 ? 'greedy' : 'random'));
  let state: BaseState = engine.setup(init);
  let at = 0;
  let visited = 0;
  for (let step = 0; !state.finished; step++) {
    if (step > 5_000) throw new Error(`${engine.meta.id} ${seed}: no end`);
    if (step % every === 0) {
      visit(state, rng);
      visited++;
    }
    at += 1_000;
    const seat = awaitedSeats(state.pending)[0];
    let result;
    if (seat === undefined || rng.int(30) === 0) {
      at = Math.max(at, state.pending?.deadline ?? at);
      result = execute(engine, state, { type: 'timeout', at });
    } else result = execute(engine, state, { type: 'move', seat, move: botMove(engine, levels[seat] ?? 'random', state, seat, rng), at });
    if (!result.ok) throw new Error(`${engine.meta.id} ${seed}: ${result.code}: ${result.message}`);
    state = result.state;
  }
  return visited;
}

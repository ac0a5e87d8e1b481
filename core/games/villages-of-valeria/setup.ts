import { initialBase, openSimultaneousWindow, Rng, rngStateFromSeed, type GameInit } from '../../engine/index.js';
import { ALL_ADVENTURER_IDS, ALL_BUILDING_IDS, CASTLE_IDS, type CardId } from './catalog/index.js';
import { ADVENTURER_POOL, bankSize, HAND_SIZE, PILES, SOLO_DECK, STARTING_GOLD } from './rules.js';
import type { PlayerState, VvOptions, VvState } from './state.js';

/**
 * Setup (rules, "Setup"): the whole deal follows from the secret seed, so the
 * log never carries it. Ends with the setup round open (VV-R9).
 */
export function setupGame(init: GameInit<VvOptions>): VvState {
  const { seats, options, deadlines, seed, at } = init;
  if (!Number.isInteger(seats) || seats < 1 || seats > 5) throw new RangeError(`Villages of Valeria seats 1 to 5 players, not ${seats}`);
  if (options.firstPlayer !== undefined && options.firstPlayer >= seats) throw new RangeError(`firstPlayer ${options.firstPlayer} is not a seat`);
  const rng = new Rng(rngStateFromSeed(seed));
  const solo = seats === 1;
  const shuffled = rng.shuffle(ALL_BUILDING_IDS);
  // Solo: a deck of 35 random Buildings; the rest stay in the box unseen.
  const inPlay = solo ? shuffled.slice(0, SOLO_DECK) : shuffled;
  const box = solo ? shuffled.slice(SOLO_DECK) : [];
  const take = (n: number): CardId[] => inPlay.splice(inPlay.length - n, n);
  const players: PlayerState[] = Array.from({ length: seats }, (_, seat) => ({
    castle: CASTLE_IDS[seat] as CardId,
    hand: take(HAND_SIZE),
    coins: STARTING_GOLD,
    castleCoin: null,
    resources: [],
    buildings: [],
    adventurers: [],
  }));
  const piles = Array.from({ length: PILES }, () => take(1));
  const adventurers = rng.shuffle(ALL_ADVENTURER_IDS);
  const advPool = adventurers.splice(adventurers.length - ADVENTURER_POOL, ADVENTURER_POOL);
  const first = options.firstPlayer ?? rng.int(seats);
  const everyone = players.map((_, seat) => seat);
  return {
    ...initialBase('villages-of-valeria', init, rng.state, openSimultaneousWindow({ opened: 0, at, deadlines, step: 'setup', timer: 'turn', seats: everyone })),
    solo,
    first,
    bank: bankSize(seats) - STARTING_GOLD * seats,
    deck: inPlay,
    piles,
    advDeck: adventurers,
    advPool,
    box,
    players,
    setupChoices: players.map(() => null),
    flow: { turn: 0, active: first, led: null, queue: [], activity: null, progressed: false, quietTurns: 0 },
  };
}

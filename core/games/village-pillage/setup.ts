import { initialBase, openSimultaneousWindow, Rng, rngStateFromSeed, type GameInit } from '../../engine/index.js';
import { MARKET_CARDS, STARTING_HAND } from './catalog/index.js';
import { MARKET_ROW_SIZE, STARTING_BANK, STARTING_STOCKPILE } from './rules.js';
import type { Player, VpOptions, VpState } from './state.js';

/** Rules "Setup": a starting hand and a Bank each, 1 turnip in Stockpile and Bank, 4 Market cards face up; then the first plan window. */
export function setupGame(init: GameInit<VpOptions>): VpState {
  const { seats, options, deadlines, seed, at } = init;
  if (!Number.isInteger(seats) || seats < 2 || seats > 5) throw new RangeError(`Village Pillage is for 2 to 5 players, not ${seats}`);
  const rng = new Rng(rngStateFromSeed(seed));
  const deck = rng.shuffle(MARKET_CARDS);
  const row = deck.splice(0, MARKET_ROW_SIZE);
  const players = Array.from({ length: seats }, (): Player => ({
    stockpile: STARTING_STOCKPILE,
    bank: STARTING_BANK,
    relics: [],
    hand: [...STARTING_HAND],
    exhausted: [],
    queue: [],
  }));
  const pending = openSimultaneousWindow({ opened: 0, at, deadlines, step: 'plan', timer: 'turn', seats: players.map((_, s) => s) });
  return {
    ...initialBase('village-pillage', init, rng.state, pending),
    options,
    // VP-R5: two players with the standard Banks play by the 3-5 player rules.
    duel: seats === 2 && options.banks !== 'standard',
    round: 1,
    players,
    market: { deck, row },
    plans: players.map(() => null),
    table: [],
    buying: [],
    winners: [],
  };
}

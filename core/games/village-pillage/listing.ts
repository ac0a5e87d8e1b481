import type { GameListing } from '../../engine/index.js';
import { VpOptions } from './state.js';

/** What the registry lists before the engine is loaded (index.ts is the engine). */
export const villagePillageListing = {
  meta: {
    id: 'village-pillage',
    title: 'Village Pillage',
    minSeats: 2,
    maxSeats: 5,
    summary:
      'Plan a card toward each neighbour in secret, then reveal: Farmers grow turnips, Walls guard them, Raiders steal them and Merchants spend them on Market cards and relics. The first to own three relics wins. Two players play the Duel, a queue of two cards, or the long game by the 3-5 player rules.',
    variants: [
      { id: 'standard-banks', description: 'Two players on the standard Bank side (option banks: "standard"): the long game by the 3-5 player rules.' },
    ],
  },
  optionsSchema: VpOptions,
  /** 1: the first recorded vocabulary. */
  engineVersion: 1,
  hasStandingOrders: false,
} satisfies Omit<GameListing, 'engine'>;

import type { GameListing } from '../../engine/index.js';
import { VvOptions } from './state.js';

/** What the registry lists before the engine is loaded (index.ts is the engine). */
export const villagesOfValeriaListing = {
  meta: {
    id: 'villages-of-valeria',
    title: 'Villages of Valeria',
    minSeats: 1,
    maxSeats: 5,
    summary:
      'Lead one of five actions, let everyone follow it, and build a village of Buildings and Adventurers around your Castle. One seat plays the solo variant.',
    variants: [{ id: 'solo', description: 'One seat: a 35-card deck, no follows, coins stay out an extra turn; ranked from Pothole to Imperator.' }],
  },
  optionsSchema: VvOptions,
  /** 2: flow changes as small events (turn-started, action-started, …) instead of a whole-state `flow` event. */
  engineVersion: 2,
  hasStandingOrders: true,
} satisfies Omit<GameListing, 'engine'>;

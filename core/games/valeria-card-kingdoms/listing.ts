import type { GameListing } from '../../engine/index.js';
import { VckOptions } from './state.js';

/** What the registry lists before the engine is loaded (index.ts is the engine). */
export const valeriaCardKingdomsListing = {
  meta: {
    id: 'valeria-card-kingdoms',
    title: 'Valeria: Card Kingdoms',
    minSeats: 1,
    maxSeats: 5,
    summary:
      'Roll, harvest with every kingdom at once, then slay monsters, recruit citizens and build domains; a secret Duke scores at the end. Solo against the Dark Lord.',
    variants: [
      { id: 'first-game', description: 'The recommended first game: fixed monster areas and citizens.' },
      { id: 'shining-gold', description: 'Themed setup "Shining Gold" (Or qui brille).' },
      { id: 'mastery-of-magic', description: 'Themed setup "Mastery of Magic" (Maîtrise de la Magie).' },
      { id: 'monstrous-blood', description: 'Themed setup "Monstrous Blood" (Sang monstrueux).' },
      { id: 'random', description: 'Five random monster areas and a random citizen per slot.' },
      { id: 'mixed-citizens', description: 'Mixed Citizens: both names of a slot shuffled in one stack, only the top face up.' },
    ],
  },
  optionsSchema: VckOptions,
  /**
   * 1: the first recorded vocabulary. 2: a Thief's owner chooses how much it
   * takes (VK-R8: the `theft` step, `theft-offered`/`theft-chosen` events),
   * doubles activate the sum once (VK-R5), the end is re-checked when the
   * round completes (VK-R6): a version-1 log's commands no longer decide the
   * events it recorded, so it cannot be replayed or continued. 3: a solo
   * double 6 is one choice of a stack, activated twice (VK-R9), where
   * version 2 asked twice: a version-2 log's `choose` commands no longer
   * match the choices offered. 4: a recruit names the citizen it uncovers
   * (`citizen-recruited.next`: in Mixed Citizens, a card turned up), which a
   * version-3 log lacks, so it no longer replays.
   */
  engineVersion: 4,
  hasStandingOrders: false,
} satisfies Omit<GameListing, 'engine'>;

import type { Rng, Seat } from '../../engine/index.js';
import { cloneState } from './draft.js';
import { planMoves, plannedCards } from './plan.js';
import type { VpState } from './state.js';

/**
 * Everything a viewer cannot see, dealt again (`GameEngine.redeal`; view.ts
 * says what a viewer sees): the Market deck, which of each other player's
 * cards wait face down in their Duel queue (and in what order their hand
 * lies), each other player's secret plan (VP-R3: another plan they could
 * have sent), and the generator.
 */
export function redeal(state: VpState, viewer: Seat | null, rng: Rng): VpState {
  const world = cloneState(state);
  world.market.deck = rng.shuffle(world.market.deck);
  world.players.forEach((p, seat) => {
    if (seat === viewer) return;
    [p.queue, p.hand] = rng.deal([...p.hand, ...p.queue], [p.queue.length]) as [string[], string[]];
    if (world.plans[seat]) world.plans[seat] = plannedCards(rng.pick(planMoves(world, seat)));
  });
  world.rng = rng.split();
  return world;
}

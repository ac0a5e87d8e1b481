import { Draft as KitDraft, type Folding, type Rng, type Seat } from '../../engine/index.js';
import { applyEvent } from './apply.js';
import type { VpEvent } from './events.js';
import type { VpState } from './state.js';

/** A deep copy of everything `applyEvent` mutates; event-born objects it only replaces are shared. */
export function cloneState(state: VpState): VpState {
  return {
    ...state,
    players: state.players.map((p) => ({ ...p, relics: [...p.relics], hand: [...p.hand], exhausted: [...p.exhausted], queue: [...p.queue] })),
    market: { deck: [...state.market.deck], row: [...state.market.row] },
    plans: [...state.plans],
  };
}

export const folding: Folding<VpState, VpEvent> = { clone: cloneState, evolve: applyEvent };

/** A decision in progress (the kit's draft of this game). */
export type Draft = KitDraft<VpState, VpEvent>;

/** A draft outside the kit's commands: the greedy bot looks ahead on one. */
export function draft(state: VpState, rng: Rng, at: number): Draft {
  return new KitDraft(folding, state, at, rng);
}

/** VP-R3: the plan window, one simultaneous step for every seat, on the turn timer. */
export function awaitPlans(d: Draft): void {
  const seats = d.state.players.map((_, seat) => seat);
  const pending = d.nextWindow('plan', 'turn', seats);
  if (pending) d.await(pending);
}

/** VP-R4: a choice during resolution, on the short window timer. */
export function awaitDecision(d: Draft, step: 'market-card' | 'merchant-order', seat: Seat): void {
  d.await(d.nextDecision(step, 'window', seat));
}

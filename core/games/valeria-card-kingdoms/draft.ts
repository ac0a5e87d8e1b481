import { Draft as KitDraft, type Folding, type Rng, type Seat } from '../../engine/index.js';
import { applyEvent } from './apply.js';
import type { Phase, VckEvent } from './events.js';
import type { VckState } from './state.js';

/**
 * A deep copy of everything `applyEvent` mutates. Nested objects that apply
 * only ever replaces (pending, options, prompts, tasks, answers) are shared:
 * far cheaper than structuredClone, which dominated the engine's time.
 */
export function cloneState(state: VckState): VckState {
  const { market, turn, darkLord, harvest } = state;
  return {
    ...state,
    market: {
      monsters: market.monsters.map((s) => ({ ...s, cards: [...s.cards] })),
      citizens: market.citizens.map((s) => ({ ...s, cards: [...s.cards] })),
      domains: market.domains.map((s) => ({ ...s, cards: [...s.cards] })),
    },
    players: state.players.map((p) => ({ ...p, citizens: [...p.citizens], monsters: [...p.monsters], domains: [...p.domains], dukeOffer: [...p.dukeOffer] })),
    darkLord: darkLord && { ...darkLord, citizens: [...darkLord.citizens], domains: [...darkLord.domains] },
    box: [...state.box],
    turn: { ...turn, dice: turn.dice && [...turn.dice], diceChangers: [...turn.diceChangers] },
    tasks: [...state.tasks],
    harvest: harvest && { ...harvest, submissions: [...harvest.submissions] },
  };
}

export const folding: Folding<VckState, VckEvent> = { clone: cloneState, evolve: applyEvent };

/** A decision in progress (the kit's draft of this game). */
export type Draft = KitDraft<VckState, VckEvent>;

/** A draft outside the kit's commands (tests build situations on one). */
export function draft(state: VckState, rng: Rng, at: number): Draft {
  return new KitDraft(folding, state, at, rng);
}

export function enterPhase(d: Draft, phase: Phase): void {
  if (d.state.phase !== phase) d.emit({ type: 'phase-entered', phase });
}

/** A step of the active player's turn; it keeps the turn's shared deadline (VK-R3). */
export function awaitTurnStep(d: Draft, step: string, kind: 'turn' | 'decision' = 'turn'): void {
  const { active, deadline } = d.state.turn;
  const pending = kind === 'turn' ? d.nextTurn(step, 'turn', active) : d.nextDecision(step, 'turn', active);
  d.await({ ...pending, deadline });
}

/** A simultaneous window; false when nobody has anything to submit. */
export function awaitWindow(d: Draft, step: string, seats: readonly Seat[]): boolean {
  const pending = d.nextWindow(step, 'window', seats);
  if (!pending) return false;
  d.await(pending);
  return true;
}

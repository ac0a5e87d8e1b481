import { openDecision, openSimultaneousWindow, openTurn, type Pending, type Rng, type Seat } from '../../engine/index.js';
import { applyEvent } from './apply.js';
import type { VckEvent } from './events.js';
import type { Phase, VckState } from './state.js';

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

/**
 * A decision in progress: a private copy of the state that every emitted
 * event is folded into at once, so the rules read the consequences of what
 * they just decided (and pending ids stay sequential within one command).
 */
export class Draft {
  readonly events: VckEvent[] = [];
  readonly state: VckState;

  constructor(
    state: VckState,
    readonly rng: Rng,
    readonly at: number,
  ) {
    this.state = cloneState(state);
  }

  emit(...events: VckEvent[]): void {
    for (const event of events) {
      this.events.push(event);
      applyEvent(this.state, event);
    }
  }

  enterPhase(phase: Phase): void {
    if (this.state.phase !== phase) this.emit({ type: 'phase-entered', phase });
  }

  private await(pending: Pending): void {
    this.emit({ type: 'awaiting', pending });
  }

  /** A step of the active player's turn; it keeps the turn's shared deadline (VK-R3). */
  awaitTurnStep(step: string, kind: 'turn' | 'decision' = 'turn'): void {
    const { state, at } = this;
    const args = { opened: state.pendingOpened, at, deadlines: state.deadlines, step, timer: 'turn' as const, seat: state.turn.active };
    const pending = kind === 'turn' ? openTurn(args) : openDecision(args);
    this.await({ ...pending, deadline: state.turn.deadline });
  }

  /** A simultaneous window; false when nobody has anything to submit. */
  awaitWindow(step: string, seats: readonly Seat[]): boolean {
    const { state, at } = this;
    const pending = openSimultaneousWindow({ opened: state.pendingOpened, at, deadlines: state.deadlines, step, timer: 'window', seats });
    if (!pending) return false;
    this.await(pending);
    return true;
  }
}

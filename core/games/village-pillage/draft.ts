import { openDecision, openSimultaneousWindow, type Rng, type Seat } from '../../engine/index.js';
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

/**
 * A decision in progress: a private copy of the state that every emitted
 * event is folded into at once, so the rules read the consequences of what
 * they just decided and pending ids stay sequential within one command.
 */
export class Draft {
  readonly events: VpEvent[] = [];
  readonly state: VpState;

  constructor(
    state: VpState,
    readonly rng: Rng,
    readonly at: number,
  ) {
    this.state = cloneState(state);
  }

  emit(...events: VpEvent[]): void {
    for (const event of events) {
      this.events.push(event);
      applyEvent(this.state, event);
    }
  }

  private nextPendingArgs() {
    return { opened: this.state.pendingOpened, at: this.at, deadlines: this.state.deadlines };
  }

  /** VP-R3: the plan window, one simultaneous step for every seat, on the turn timer. */
  awaitPlans(): void {
    const seats = this.state.players.map((_, seat) => seat);
    const pending = openSimultaneousWindow({ ...this.nextPendingArgs(), step: 'plan', timer: 'turn', seats });
    if (pending) this.emit({ type: 'awaiting', pending });
  }

  /** VP-R4: a choice during resolution, on the short window timer. */
  awaitDecision(step: 'market-card' | 'merchant-order', seat: Seat): void {
    this.emit({ type: 'awaiting', pending: openDecision({ ...this.nextPendingArgs(), step, timer: 'window', seat }) });
  }
}

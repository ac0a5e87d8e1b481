import type { Pending, Rng } from '../../engine/index.js';
import { applyEvent, cloneState } from './apply.js';
import type { VvEvent } from './events.js';
import type { VvState } from './state.js';

/** Events that move a card into a hand or a village: the game is not stalled. */
const PROGRESS: ReadonlySet<VvEvent['type']> = new Set(['drew', 'cards-stolen', 'built', 'developed', 'recruited']);

/**
 * A decision in progress: a private copy of the state that changes only by
 * emitting events, so what `decide` computes and what the fold rebuilds can
 * never drift apart, and the state it was given stays untouched.
 */
export class Work {
  readonly state: VvState;
  readonly events: VvEvent[] = [];

  constructor(
    state: VvState,
    readonly at: number,
    readonly rng: Rng,
  ) {
    this.state = cloneState(state);
  }

  emit(event: VvEvent): void {
    applyEvent(this.state, event);
    this.events.push(event);
    // Recorded in the flow, which every command publishes last.
    if (PROGRESS.has(event.type)) this.state.flow.progressed = true;
  }

  /** Publishes the flow as it now stands, with who acts next; the last word of every command. */
  commit(pending: Pending | null): void {
    // No copy needed: the fold copies it, and this work ends here.
    this.emit({ type: 'flow', flow: this.state.flow, pending });
  }
}

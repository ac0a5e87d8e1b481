import type { Pending, Rng } from '../../engine/index.js';
import { applyEvent, cloneFlow, cloneState } from './apply.js';
import type { VvEvent } from './events.js';
import type { VvState } from './state.js';

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
  }

  /** Publishes the flow as it now stands, with who acts next. */
  commit(pending: Pending | null): void {
    this.emit({ type: 'flow', flow: cloneFlow(this.state.flow), pending });
  }
}

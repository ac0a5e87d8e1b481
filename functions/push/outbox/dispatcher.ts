import { CircuitBreaker, DEFAULT_BREAKER, type BreakerPolicy } from './breaker.js';
import { targetKey, type OutboxMessage } from './message.js';
import type { Couriers } from './port.js';

export interface DispatchPolicy {
  /** Attempts to one target at once; more wait their turn in its lane (other targets never wait for it). */
  readonly perTarget: number;
  readonly breaker: BreakerPolicy;
}

export const DEFAULT_DISPATCH: DispatchPolicy = { perTarget: 2, breaker: DEFAULT_BREAKER };

interface Lane {
  active: number;
  readonly waiting: (() => void)[];
}

/**
 * Runs each outbox message through its channel's courier, isolating targets
 * from each other: each target has a lane of `perTarget` attempts at once
 * (the rest of its messages wait in that lane, nobody else's), and a circuit
 * breaker that skips a target failing again and again, deferring its
 * deliveries (kept, their next attempt planned) instead of tying up its lane
 * with attempts that time out. Throws only when a courier does (the store
 * failed): the outbox then keeps the message and tries it again.
 */
export class Dispatcher {
  private readonly lanes = new Map<string, Lane>();
  private readonly breaker: CircuitBreaker;

  constructor(
    private readonly couriers: Couriers,
    private readonly clock: () => number,
    private readonly policy: DispatchPolicy = DEFAULT_DISPATCH,
  ) {
    this.breaker = new CircuitBreaker(policy.breaker);
  }

  async dispatch(message: OutboxMessage): Promise<void> {
    const courier = this.couriers[message.channel];
    // A channel this runner was not given (a test's): the message stays queued, tried again, rather than lost.
    if (!courier) throw new Error(`no courier for the ${message.channel} channel`);
    const key = targetKey(message);
    // Checked before waiting too, so what queues behind a target that just tripped is deferred at once.
    const skipped = this.breaker.skippedUntil(key, this.clock());
    if (skipped !== null) return courier.defer(message, skipped);
    await this.enter(key);
    try {
      const until = this.breaker.admit(key, this.clock());
      if (until !== null) return await courier.defer(message, until);
      const outcome = await courier.attempt(message);
      if (outcome !== 'stale') this.breaker.record(key, outcome === 'delivered', this.clock());
    } finally {
      this.leave(key);
    }
  }

  private async enter(key: string): Promise<void> {
    const lane = this.lanes.get(key) ?? { active: 0, waiting: [] };
    this.lanes.set(key, lane);
    if (lane.active >= this.policy.perTarget) await new Promise<void>((resolve) => lane.waiting.push(resolve));
    lane.active++;
  }

  private leave(key: string): void {
    const lane = this.lanes.get(key);
    if (!lane) return;
    lane.active--;
    const next = lane.waiting.shift();
    if (next) next();
    else if (lane.active === 0) this.lanes.delete(key);
  }
}

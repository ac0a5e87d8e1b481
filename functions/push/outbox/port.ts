import type { Channel, OutboxMessage } from './message.js';

/**
 * The outbox: where the commit consumer (and a retry's timer) leaves what to
 * deliver, so that no delivery ever runs on the commit path. Two adapters:
 * in process for `npm start` (local.ts: durable through the push store, a
 * restart loses nothing accepted) and asynchronous invocations of the
 * delivery function on AWS (invoke.ts: Lambda's own queue holds them).
 * Either hands each message to the dispatcher (dispatcher.ts), which runs it
 * through its channel's courier.
 */
export interface Outbox {
  /** Accepts messages for delivery; resolved once they are durably queued. */
  enqueue(messages: readonly OutboxMessage[]): Promise<void>;
}

/** What an attempt says about its target, for the circuit breaker: `stale` (nothing was due) says nothing. */
export type AttemptOutcome = 'delivered' | 'failed' | 'stale';

/**
 * One channel's way of delivering (webhooks, browser push, e-mail). Both
 * calls read and write the delivery record themselves (a new delivery's
 * first write only if it does not exist yet) and are idempotent: a duplicate
 * message finds its delivery recorded, done, or not yet due, and does nothing.
 */
export interface Courier {
  /** One attempt now, its outcome recorded (and the next attempt planned, or the delivery closed). */
  attempt(message: OutboxMessage): Promise<AttemptOutcome>;
  /** The target is skipped for now (its breaker is open): the delivery is kept, its next attempt planned for `until`, no attempt counted. */
  defer(message: OutboxMessage, until: number): Promise<void>;
}

/** Each channel's courier; a runner given none for a channel keeps that channel's messages queued. */
export type Couriers = { readonly [C in Channel]?: Courier };

/** Where the local outbox keeps accepted messages until they are handled (the push store's table under `npm start`; on AWS, Lambda's queue of asynchronous invocations). */
export interface OutboxAgenda {
  putQueued(message: OutboxMessage): Promise<void>;
  deleteQueued(message: OutboxMessage): Promise<void>;
  listQueued(): Promise<readonly OutboxMessage[]>;
}

import type { ServiceContext } from '../service/context.js';
import type { PushPolicy } from './policy.js';
import type { PushStore } from './store/port.js';

/**
 * The service's context with what push adds: where push records are kept
 * and push's policy. Built by the composition root (functions/compose.ts)
 * with `withPush` (notify/notifier.ts); push's jobs and the app take it.
 */
export interface PushContext extends ServiceContext {
  /** Notifications, preferences, webhooks, stream tickets and connections, and the local timers' agenda. */
  readonly push: PushStore;
  /** Webhook targets allowed, retry delays and where stream tickets point (the local server and tests allow loopback http). */
  readonly pushPolicy: PushPolicy;
}

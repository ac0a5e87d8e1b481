import { DELIVERY_TIMEOUT_MS } from './deliver.js';
import type { TargetPolicy } from './ssrf.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface PushPolicy extends TargetPolicy {
  /**
   * The wait before each attempt of a webhook delivery (the first is
   * immediate). The default spans 27.6 hours, after which the subscription is
   * disabled (the schedule the Standard Webhooks guidance suggests).
   */
  readonly retryDelaysMs: readonly number[];
  readonly timeoutMs: number;
  /** The WebSocket URL tickets point at (the API Gateway WebSocket stage on AWS); null: this server's own `/v1/stream`. */
  readonly streamUrl: string | null;
}

export const DEFAULT_RETRY_DELAYS_MS = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;

/** Production: https to public addresses only. `npm start` and tests opt in to loopback http explicitly. */
export const DEFAULT_PUSH_POLICY: PushPolicy = {
  allowLoopbackHttp: false,
  retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
  timeoutMs: DELIVERY_TIMEOUT_MS,
  streamUrl: null,
};

import { DEFAULT_DISPATCH, type DispatchPolicy } from './outbox/dispatcher.js';
import type { Mailer } from './email/mailer.js';
import type { VapidSource } from './webpush/vapid.js';

/** Push's settings, one per deployment: what webhooks and push endpoints may reach and how they are retried, how deliveries keep targets apart, where stream tickets point, the VAPID keys, and how e-mail is sent. */

/** E-mail's settings: who it is from, the key its links are signed with, and the mailer (in the functions that send). */
export interface EmailPolicy {
  /** The `From` address (`Valeria Tabletop <play@example.org>`). */
  readonly from: string;
  /** The key of the links' tokens (email/tokens.ts), read when first needed (on AWS from the seed secret). */
  readonly key: () => Promise<Uint8Array>;
  /** The SMTP or SES adapter; null where deliveries are only recorded (the push and timer functions on AWS), never sent. */
  readonly mailer: Mailer | null;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface PushPolicy {
  /** `npm start` and the tests only: allow `http://127.0.0.1[:port]` (nothing else private, no other host). */
  readonly allowLoopbackHttp: boolean;
  /**
   * The wait before each attempt of a webhook delivery (the first is
   * immediate). The default spans 27.6 hours, after which the subscription is
   * disabled (the schedule the Standard Webhooks guidance suggests).
   */
  readonly retryDelaysMs: readonly number[];
  /** How long one delivery attempt may take, all told: the DNS look-up and the request. */
  readonly timeoutMs: number;
  /** Attempts at once per target, and when a failing target is skipped for a while (the outbox's dispatcher). */
  readonly dispatch: DispatchPolicy;
  /** The WebSocket URL tickets point at (the API Gateway WebSocket stage on AWS); null: this server's own `/v1/stream`. */
  readonly streamUrl: string | null;
  /** The web client's origin, for the table links of chat-app messages (`http://localhost:3000` under `npm start`, the distribution's on AWS); null: no link. */
  readonly appUrl: string | null;
  /** The VAPID keys browser push signs with (kept with the local data, in Secrets Manager on AWS); null: no browser push here (`503 web-push-unavailable`). */
  readonly vapid: VapidSource | null;
  /** E-mail, or null: no e-mail here (`503 email-unavailable`). Its links point at `appUrl`. */
  readonly email: EmailPolicy | null;
}

const DELIVERY_TIMEOUT_MS = 5000;

const DEFAULT_RETRY_DELAYS_MS = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;

/** Production: https to public addresses only. `npm start` and tests opt in to loopback http explicitly. */
export const DEFAULT_PUSH_POLICY: PushPolicy = {
  allowLoopbackHttp: false,
  retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
  timeoutMs: DELIVERY_TIMEOUT_MS,
  dispatch: DEFAULT_DISPATCH,
  streamUrl: null,
  appUrl: null,
  vapid: null,
  email: null,
};

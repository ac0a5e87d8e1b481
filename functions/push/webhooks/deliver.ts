import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { SignedTarget } from '../outbox/message.js';
import type { PushPolicy } from '../policy.js';
import type { DeliveryRecord, WebhookRecord } from '../store/port.js';
import { ForbiddenTargetError, resolveTarget, type HostResolver, type ResolvedTarget } from './ssrf.js';

/**
 * Why an attempt got no answer, in words of our own: never the receiver's
 * text nor the system's error message (which would name addresses and ports:
 * with loopback allowed, a port scanner).
 */
export type AttemptError = 'timed out' | 'refused' | 'response interrupted' | `target forbidden: ${string}`;

/**
 * One delivery attempt's outcome: the status the receiver answered, or why
 * there was none; after a 429, how long the receiver asked us to wait, if it
 * said (Slack's and Discord's `Retry-After`, Discord's `retry_after`).
 */
export type AttemptResult = {
  readonly ok: boolean;
  readonly status: number | null;
  readonly error: AttemptError | null;
  readonly retryAfterMs?: number;
};

/** How much of a 429's body is read for Discord's `retry_after` (its answer is a few dozen bytes). */
const RATE_LIMIT_BODY_BYTES = 4096;

/** `Retry-After` in seconds or as an HTTP date, else a JSON body's `retry_after` seconds (Discord's, fractional); undefined when neither says. */
export function retryAfterMs(header: string | undefined, body: string, now: number): number | undefined {
  if (header !== undefined && header.trim() !== '') {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  try {
    const parsed = JSON.parse(body) as { retry_after?: unknown };
    if (typeof parsed.retry_after === 'number' && Number.isFinite(parsed.retry_after) && parsed.retry_after >= 0) return Math.ceil(parsed.retry_after * 1000);
  } catch {
    // Not JSON: nothing said.
  }
  return undefined;
}

/** Signs a message for a subscription at `at`, by the Standard Webhooks specification (its `whsec_` secret, over id.timestamp.body). */
export function signFor(hook: Pick<WebhookRecord, 'url' | 'secret'>, messageId: string, body: string, at: number): SignedTarget {
  return { url: hook.url, timestamp: Math.floor(at / 1000), signature: new Webhook(hook.secret).sign(messageId, new Date(at), body) };
}

/**
 * One attempt of a delivery: the target vetted again (what the name resolves
 * to now is what gets called) and the signed message posted, all within the
 * policy's one time limit, the DNS look-up included.
 */
export async function attemptDelivery(
  signed: SignedTarget,
  delivery: Pick<DeliveryRecord, 'id' | 'body'>,
  policy: Pick<PushPolicy, 'allowLoopbackHttp' | 'timeoutMs'>,
  now: number,
  resolve?: HostResolver,
): Promise<AttemptResult> {
  const started = performance.now();
  let target;
  try {
    target = await resolveTarget(signed.url, policy, policy.timeoutMs, resolve);
  } catch (error) {
    if (error instanceof ForbiddenTargetError) return { ok: false, status: null, error: `target forbidden: ${error.message}` };
    throw error;
  }
  const left = Math.max(1, Math.ceil(policy.timeoutMs - (performance.now() - started)));
  const headers = { 'webhook-id': delivery.id, 'webhook-timestamp': String(signed.timestamp), 'webhook-signature': signed.signature };
  return postSigned(target, headers, delivery.body, left, now);
}

/**
 * POSTs one signed message to a vetted target (`now`: the attempt's time, from which a 429's HTTP date counts): to exactly the address that
 * was checked (the `lookup` below never asks DNS again), within 5 seconds all
 * told, following no redirect (a 3xx is a failed attempt).
 */
export function postSigned(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string | Buffer,
  timeoutMs: number,
  now: number,
): Promise<AttemptResult> {
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target.url,
      {
        method: 'POST',
        // The caller's headers last: a push message says its own content type (octet-stream) and length.
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'valeria-tabletop-webhooks/1',
          ...headers,
        },
        // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily): the one vetted address either way.
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          options.all ? callback(null, [{ address: target.address, family: target.family }]) : callback(null, target.address, target.family)) as never,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // The body is never kept, except the start of a 429's, which may say when to come back.
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (status !== 429 || kept >= RATE_LIMIT_BODY_BYTES) return;
          chunks.push(chunk);
          kept += chunk.length;
        });
        res.on('end', () => {
          if (status !== 429) return resolve({ ok: status >= 200 && status < 300, status, error: null });
          const header = res.headers['retry-after'];
          const wait = retryAfterMs(header, Buffer.concat(chunks).subarray(0, RATE_LIMIT_BODY_BYTES).toString('utf8'), now);
          resolve({ ok: false, status, error: null, ...(wait === undefined ? {} : { retryAfterMs: wait }) });
        });
        res.on('error', () => resolve({ ok: false, status, error: 'response interrupted' }));
      },
    );
    req.on('error', (error) =>
      resolve({ ok: false, status: null, error: error.name === 'AbortError' || error.name === 'TimeoutError' ? 'timed out' : 'refused' }),
    );
    req.end(body);
  });
}

import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { PushPolicy } from '../policy.js';
import type { DeliveryRecord, WebhookRecord } from '../store/port.js';
import { ForbiddenTargetError, resolveTarget, type HostResolver, type ResolvedTarget } from './ssrf.js';

/**
 * Why an attempt got no answer, in words of our own: never the receiver's
 * text nor the system's error message (which would name addresses and ports:
 * with loopback allowed, a port scanner).
 */
export type AttemptError = 'timed out' | 'refused' | 'response interrupted' | `target forbidden: ${string}`;

/** One delivery attempt's outcome: the status the receiver answered, or why there was none. */
export type AttemptResult = { readonly ok: boolean; readonly status: number | null; readonly error: AttemptError | null };

/**
 * One attempt of a delivery: the target vetted again (what the name resolves
 * to now is what gets called) and the signed message posted, all within the
 * policy's one time limit, the DNS look-up included.
 */
export async function attemptDelivery(
  hook: WebhookRecord,
  delivery: Pick<DeliveryRecord, 'id' | 'body'>,
  policy: Pick<PushPolicy, 'allowLoopbackHttp' | 'timeoutMs'>,
  now: number,
  resolve?: HostResolver,
): Promise<AttemptResult> {
  const started = performance.now();
  let target;
  try {
    target = await resolveTarget(hook.url, policy, policy.timeoutMs, resolve);
  } catch (error) {
    if (error instanceof ForbiddenTargetError) return { ok: false, status: null, error: `target forbidden: ${error.message}` };
    throw error;
  }
  const left = Math.max(1, Math.ceil(policy.timeoutMs - (performance.now() - started)));
  return postSigned(target, signedHeaders(hook.secret, delivery.id, new Date(now), delivery.body), delivery.body, left);
}

/** Standard Webhooks headers for a message, signed with the subscription's `whsec_` secret. */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

/**
 * POSTs one signed message to a vetted target: to exactly the address that
 * was checked (the `lookup` below never asks DNS again), within 5 seconds all
 * told, following no redirect (a 3xx is a failed attempt).
 */
export function postSigned(target: ResolvedTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptResult> {
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target.url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'valeria-tabletop-webhooks/1',
        },
        // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily): the one vetted address either way.
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          options.all ? callback(null, [{ address: target.address, family: target.family }]) : callback(null, target.address, target.family)) as never,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // The body is not read beyond what arrives; the connection is dropped.
        res.resume();
        res.on('end', () => resolve({ ok: status >= 200 && status < 300, status, error: null }));
        res.on('error', () => resolve({ ok: false, status, error: 'response interrupted' }));
      },
    );
    req.on('error', (error) =>
      resolve({ ok: false, status: null, error: error.name === 'AbortError' || error.name === 'TimeoutError' ? 'timed out' : 'refused' }),
    );
    req.end(body);
  });
}

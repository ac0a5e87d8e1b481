import type { ServiceContext } from './context.js';
import { fail } from './errors.js';

/** How long a non-move POST's answer is kept for retries. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyRequest {
  /** Who sent it and to which operation: keys are only unique within a scope. */
  readonly scope: string;
  readonly key: string | null;
  readonly requestHash: string;
}

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
}

/**
 * Runs a non-move POST at most once per Idempotency-Key: a retry with the same
 * body gets the first answer back; the same key with another body is refused.
 * Moves use the commit log itself instead (see moves.ts).
 */
export async function once<T>(ctx: ServiceContext, request: IdempotencyRequest, run: () => Promise<Answer<T>>): Promise<Answer<T>> {
  if (request.key === null) return run();
  const stored = await ctx.store.getIdempotent(request.scope, request.key);
  if (stored) {
    if (stored.requestHash !== request.requestHash) throw fail('idempotency-key-reused');
    return { status: stored.status, body: stored.body as T };
  }
  const answer = await run();
  await ctx.store.putIdempotent(
    request.scope,
    request.key,
    { requestHash: request.requestHash, status: answer.status, body: answer.body },
    ctx.clock() + KEEP_MS,
  );
  return answer;
}

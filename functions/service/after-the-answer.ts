import { setTimeout } from 'node:timers/promises';

/**
 * How long work a request starts but need not wait for (a snapshot that only
 * speeds up later loads) waits: past the answer of that request — work
 * started at once would run its SDK calls on the same event loop before the
 * answer leaves.
 */
const AFTER_THE_ANSWER_MS = 20;

/** Resolves AFTER_THE_ANSWER_MS from now. On Lambda it may resolve only when the instance next runs, or never: what waits on it must be safe to lose. */
export function afterTheAnswer(): Promise<void> {
  return setTimeout(AFTER_THE_ANSWER_MS);
}

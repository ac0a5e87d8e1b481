import { setTimeout as sleep } from 'node:timers/promises';
import { lambdaServiceContext } from './runtime.js';
import { onTimer } from './timer-handler.js';

const ctx = lambdaServiceContext();

/**
 * Invoked by EventBridge Scheduler with `{gameId, seq, pendingId}`. Scheduler
 * has one-minute precision, so an early firing waits (the function's timeout
 * allows 70 s); anything earlier fails and Scheduler retries.
 */
export const handler = async (event: unknown) => {
  const outcome = await onTimer(ctx, event, { maxWaitMs: 65_000, sleep: (ms) => sleep(ms) });
  console.log(JSON.stringify({ timer: event, outcome }));
  return outcome;
};

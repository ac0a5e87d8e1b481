import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { setTimeout as sleep } from 'node:timers/promises';
import { timerLagSeconds } from './measures.js';
import { lambdaServiceContext } from './runtime.js';
import { lambdaTelemetry } from './telemetry.js';
import { METRIC } from './telemetry-names.js';
import { onTimer } from './timer-handler.js';

const ctx = lambdaServiceContext();
const telemetry = lambdaTelemetry();
// Every timeout this function commits says how late its deadline was resolved.
ctx.signal.subscribe((commit) => {
  const lag = timerLagSeconds(commit);
  if (lag !== null) telemetry.metrics.addMetric(METRIC.timerLag, MetricUnit.Seconds, lag);
});

/**
 * Invoked by EventBridge Scheduler with `{gameId, seq, pendingId}`. Scheduler
 * has one-minute precision, so an early firing waits (the function's timeout
 * allows 70 s); anything earlier fails and Scheduler retries.
 */
export const handler = async (event: unknown, context: Context) => {
  telemetry.begin(context);
  try {
    const outcome = await onTimer(ctx, event, { maxWaitMs: 65_000, sleep: (ms) => sleep(ms) });
    telemetry.logger.info('timer', { timer: event, outcome });
    return outcome;
  } finally {
    telemetry.end();
  }
};

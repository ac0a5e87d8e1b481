import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { setTimeout as sleep } from 'node:timers/promises';
import { awsPush } from '../compose.js';
import { timerLagSeconds } from './measures.js';
import { lambdaTelemetry } from './telemetry.js';
import { METRIC } from './telemetry-names.js';
import { onTimer } from './timer-handler.js';

/** The ARN this function was invoked under: the target of the timers it schedules itself (a webhook's next attempt). */
let selfArn = '';
/** Scheduler has one-minute precision, so an early deadline firing waits (the function's timeout allows 70 s); anything earlier fails and Scheduler retries. */
const early = { maxWaitMs: 65_000, sleep: (ms: number) => sleep(ms) };
const { ctx, handlers } = awsPush(process.env, { self: () => selfArn, early });
const telemetry = lambdaTelemetry();
// Every timeout this function commits says how late its deadline was resolved.
ctx.signal.subscribe((commit) => {
  const lag = timerLagSeconds(commit);
  if (lag !== null) telemetry.metrics.addMetric(METRIC.timerLag, MetricUnit.Seconds, lag);
});

/**
 * The target of every schedule (EventBridge Scheduler, the stack's one
 * group): a deadline, a reminder, a delivery's next attempt, an automatch
 * pool's pass or the standing automatch sweep, an e-mail digest, by the
 * payload's kind (functions/timers/port.ts).
 */
export const handler = async (event: unknown, context: Context) => {
  selfArn = context.invokedFunctionArn;
  telemetry.begin(context);
  try {
    const outcome = await onTimer(handlers, event);
    telemetry.logger.info('timer', { timer: event, outcome });
    return outcome;
  } finally {
    telemetry.end();
  }
};

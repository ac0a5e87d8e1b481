import type { Commit } from '../store/port.js';
import { METRIC } from './telemetry-names.js';

/** One count to add: a metric, and for move refusals the problem code it is broken down by. */
export interface Count {
  readonly metric: (typeof METRIC)[keyof typeof METRIC];
  readonly code?: string;
}

const MOVE_SUBMISSION = /^\/v1\/games\/[^/]+\/moves$/;

/**
 * What one HTTP answer adds to the service's metrics, read from the answer
 * alone (status and problem code), so the app itself carries no telemetry.
 */
export function countsOfAnswer(method: string, path: string, status: number, problemCode: string | null): Count[] {
  const counts: Count[] = [];
  if (method === 'POST' && MOVE_SUBMISSION.test(path)) {
    if (status < 300) counts.push({ metric: METRIC.movesAccepted });
    else if (status < 500) counts.push({ metric: METRIC.movesRejected, code: problemCode ?? `http-${status}` });
  }
  if (status >= 500) counts.push({ metric: METRIC.serverErrors });
  if (status === 503) counts.push({ metric: METRIC.storeUnavailable });
  if (status === 429) counts.push({ metric: METRIC.rateLimited });
  return counts;
}

/** For a timeout commit, the seconds between its deadline (the command's `at`) and the commit; null for any other commit. */
export function timerLagSeconds(commit: Commit): number | null {
  const command = commit.command as { readonly type?: unknown; readonly at?: unknown };
  if (command.type !== 'timeout' || typeof command.at !== 'number') return null;
  return Math.max(0, commit.at - command.at) / 1000;
}

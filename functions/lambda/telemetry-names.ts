/**
 * The names the functions emit their metrics under and the stack charts and
 * alarms on: one definition for both sides. Powertools reads the namespace
 * and the service from its environment (`POWERTOOLS_METRICS_NAMESPACE`,
 * `POWERTOOLS_SERVICE_NAME`), which the stack sets from these values; every
 * metric carries the `service` dimension.
 */
export const TELEMETRY = { namespace: 'ValeriaTabletop', service: 'valeria-tabletop' } as const;

export const METRIC = {
  /** Accepted `POST …/moves` (a batch is atomic: one commit). */
  movesAccepted: 'MovesAccepted',
  /** Refused `POST …/moves`, with the problem code as the `code` dimension. */
  movesRejected: 'MovesRejected',
  /** Appends that lost the optimistic-concurrency race to another writer (then re-decided). */
  conflicts: 'CommitConflicts',
  /** Seconds from a deadline to the timeout commit the timer made for it. */
  timerLag: 'TimerLagSeconds',
  /** Answers with a 5xx status, 503s included. */
  serverErrors: 'ServerErrors',
  /** `503 store-unavailable` answers. */
  storeUnavailable: 'StoreUnavailable',
  /** `429 rate-limited` answers given by the function itself (WAF's own blocks are counted by WAF). */
  rateLimited: 'RateLimited',
} as const;

/** The dimension of `MovesRejected`. */
export const REJECTION_CODE = 'code';

import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { onCommitConflict } from '../service/conflicts.js';
import type { Count } from './measures.js';
import { METRIC, REJECTION_CODE } from './telemetry-names.js';

/**
 * Powertools for one Lambda: a structured JSON logger and an EMF metrics
 * buffer, both configured by the environment the stack sets (service name,
 * namespace, log level). Created once per instance.
 */
export function lambdaTelemetry() {
  const logger = new Logger();
  const metrics = new Metrics();
  // Lost races happen deep in the command wrapper; count them wherever they happen.
  onCommitConflict(() => metrics.addMetric(METRIC.conflicts, MetricUnit.Count, 1));

  return {
    logger,
    metrics,
    /** At the start of each invocation: the Lambda request id and cold start on every log line. */
    begin(context: Context) {
      logger.addContext(context);
      metrics.captureColdStartMetric(context.functionName);
    },
    add(counts: readonly Count[]) {
      for (const { metric, code } of counts) {
        if (code === undefined) metrics.addMetric(metric, MetricUnit.Count, 1);
        // A dimension of its own: the buffer's other metrics must not be split by it.
        else metrics.singleMetric().addDimension(REJECTION_CODE, code).addMetric(metric, MetricUnit.Count, 1);
      }
    },
    /** At the end of each invocation: one EMF line if anything was counted (an empty flush only warns). */
    end() {
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
      logger.resetKeys();
    },
  };
}

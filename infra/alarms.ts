import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';

/** How long each alarm looks back. */
export const ALARM_PERIOD = Duration.minutes(5);

function alarm(
  scope: Construct,
  id: string,
  metric: cloudwatch.IMetric,
  description: string,
  threshold: number,
  comparisonOperator: cloudwatch.ComparisonOperator,
): cloudwatch.Alarm {
  return new cloudwatch.Alarm(scope, id, {
    metric,
    alarmDescription: description,
    threshold,
    evaluationPeriods: 1,
    comparisonOperator,
    // No data means no requests (or no timer fired), hence nothing wrong.
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
}

/**
 * An alarm that fires on the first occurrence within a period. Every metric
 * watched here should stay at zero in a healthy service — a 5xx is a bug
 * (bad input gets a 4xx), a throttle is lost capacity, a dead letter is a
 * timer that never ran — so one is already worth a look.
 */
export function alarmOnAny(scope: Construct, id: string, metric: cloudwatch.IMetric, description: string): cloudwatch.Alarm {
  return alarm(scope, id, metric, description, 1, cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD);
}

/** An alarm that fires when the metric's statistic over a period exceeds `threshold`. */
export function alarmAbove(scope: Construct, id: string, metric: cloudwatch.IMetric, threshold: number, description: string): cloudwatch.Alarm {
  return alarm(scope, id, metric, description, threshold, cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD);
}

export const sumOver = { period: ALARM_PERIOD, statistic: cloudwatch.Stats.SUM } as const;
export const maxOver = { period: ALARM_PERIOD, statistic: cloudwatch.Stats.MAXIMUM } as const;

import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';

/** How long each alarm looks back. */
export const ALARM_PERIOD = Duration.minutes(5);

/**
 * An alarm that fires on the first occurrence within a period. Every metric
 * watched here should stay at zero in a healthy service — a 5xx is a bug
 * (bad input gets a 4xx), a throttle is lost capacity, a dead letter is a
 * timer that never ran — so one is already worth a look.
 */
export function alarmOnAny(scope: Construct, id: string, metric: cloudwatch.IMetric, description: string): cloudwatch.Alarm {
  return new cloudwatch.Alarm(scope, id, {
    metric,
    alarmDescription: description,
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    // No data means no requests, hence no failures.
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
}

export const sumOver = { period: ALARM_PERIOD, statistic: cloudwatch.Stats.SUM } as const;
export const maxOver = { period: ALARM_PERIOD, statistic: cloudwatch.Stats.MAXIMUM } as const;

import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { METRIC, REJECTION_CODE, TELEMETRY } from '../functions/lambda/telemetry-names.js';

/** One of the metrics the functions emit through Powertools (EMF), as CloudWatch files it. */
export function serviceMetric(name: (typeof METRIC)[keyof typeof METRIC], options: cloudwatch.MetricOptions = {}): cloudwatch.Metric {
  return new cloudwatch.Metric({ namespace: TELEMETRY.namespace, metricName: name, dimensionsMap: { service: TELEMETRY.service }, ...options });
}

/** Move refusals, one line per problem code (whatever codes have occurred). */
export function movesRejectedByCode(period: cloudwatch.MathExpressionProps['period']): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    expression: `SEARCH('{${TELEMETRY.namespace},${REJECTION_CODE},service} MetricName="${METRIC.movesRejected}"', 'Sum', ${period?.toSeconds() ?? 300})`,
    label: '',
    period,
  });
}

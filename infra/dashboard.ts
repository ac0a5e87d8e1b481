import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC } from '../functions/lambda/telemetry-names.js';
import { EDGE_REGION } from './edge-firewall.js';
import { movesRejectedByCode, serviceMetric } from './service-metrics.js';

const PERIOD = Duration.minutes(1);
const sum = { period: PERIOD, statistic: cloudwatch.Stats.SUM } as const;

export interface ServiceDashboardProps {
  readonly stage: apigw.IHttpStage;
  readonly functions: Readonly<Record<string, lambda.IFunction>>;
  readonly deadLetters: readonly sqs.IQueue[];
  /** The delivery function, invoked asynchronously by the outbox: how long its events wait in Lambda's queue, and those given up. */
  readonly deliveries: lambda.IFunction;
  readonly distributionId: string;
  /** The web ACL's name and its rules' metric names (WAF files its metrics under them). */
  readonly webAcl: { readonly name: string; readonly rules: readonly string[] };
  readonly alarms: readonly cloudwatch.IAlarm[];
}

/**
 * One CloudWatch dashboard for the service: the edge (CloudFront and WAF,
 * whose metrics live in us-east-1), the API, what players do (moves,
 * refusals by code, races), how the service fails (5xx, 503s, 429s), the
 * deadline timers (lag, dead letters), the functions and the outbox's
 * invocations.
 */
export class ServiceDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: ServiceDashboardProps) {
    super(scope, id);
    const edge = (metricName: string, dimensionsMap: Record<string, string>, statistic: string = cloudwatch.Stats.SUM) =>
      new cloudwatch.Metric({ namespace: 'AWS/CloudFront', metricName, dimensionsMap, region: EDGE_REGION, period: PERIOD, statistic });
    const distribution = { DistributionId: props.distributionId, Region: 'Global' };
    const blocked = props.webAcl.rules.map(
      (rule) =>
        new cloudwatch.Metric({
          namespace: 'AWS/WAFV2',
          metricName: 'BlockedRequests',
          dimensionsMap: { WebACL: props.webAcl.name, Rule: rule },
          region: EDGE_REGION,
          label: rule,
          ...sum,
        }),
    );
    const perFunction = (metric: (fn: lambda.IFunction) => cloudwatch.IMetric) => Object.values(props.functions).map(metric);
    const graph = (title: string, left: cloudwatch.IMetric[], right: cloudwatch.IMetric[] = []) =>
      new cloudwatch.GraphWidget({ title, left, right, width: 8, height: 6 });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(3),
      widgets: [
        [new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: 24, height: 3 })],
        [
          graph('Edge: requests (CloudFront)', [edge('Requests', distribution)], [edge('5xxErrorRate', distribution, cloudwatch.Stats.AVERAGE)]),
          graph('Edge: requests blocked by WAF, per rule (429)', blocked),
          graph('API: requests and errors', [props.stage.metricCount(sum)], [props.stage.metricClientError(sum), props.stage.metricServerError(sum)]),
        ],
        [
          graph('Moves accepted and commit races', [serviceMetric(METRIC.movesAccepted, sum)], [serviceMetric(METRIC.conflicts, sum)]),
          graph('Moves refused, by problem code', [movesRejectedByCode(PERIOD)]),
          graph('Failures: 5xx, 503 store-unavailable, 429 from the function', [
            serviceMetric(METRIC.serverErrors, sum),
            serviceMetric(METRIC.storeUnavailable, sum),
            serviceMetric(METRIC.rateLimited, sum),
          ]),
        ],
        [
          graph('Deadline timer lag (s): max and p99', [
            serviceMetric(METRIC.timerLag, { period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
            serviceMetric(METRIC.timerLag, { period: PERIOD, statistic: cloudwatch.Stats.p(99) }),
          ]),
          graph(
            'Dead letters waiting',
            props.deadLetters.map((queue) => queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM })),
          ),
          graph('API latency p99 (ms)', [props.stage.metricLatency({ period: PERIOD, statistic: cloudwatch.Stats.p(99) })]),
        ],
        [
          graph(
            'Functions: errors and throttles',
            perFunction((fn) => fn.metricErrors(sum)),
            perFunction((fn) => fn.metricThrottles(sum)),
          ),
          graph(
            'Functions: duration p99 (ms)',
            perFunction((fn) => fn.metricDuration({ period: PERIOD, statistic: cloudwatch.Stats.p(99) })),
          ),
          graph(
            'Functions: concurrent executions',
            perFunction((fn) => fn.metric('ConcurrentExecutions', { period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM })),
          ),
        ],
        [
          graph(
            "Deliveries: event age in Lambda's queue (max, ms) and events given up",
            [props.deliveries.metric('AsyncEventAge', { period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM })],
            [props.deliveries.metric('AsyncEventsDropped', sum)],
          ),
        ],
      ],
    });
  }
}

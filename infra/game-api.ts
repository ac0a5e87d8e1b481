import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LOG_RETENTION } from './service-function.js';

/** One JSON line per request, with HTTP API context variables (the CDK default is REST's). */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTimeEpoch',
    ip: '$context.identity.sourceIp',
    method: '$context.httpMethod',
    path: '$context.path',
    status: '$context.status',
    bytes: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);

/** Per-stage limits: steady requests per second and the burst above it. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

export interface GameApiProps {
  /** The Lambda holding the Hono app; it routes every path itself. */
  readonly handler: lambda.IFunction;
  readonly corsOrigins: readonly string[];
}

/**
 * The public HTTP API: one catch-all route to the Hono app (payload v2),
 * which owns routing, validation and bearer-token auth. API Gateway adds
 * throttling, CORS preflight and access logs.
 */
export class GameApi extends Construct {
  readonly api: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: GameApiProps) {
    super(scope, id);

    this.api = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Asynchronous card games: REST API',
      defaultIntegration: new HttpLambdaIntegration('App', props.handler, {
        payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
      }),
      // The stage below carries the throttling and access logs the default stage cannot.
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [...props.corsOrigins],
        allowMethods: [apigw.CorsHttpMethod.GET, apigw.CorsHttpMethod.POST, apigw.CorsHttpMethod.OPTIONS],
        allowHeaders: ['authorization', 'content-type', 'idempotency-key', 'if-match'],
        exposeHeaders: ['etag'],
        maxAge: Duration.hours(1),
      },
    });

    Validations.of(this.api.node.findChild('DefaultRoute')).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'The app authenticates requests itself with per-seat bearer tokens, and some routes (sign-up, OpenAPI, docs) are public by design.',
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(this.accessLogs), format: ACCESS_LOG_FORMAT },
    });
  }

  /** The base URL clients call. */
  get url(): string {
    return this.stage.url;
  }
}

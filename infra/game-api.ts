import { RemovalPolicy, Validations } from 'aws-cdk-lib';
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
  /** The Lambda holding the Hono app; it routes every path itself, CORS preflights included. */
  readonly handler: lambda.IFunction;
}

/**
 * The HTTP API behind the CloudFront distribution: one catch-all route to the
 * Hono app (payload v2), which owns routing, validation, bearer-token auth
 * and CORS (allowed origins from its CORS_ORIGINS, exactly as locally; API
 * Gateway's own CORS would override the app's headers). API Gateway adds
 * throttling and access logs.
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

  /** The API's own base URL (CloudFront's origin). */
  get url(): string {
    return this.stage.url;
  }
}

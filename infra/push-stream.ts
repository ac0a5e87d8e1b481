import { ArnFormat, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { COMMIT_PREFIX, HEAD_SK, SEEK_POOL_PREFIX } from '../functions/store/dynamo-items.js';
import { Deliveries } from './deliveries.js';
import { LOG_RETENTION, ServiceFunction } from './service-function.js';
import { deadLetterQueue, type Timers } from './timers.js';

/**
 * What push does to the table beyond the game store's reads and puts: deletes (tickets, connections, the local agenda's timers),
 * batch writes (notifications, connections) and updates (a connection's games).
 */
export const PUSH_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:UpdateItem',
] as const;

/** Per-stage limits of the WebSocket API: new connections and messages per second, and the burst above. */
export const STREAM_THROTTLE = { rateLimit: 20, burstLimit: 40 } as const;

export interface PushStreamProps {
  readonly table: dynamodb.TableV2;
  readonly projectRoot: string;
  readonly websocketEntry: string;
  /** The push function's source: the table's stream consumer (timers and notifications, at once). */
  readonly pushEntry: string;
  /** The delivery function's source: the outbox invokes it. */
  readonly deliverEntry: string;
  /** Where each commit's deadline, each pool's pass, push's reminders and webhook retries are scheduled. */
  readonly timers: Timers;
}

/**
 * Push on AWS: an API Gateway WebSocket API whose `$connect` burns a stream
 * ticket and stores the connection, `$disconnect` removes it and `$default`
 * answers subscribe/ping; and the push function, the table's one DynamoDB
 * Streams consumer, which keeps each durable commit's timers (its deadline's
 * schedule, and a new seek's pool pass: infra/timers.ts, the timer function
 * fires them) as it turns the commit into notifications, fans them out
 * through the Management API, hands webhook deliveries to the outbox
 * (infra/deliveries.ts: the delivery function, invoked asynchronously,
 * attempts them) and plans reminders as timers. A waiting client costs
 * connection-minutes, never a Lambda.
 */
export class PushStream extends Construct {
  readonly api: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;
  readonly connections: ServiceFunction;
  readonly push: ServiceFunction;
  /** The outbox: the delivery function, invoked asynchronously, and its dead letters. */
  readonly deliveries: Deliveries;
  /** Stream records the push function could not handle after its retries (their timers, their notifications). */
  readonly deadLetters: sqs.Queue;
  /** `wss://…/live`, what stream tickets point at. */
  readonly streamUrl: string;
  /** `https://…/live`, where messages to connections are posted (the Management API). */
  readonly streamEndpoint: string;
  private readonly connectionsArn: string;
  private readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: PushStreamProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.table = props.table;
    const tableEnvironment = { TABLE_NAME: props.table.tableName };

    this.connections = new ServiceFunction(this, 'Connections', {
      entry: props.websocketEntry,
      projectRoot: props.projectRoot,
      description: 'the WebSocket routes of the live stream',
      memorySize: 512,
      timeout: Duration.seconds(10),
      environment: tableEnvironment,
    });
    const integration = new WebSocketLambdaIntegration('Connections', this.connections.fn);
    this.api = new apigw.WebSocketApi(this, 'WebSocketApi', {
      description: 'Asynchronous card games: the live stream',
      connectRouteOptions: { integration },
      disconnectRouteOptions: { integration },
      defaultRouteOptions: { integration },
    });
    for (const route of ['$connect', '$disconnect', '$default'])
      Validations.of(this.api.node.findChild(`${route}-Route`)).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          '$connect checks and burns a one-time stream ticket itself (browsers cannot send an Authorization header); later frames belong to that authenticated connection.',
      });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new apigw.WebSocketStage(this, 'Stage', { webSocketApi: this.api, stageName: 'live', autoDeploy: true, throttle: STREAM_THROTTLE });
    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    cfnStage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        time: '$context.requestTimeEpoch',
        ip: '$context.identity.sourceIp',
        route: '$context.routeKey',
        event: '$context.eventType',
        connectionId: '$context.connectionId',
        status: '$context.status',
      }),
    };
    this.streamUrl = `wss://${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${this.stage.stageName}`;
    this.streamEndpoint = `https://${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${this.stage.stageName}`;
    this.connectionsArn = stack.formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${this.stage.stageName}/POST/@connections/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });

    this.deadLetters = deadLetterQueue(this, 'DeadLetters');
    this.push = new ServiceFunction(this, 'Push', {
      entry: props.pushEntry,
      projectRoot: props.projectRoot,
      description: 'push: the stream consumer (deadline timers and automatch passes, with notifications, stream fan-out, webhooks and reminders)',
      memorySize: 512,
      // A batch of commits, each scheduled, read, stored and fanned out; no webhook is attempted here (the delivery function does).
      timeout: Duration.seconds(60),
      environment: { ...tableEnvironment, STREAM_ENDPOINT: this.streamEndpoint, ...props.timers.environment },
    });
    // Deadlines, pool passes and reminders.
    props.timers.grantScheduling(this.push);
    this.grantChannels(this.connections);
    this.grantChannels(this.push);

    this.deliveries = new Deliveries(this, 'Deliveries', {
      entry: props.deliverEntry,
      projectRoot: props.projectRoot,
      environment: { ...tableEnvironment, STREAM_ENDPOINT: this.streamEndpoint, ...props.timers.environment },
    });
    // A delivery that fails plans its retry (a timer); one that disables a webhook tells its owner on every channel.
    props.timers.grantScheduling(this.deliveries.fn);
    this.grantChannels(this.deliveries.fn);
    this.deliveries.grantEnqueue(this.push);

    this.push.fn.addEventSource(
      new DynamoEventSource(props.table, {
        // From the oldest record kept: a consumer deployed or paused late still schedules every deadline.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 25,
        maxBatchingWindow: Duration.seconds(0),
        // The first record failed is reported, and retried with what follows it; a poison record is isolated and set aside.
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: 10,
        maxRecordAge: Duration.hours(6),
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          // New commits and snapshots (`C#…`): the consumer skips the snapshots itself.
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { sk: { S: lambda.FilterRule.beginsWith(COMMIT_PREFIX) } } },
          }),
          // New seeks in an automatch pool (`SEEKS#…`), whose pool's pass it arms (push tells nothing of them).
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { pk: { S: lambda.FilterRule.beginsWith(SEEK_POOL_PREFIX) } } },
          }),
          // A header rewritten: a seat taken is told from the header its own write stored (a few writes a game; the rest tell nothing).
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('MODIFY'),
            dynamodb: { NewImage: { sk: { S: lambda.FilterRule.isEqual(HEAD_SK) } } },
          }),
        ],
      }),
    );
  }

  /** Lets a function keep push's records beside the games and post to the stream's connections (connections, push, the timer function). */
  grantChannels(fn: ServiceFunction): void {
    const stack = Stack.of(this);
    // cdk-nag writes a concrete region as is, an unresolved one as its pseudo parameter.
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...PUSH_TABLE_ACTIONS], resources: [this.table.tableArn] }));
    fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [this.connectionsArn] }));
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:${region}:<AWS::AccountId>:<${stack.getLogicalId(this.api.node.defaultChild as apigw.CfnApi)}>/live/POST/@connections/*]`,
      reason: 'Connection ids are known only at run time; the wildcard covers posting to connections of this stage of this API only.',
    });
  }
}

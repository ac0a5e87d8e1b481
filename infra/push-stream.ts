import { ArnFormat, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { COMMIT_PREFIX } from '../functions/store/dynamo-items.js';
import { ANNOUNCED_TYPES } from '../functions/notifications/announcements.js';
import { NOTIFICATION_PREFIX } from '../functions/notifications/keys.js';
import { LOG_RETENTION, ServiceFunction } from './service-function.js';

const SCHEDULER_SERVICE = 'scheduler.amazonaws.com';

/**
 * What push does to the table beyond the game store's reads and puts: deletes (tickets, connections, timers),
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
  readonly pushEntry: string;
}

/**
 * Push on AWS: an API Gateway WebSocket API whose `$connect` burns a stream
 * ticket and stores the connection, `$disconnect` removes it and `$default`
 * answers subscribe/ping; and a second DynamoDB Streams consumer that turns
 * each durable commit into notifications, fans them out through the
 * Management API, queues webhook deliveries and plans reminders on its own
 * Scheduler group. A waiting client costs connection-minutes, never a Lambda.
 */
export class PushStream extends Construct {
  readonly api: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;
  readonly connections: ServiceFunction;
  readonly push: ServiceFunction;
  readonly group: scheduler.CfnScheduleGroup;
  readonly schedulerRole: iam.Role;
  readonly deadLetters: sqs.Queue;
  /** `wss://…/live`, what stream tickets point at. */
  readonly streamUrl: string;

  constructor(scope: Construct, id: string, props: PushStreamProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // cdk-nag writes a concrete region as is, an unresolved one as its pseudo parameter.
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
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
    const connectionsArn = stack.formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${this.stage.stageName}/POST/@connections/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });

    this.group = new scheduler.CfnScheduleGroup(this, 'Group', {});
    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter queue (of push timers and the push stream mapping), which no SQS redrive policy shows.',
    });
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'Assumed by the Scheduler service (push group) to invoke the push function: reminders, webhook retries',
      assumedBy: new iam.ServicePrincipal(SCHEDULER_SERVICE).withConditions({
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnEquals: { 'aws:SourceArn': this.group.attrArn },
      }),
    });
    this.deadLetters.grantSendMessages(this.schedulerRole);

    this.push = new ServiceFunction(this, 'Push', {
      entry: props.pushEntry,
      projectRoot: props.projectRoot,
      description: 'push: notifications from durable commits, stream fan-out, webhooks and reminders',
      memorySize: 512,
      // A batch of commits, each with webhook first attempts of up to 5 s.
      timeout: Duration.seconds(120),
      environment: {
        ...tableEnvironment,
        STREAM_ENDPOINT: `https://${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${this.stage.stageName}`,
        PUSH_SCHEDULE_GROUP: this.group.ref,
        PUSH_SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
        PUSH_DLQ_ARN: this.deadLetters.queueArn,
      },
    });
    this.schedulerRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.push.fn.functionArn] }));

    for (const fn of [this.connections, this.push]) {
      fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...PUSH_TABLE_ACTIONS], resources: [props.table.tableArn] }));
      fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connectionsArn] }));
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:${region}:<AWS::AccountId>:<${stack.getLogicalId(this.api.node.defaultChild as apigw.CfnApi)}>/live/POST/@connections/*]`,
        reason: 'Connection ids are known only at run time; the wildcard covers posting to connections of this stage of this API only.',
      });
    }
    this.push.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
        resources: [
          stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${this.group.ref}/*`, arnFormat: ArnFormat.SLASH_RESOURCE_NAME }),
        ],
      }),
    );
    Validations.of(this.push.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:${region}:<AWS::AccountId>:schedule/<${stack.getLogicalId(this.group)}>/*]`,
      reason: "Schedules are named per timer at run time; the wildcard covers schedules of push's own group only.",
    });
    this.push.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': SCHEDULER_SERVICE } },
      }),
    );

    this.push.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 25,
        maxBatchingWindow: Duration.seconds(0),
        reportBatchItemFailures: true,
        retryAttempts: 10,
        maxRecordAge: Duration.hours(6),
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { sk: { S: lambda.FilterRule.beginsWith(COMMIT_PREFIX) } } },
          }),
          // Notifications no commit carries (a seat taken) reach the channels from their own items.
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: {
              NewImage: { sk: { S: lambda.FilterRule.beginsWith(NOTIFICATION_PREFIX) }, t: { S: lambda.FilterRule.or(...ANNOUNCED_TYPES) } },
            },
          }),
        ],
      }),
    );
  }
}

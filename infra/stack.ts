import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { alarmOnAny, maxOver, sumOver } from './alarms.js';
import { readConfig } from './config.js';
import { DeadlineTimers } from './deadline-timers.js';
import { GameApi } from './game-api.js';
import { GameTable } from './game-table.js';
import { PUSH_TABLE_ACTIONS, PushStream } from './push-stream.js';
import { ServiceFunction } from './service-function.js';

/** The repository root: package-lock.json, node_modules and the handler sources. */
export const PROJECT_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** The Lambda entry points, each exporting `handler`. */
export const HANDLER_ENTRIES = {
  /** The Hono app behind the HTTP API (payload v2). */
  http: join(PROJECT_ROOT, 'functions/lambda/http.ts'),
  /** Invoked by EventBridge Scheduler with `{gameId, seq, pendingId}`. */
  timer: join(PROJECT_ROOT, 'functions/lambda/timer.ts'),
  /** The DynamoDB Streams consumer that schedules new deadlines. */
  stream: join(PROJECT_ROOT, 'functions/lambda/stream.ts'),
  /** The live stream's WebSocket routes. */
  websocket: join(PROJECT_ROOT, 'functions/lambda/websocket.ts'),
  /** Push: the second stream consumer (notifications, fan-out, webhooks, reminders) and push timers' target. */
  push: join(PROJECT_ROOT, 'functions/lambda/push.ts'),
} as const;

/** The whole service: table, functions, HTTP API, deadline timers, alarms. */
export class ServiceStack extends Stack {
  readonly table: GameTable;
  readonly api: GameApi;
  readonly timers: DeadlineTimers;
  readonly push: PushStream;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    const config = readConfig(this.node);

    this.table = new GameTable(this, 'Games', { deletionProtection: config.deletionProtection });
    const storeEnvironment = { TABLE_NAME: this.table.table.tableName };

    const http = new ServiceFunction(this, 'Http', {
      entry: HANDLER_ENTRIES.http,
      projectRoot: PROJECT_ROOT,
      description: 'the HTTP API (Hono)',
      // More memory is more CPU: a faster cold start and engine time per move.
      memorySize: 1024,
      // Just under API Gateway's 30 s integration limit, above the 25 s long-poll.
      timeout: Duration.seconds(29),
      environment: storeEnvironment,
    });
    this.table.grantStoreAccess(http.role);

    const timer = new ServiceFunction(this, 'Timer', {
      entry: HANDLER_ENTRIES.timer,
      projectRoot: PROJECT_ROOT,
      description: 'the deadline timer',
      memorySize: 512,
      // An early firing waits up to 65 s in-process for its deadline (functions/lambda/timer.ts).
      timeout: Duration.seconds(90),
      environment: storeEnvironment,
    });
    this.table.grantStoreAccess(timer.role);

    this.timers = new DeadlineTimers(this, 'Deadlines', {
      table: this.table.table,
      timer: timer.fn,
      streamEntry: HANDLER_ENTRIES.stream,
      projectRoot: PROJECT_ROOT,
    });

    this.api = new GameApi(this, 'Api', { handler: http.fn, corsOrigins: config.corsOrigins });

    this.push = new PushStream(this, 'Push', {
      table: this.table.table,
      projectRoot: PROJECT_ROOT,
      websocketEntry: HANDLER_ENTRIES.websocket,
      pushEntry: HANDLER_ENTRIES.push,
    });
    // The HTTP API issues stream tickets for the WebSocket stage, and deletes webhooks (tickets, subscriptions).
    http.fn.addEnvironment('STREAM_URL', this.push.streamUrl);
    http.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: PUSH_TABLE_ACTIONS.filter((a) => a === 'dynamodb:DeleteItem'), resources: [this.table.table.tableArn] }),
    );

    alarmOnAny(this, 'Api5xxAlarm', this.api.stage.metricServerError(sumOver), 'The API answered 5xx');
    for (const [name, service] of Object.entries({ Http: http, Timer: timer, StreamConsumer: this.timers.consumer })) {
      alarmOnAny(this, `${name}ThrottlesAlarm`, service.fn.metricThrottles(sumOver), `${name} function throttled`);
    }
    alarmOnAny(this, 'TimerErrorsAlarm', timer.fn.metricErrors(sumOver), 'The deadline timer failed');
    // Records it fails one by one are retried, then land in the stream dead letters (alarmed below).
    alarmOnAny(this, 'StreamConsumerErrorsAlarm', this.timers.consumer.fn.metricErrors(sumOver), 'The stream consumer failed a whole batch');
    const deadLetters = [
      ['TimerDeadLettersAlarm', this.timers.timerDeadLetters, 'A deadline timer was never delivered (lazy expiry still closes the window on the next request)'],
      ['StreamDeadLettersAlarm', this.timers.streamDeadLetters, 'A deadline could not be scheduled (lazy expiry still closes the window on the next request)'],
    ] as const;
    for (const [id, queue, description] of deadLetters) {
      alarmOnAny(this, id, queue.metricApproximateNumberOfMessagesVisible(maxOver), description);
    }

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'Base URL of the REST API' });
    new CfnOutput(this, 'TableName', { value: this.table.table.tableName, description: 'The game table' });
  }
}

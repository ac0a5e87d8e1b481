import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { EDGE_HEADER } from '../functions/lambda/edge-origin.js';
import { METRIC } from '../functions/lambda/telemetry-names.js';
import { AlarmTopic } from './alarm-topic.js';
import { alarmAbove, alarmOnAny, maxOver, sumOver } from './alarms.js';
import type { ServiceConfig } from './config.js';
import { ServiceDashboard } from './dashboard.js';
import { ServiceDistribution } from './distribution.js';
import { EdgeSecret } from './edge-secret.js';
import type { EdgeFirewallStack } from './edge-firewall.js';
import { GameApi } from './game-api.js';
import { GameTable } from './game-table.js';
import { Mail } from './mail.js';
import { PUSH_TABLE_ACTIONS, PushStream } from './push-stream.js';
import { ServiceFunction } from './service-function.js';
import { serviceMetric } from './service-metrics.js';
import { Timers } from './timers.js';
import { WebClient } from './web-client.js';

/** The repository root: package-lock.json, node_modules and the handler sources. */
export const PROJECT_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** The Lambda entry points, each exporting `handler`. */
export const HANDLER_ENTRIES = {
  /** The Hono app behind the HTTP API (payload v2). */
  http: join(PROJECT_ROOT, 'functions/lambda/http.ts'),
  /** Invoked by EventBridge Scheduler with every timer's payload: a deadline, a reminder or a webhook retry. */
  timer: join(PROJECT_ROOT, 'functions/lambda/timer.ts'),
  /** The live stream's WebSocket routes. */
  websocket: join(PROJECT_ROOT, 'functions/lambda/websocket.ts'),
  /** Push: the table's one stream consumer (deadline timers and automatch passes, with notifications, fan-out, webhooks, reminders). */
  push: join(PROJECT_ROOT, 'functions/lambda/push.ts'),
  /** Deliveries: invoked asynchronously by the outbox (webhook, browser push and e-mail attempts, first and retries). */
  deliver: join(PROJECT_ROOT, 'functions/lambda/deliver.ts'),
  /** SES's bounce and complaint events, from EventBridge (only where the stack mails: context `mailFrom`). */
  emailEvents: join(PROJECT_ROOT, 'functions/lambda/email-events.ts'),
} as const;

/** What the HTTP function does to push's records beyond the store's calls: deletes (webhooks, a ticket's place) and the webhook count's updates. */
export const HTTP_PUSH_ACTIONS: readonly string[] = ['dynamodb:DeleteItem', 'dynamodb:UpdateItem'];

/**
 * Deliveries waiting longer than this in Lambda's queue means the delivery function's reserved concurrency is not
 * keeping up: a retry after a failure waits one to two minutes, a throttled event a few.
 */
export const DELIVERY_EVENT_AGE_ALARM_SECONDS = 600;

/** A deadline resolved more than this late means the timers are not keeping up (Scheduler fires within a minute). */
export const TIMER_LAG_ALARM_SECONDS = 120;

export interface ServiceStackProps extends StackProps {
  readonly config: ServiceConfig;
  /** The web ACL in us-east-1 that the distribution uses. */
  readonly firewall: EdgeFirewallStack;
}

/** The whole service but its web ACL: table, functions, HTTP API and web client behind CloudFront, timers, dashboard, alarms. */
export class ServiceStack extends Stack {
  readonly table: GameTable;
  readonly api: GameApi;
  readonly distribution: ServiceDistribution;
  readonly web: WebClient;
  readonly timers: Timers;
  readonly push: PushStream;
  readonly alarmTopic: AlarmTopic;
  /** SES and its bounce handling, where the stack mails (context `mailFrom`). */
  readonly mail: Mail | null;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const { config, firewall } = props;

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
      // The app answers CORS itself, for these origins (comma-separated; `*` for any).
      environment: { ...storeEnvironment, CORS_ORIGINS: config.corsOrigins.join(',') },
      // Its share of the account's concurrency, and its cap: waiting long-polls cannot starve the timer and push functions.
      reservedConcurrency: config.httpConcurrency,
    });
    this.table.grantStoreAccess(http.role);

    const timer = new ServiceFunction(this, 'Timer', {
      entry: HANDLER_ENTRIES.timer,
      projectRoot: PROJECT_ROOT,
      description: 'the timers: deadlines, reminders and webhook retries',
      memorySize: 512,
      // An early deadline firing waits up to 65 s in-process for its deadline (functions/lambda/timer.ts).
      timeout: Duration.seconds(90),
      environment: storeEnvironment,
    });
    this.table.grantStoreAccess(timer.role);

    // Its id is the one it had when it held deadlines only: see infra/timers.ts.
    this.timers = new Timers(this, 'Deadlines', { target: timer });

    this.api = new GameApi(this, 'Api', { handler: http.fn });
    this.web = new WebClient(this, 'Web', { projectRoot: PROJECT_ROOT });
    this.push = new PushStream(this, 'Push', {
      table: this.table.table,
      projectRoot: PROJECT_ROOT,
      websocketEntry: HANDLER_ENTRIES.websocket,
      pushEntry: HANDLER_ENTRIES.push,
      deliverEntry: HANDLER_ENTRIES.deliver,
      timers: this.timers,
    });
    // A webhook retry's timer hands the delivery to the outbox again.
    this.push.deliveries.grantEnqueue(timer);
    // A reminder or a webhook retry firing is delivered like any notification: to connections and webhooks.
    this.push.grantChannels(timer);
    timer.fn.addEnvironment('STREAM_ENDPOINT', this.push.streamEndpoint);

    // The execute-api addresses are no way around the WAF limits: CloudFront adds this secret header to each
    // request to either API and their functions refuse any request without it (functions/lambda/edge-origin.ts).
    const edgeSecret = new EdgeSecret(this, 'EdgeSecret', { versions: config.edgeSecretVersions });
    for (const fn of [http.fn, this.push.connections.fn]) edgeSecret.acceptIn(fn);
    this.distribution = new ServiceDistribution(this, 'Edge', {
      api: this.api.api,
      stream: { api: this.push.api, stageName: this.push.stage.stageName },
      apiOriginHeaders: { [EDGE_HEADER]: edgeSecret.sent },
      app: this.web.behavior,
      webAclArn: firewall.webAcl.attrArn,
    });
    this.web.deployTo(this.distribution.distribution);

    // The HTTP API issues stream tickets for the stream behind CloudFront, and deletes webhooks (tickets, subscriptions); it counts webhooks (an update).
    http.fn.addEnvironment('STREAM_URL', this.distribution.streamUrl);
    // Passkeys are bound to the distribution's host name (the relying party) and its origin (functions/service/relying-party.ts).
    http.fn.addEnvironment('APP_URL', this.distribution.url);
    // Chat-app webhook messages (recorded by the push consumer) link to the tables on the distribution.
    this.push.push.fn.addEnvironment('APP_URL', this.distribution.url);
    http.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: PUSH_TABLE_ACTIONS.filter((a) => HTTP_PUSH_ACTIONS.includes(a)), resources: [this.table.table.tableArn] }),
    );

    // Browser push's VAPID key pair derives from this seed (functions/push/webpush/vapid.ts), generated once by Secrets Manager.
    // The API reads it to publish the public key, the delivery function to sign; the push and timer functions are told of it
    // only to record push deliveries (they never read it). The push messages' VAPID subject is the distribution's origin.
    const vapidSeed = new secretsmanager.Secret(this, 'VapidSeed', {
      description: 'The seed of the VAPID key pair (RFC 8292) every browser push message is signed with; browsers subscribe with its public key',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(vapidSeed).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Every browser subscription is bound to the VAPID public key: a rotation would silently end every subscription, so the seed is kept, not rotated.',
    });
    for (const fn of [http.fn, timer.fn, this.push.push.fn, this.push.deliveries.fn.fn]) fn.addEnvironment('VAPID_SECRET_ARN', vapidSeed.secretArn);
    vapidSeed.grantRead(http.fn);
    vapidSeed.grantRead(this.push.deliveries.fn.fn);
    this.push.deliveries.fn.fn.addEnvironment('APP_URL', this.distribution.url);

    this.mail = config.mailFrom === null ? null : this.addMail(config.mailFrom, { http, timer });

    alarmOnAny(this, 'Api5xxAlarm', this.api.stage.metricServerError(sumOver), 'The API answered 5xx');
    const functions = {
      Http: http.fn,
      Timer: timer.fn,
      Push: this.push.push.fn,
      StreamConnections: this.push.connections.fn,
      Deliveries: this.push.deliveries.fn.fn,
      ...(this.mail ? { EmailEvents: this.mail.events.fn } : {}),
    };
    for (const [name, fn] of Object.entries(functions)) {
      // The delivery function is throttled by design past its reserved concurrency (its events wait in Lambda's queue):
      // what is worth a look there is how long they wait (DeliveryEventAgeAlarm).
      if (fn === this.push.deliveries.fn.fn) continue;
      alarmOnAny(this, `${name}ThrottlesAlarm`, fn.metricThrottles(sumOver), `${name} function throttled`);
    }
    const { GET_ITEM, PUT_ITEM, QUERY, TRANSACT_WRITE_ITEMS } = dynamodb.Operation;
    alarmOnAny(
      this,
      'TableThrottlesAlarm',
      this.table.table.metricThrottledRequestsForOperations({ operations: [GET_ITEM, PUT_ITEM, QUERY, TRANSACT_WRITE_ITEMS], ...sumOver }),
      'The game table throttled requests',
    );
    alarmOnAny(this, 'TimerErrorsAlarm', timer.fn.metricErrors(sumOver), 'A timer firing failed (a deadline, a reminder or a webhook retry)');
    alarmAbove(
      this,
      'TimerLagAlarm',
      serviceMetric(METRIC.timerLag, maxOver),
      TIMER_LAG_ALARM_SECONDS,
      `A deadline was resolved by its timer more than ${TIMER_LAG_ALARM_SECONDS} s late`,
    );
    // The records it fails are retried, then land in push's dead letters (alarmed below).
    alarmOnAny(this, 'PushErrorsAlarm', this.push.push.fn.metricErrors(sumOver), 'The push function (the stream consumer) failed a whole batch');
    const deliveries = this.push.deliveries.fn.fn;
    // A failed invocation is run again by Lambda (its deliveries already recorded do nothing the second time).
    alarmOnAny(this, 'DeliveryErrorsAlarm', deliveries.metricErrors(sumOver), "A delivery invocation failed: a message's handling did (the store away)");
    // Events given up: sent to the dead letters after their retries or their age (alarmed below too), or lost if even that failed.
    alarmOnAny(
      this,
      'DeliveryEventsDroppedAlarm',
      deliveries.metric('AsyncEventsDropped', sumOver),
      'Delivery invocations were given up after their retries or age',
    );
    alarmAbove(
      this,
      'DeliveryEventAgeAlarm',
      deliveries.metric('AsyncEventAge', maxOver),
      DELIVERY_EVENT_AGE_ALARM_SECONDS * 1000,
      `Deliveries waited more than ${DELIVERY_EVENT_AGE_ALARM_SECONDS / 60} minutes in Lambda's queue: the delivery function's concurrency is not keeping up`,
    );
    const deadLetters = [
      [
        'TimerDeadLettersAlarm',
        this.timers.timerDeadLetters,
        'A timer never got through: a deadline (lazy expiry still closes its window on the next request), a reminder or a webhook retry',
      ],
      [
        'PushDeadLettersAlarm',
        this.push.deadLetters,
        "A stream record was dropped after the push function's retries: a commit's deadline schedule (lazy expiry still closes the window on the next request) and notifications, or a seek's pool pass (the sweep makes it good)",
      ],
      [
        'DeliveryDeadLettersAlarm',
        this.push.deliveries.deadLetters,
        "A delivery invocation was set aside after Lambda's retries or past its age (the store failing, or deliveries waiting too long)",
      ],
      ...(this.mail
        ? [['EmailEventDeadLettersAlarm', this.mail.deadLetters, 'A bounce or complaint could not be recorded: its address may still be mailed'] as const]
        : []),
    ] as const;
    for (const [id, queue, description] of deadLetters) {
      alarmOnAny(this, id, queue.metricApproximateNumberOfMessagesVisible(maxOver), description);
    }

    this.alarmTopic = new AlarmTopic(this, 'Alarms', { email: config.alarmEmail });
    this.alarmTopic.notifyAll(this);

    new ServiceDashboard(this, 'Dashboard', {
      stage: this.api.stage,
      functions,
      deadLetters: deadLetters.map(([, queue]) => queue),
      deliveries,
      distributionId: this.distribution.distribution.distributionId,
      webAcl: { name: firewall.webAclName, rules: firewall.ruleNames },
      alarms: this.node.findAll().filter((c): c is cloudwatch.Alarm => c instanceof cloudwatch.Alarm),
    });

    new CfnOutput(this, 'ApiUrl', {
      value: this.distribution.url,
      description: 'Base URL of the REST API and the web client (CloudFront, behind the WAF limits)',
    });
    new CfnOutput(this, 'TableName', { value: this.table.table.tableName, description: 'The game table' });
  }

  /**
   * E-mail from `from`: SES and its bounce handling; every function that
   * queues a delivery is told who mail is from (the push and timer
   * functions: notices and digests), the delivery function sends (its links,
   * signed as it sends, point at APP_URL: the distribution, which serves the
   * API too), and the HTTP function queues confirmations in the outbox and
   * plans digests on the timers.
   */
  private addMail(from: string, { http, timer }: { readonly http: ServiceFunction; readonly timer: ServiceFunction }): Mail {
    const mail = new Mail(this, 'Mail', { from, table: this.table, projectRoot: PROJECT_ROOT, eventsEntry: HANDLER_ENTRIES.emailEvents });
    for (const fn of [http, timer, this.push.push, this.push.deliveries.fn]) fn.fn.addEnvironment('MAIL_FROM', `Valeria Tabletop <${from}>`);
    mail.grantSend(this.push.deliveries.fn);
    this.push.deliveries.grantEnqueue(http);
    this.timers.grantScheduling(http);
    for (const [name, value] of Object.entries(this.timers.environment)) http.fn.addEnvironment(name, value);
    new CfnOutput(this, 'MailIdentity', {
      value: mail.identity.emailIdentityName,
      description: 'The SES identity mail is sent from: publish its DKIM records (SES console) and leave the SES sandbox before players are mailed',
    });
    return mail;
  }
}

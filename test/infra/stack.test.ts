import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { DynamoDBClient, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import openapi from '../../api-spec/openapi.json' with { type: 'json' };
import { EDGE_HEADER, EDGE_PREVIOUS_SECRET_ENV, EDGE_SECRET_ENV } from '../../functions/lambda/edge-origin.js';
import { METRIC, TELEMETRY } from '../../functions/lambda/telemetry-names.js';
import { CACHE_CONTROL } from '../../functions/local/web-app.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';
import { readTimerPayload } from '../../functions/timers/port.js';
import { API_PATH_PATTERNS, STREAM_PATH_PATTERN, streamPathFunctionCode } from '../../infra/distribution.js';
import { DELIVERY_INVOCATIONS } from '../../infra/deliveries.js';
import { API_THROTTLE } from '../../infra/game-api.js';
import { STORE_INDEX_ACTIONS, STORE_TABLE_ACTIONS } from '../../infra/game-table.js';
import { PUSH_TABLE_ACTIONS } from '../../infra/push-stream.js';
import { defineService } from '../../infra/service-app.js';
import { DELIVERY_EVENT_AGE_ALARM_SECONDS, TIMER_LAG_ALARM_SECONDS } from '../../infra/stack.js';
import { PATHS_FUNCTION_FILE, REVALIDATED_PATHS } from '../../infra/web-client.js';

/**
 * Unit tests never bundle: an empty bundling-stacks list skips esbuild
 * (test/infra/bundle.test.ts bundles for real). CDK's built-in check of the
 * template against the CloudFormation schemas costs seconds, so only the
 * main template (`validated`) goes through it. The service runs in eu-west-1,
 * so its web ACL (us-east-1) arrives through a cross-region reference.
 */
function build(context: Record<string, unknown> = {}, validated = false) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context }, builtinCloudFormationValidation: validated });
  const { service, firewall } = defineService(app, { region: 'eu-west-1', names: { service: 'Service', firewall: 'Firewall' } });
  return { app, stack: service, firewall };
}

function synth(context: Record<string, unknown> = {}, validated = false): Template {
  return Template.fromStack(build(context, validated).stack);
}

/** CDK's own reader of cross-region references (a custom resource with its Lambda and role), not part of the service. */
const isCrossRegionReader = (logicalId: string, resource: { Type: string }) =>
  logicalId.startsWith('CustomCrossRegionExportReader') || resource.Type === 'Custom::CrossRegionExportReader';

/** CDK's providers behind the web client's bucket (emptying it on destroy; copying the build into it): their Lambdas and the provider's role. */
const isBucketProvider = (logicalId: string) => /^Custom(S3AutoDeleteObjects|CDKBucketDeployment)/.test(logicalId);

/** Secrets Manager version ids, as `put-secret-value` answers them. */
const NEW_VERSION = 'a1b2c3d4-5678-90ab-cdef-111111111111';
const OLD_VERSION = 'a1b2c3d4-5678-90ab-cdef-000000000000';

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown }>;

function logicalIdOf(template: Template, type: string, properties: Record<string, unknown>): string {
  const found = Object.keys(template.findResources(type, Object.keys(properties).length > 0 ? { Properties: properties } : {}));
  expect(found, `${type} matching ${JSON.stringify(properties)}`).toHaveLength(1);
  return found[0]!;
}

/** Every statement of every policy in the template: roles' inline policies and AWS::IAM::Policy documents. */
function allStatements(resources: Resources): Array<{ owner: string; statement: Record<string, unknown> }> {
  const out: Array<{ owner: string; statement: Record<string, unknown> }> = [];
  for (const [id, resource] of Object.entries(resources)) {
    const documents: unknown[] = [];
    if (resource.Type === 'AWS::IAM::Policy') documents.push(resource.Properties?.PolicyDocument);
    if (resource.Type === 'AWS::IAM::Role') {
      documents.push(resource.Properties?.AssumeRolePolicyDocument);
      for (const policy of (resource.Properties?.Policies as Array<{ PolicyDocument: unknown }> | undefined) ?? []) documents.push(policy.PolicyDocument);
    }
    for (const document of documents) {
      for (const statement of (document as { Statement?: Array<Record<string, unknown>> } | undefined)?.Statement ?? []) {
        out.push({ owner: id, statement });
      }
    }
  }
  return out;
}

/** A CloudFront path pattern as a regular expression: `*` is any run of characters (slashes too), `?` exactly one. */
function pathPattern(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+^$(){}|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replaceAll('*', '.*').replaceAll('?', '.')}$`);
}

const asList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The statements of the policy attached to one role. */
function policyOf(template: Template, roleId: string): Array<Record<string, unknown>> {
  const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } });
  return Object.values(policies).flatMap((policy) => policy.Properties.PolicyDocument.Statement as Array<Record<string, unknown>>);
}

function actionsOf(statements: Array<Record<string, unknown>>): string[] {
  return statements.flatMap((statement) => asList(statement.Action) as string[]).sort();
}

describe('service stack template', () => {
  let template: Template;
  let resources: Resources;
  let ids: {
    table: string;
    group: string;
    timerFn: string;
    httpFn: string;
    pushFn: string;
    schedulerRole: string;
    timerDlq: string;
    pushDlq: string;
    webBucket: string;
    deploymentRole: string;
  };

  beforeAll(() => {
    template = synth({}, true);
    // The service's own resources; CDK's cross-region reader is checked on its own below.
    resources = Object.fromEntries(
      Object.entries(template.toJSON().Resources as Resources).filter(([id, resource]) => !isCrossRegionReader(id, resource) && !isBucketProvider(id)),
    );
    const fn = (description: string) => logicalIdOf(template, 'AWS::Lambda::Function', { Description: description });
    ids = {
      table: logicalIdOf(template, 'AWS::DynamoDB::GlobalTable', {}),
      group: Object.keys(template.findResources('AWS::Scheduler::ScheduleGroup')).find((id) => id.startsWith('Deadlines'))!,
      httpFn: fn('the HTTP API (Hono)'),
      timerFn: fn('the timers: deadlines, reminders and webhook retries'),
      pushFn: logicalIdOf(template, 'AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^push:') }),
      schedulerRole: logicalIdOf(template, 'AWS::IAM::Role', { Description: Match.stringLikeRegexp('EventBridge Scheduler') }),
      timerDlq: Object.keys(resources).find((id) => id.includes('TimerDeadLetters') && resources[id]!.Type === 'AWS::SQS::Queue')!,
      pushDlq: Object.keys(resources).find((id) => id.startsWith('PushDeadLetters') && resources[id]!.Type === 'AWS::SQS::Queue')!,
      webBucket: logicalIdOf(template, 'AWS::S3::Bucket', {}),
      deploymentRole: logicalIdOf(template, 'AWS::IAM::Role', { Description: Match.stringLikeRegexp('built web client') }),
    };
  });

  const roleOf = (functionId: string) => (resources[functionId]!.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

  describe('table', () => {
    it('has the store keys, on-demand billing, PITR, TTL, a NEW_IMAGE stream, the active-games, leaderboards and open-games indexes', () => {
      template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
      template.hasResource('AWS::DynamoDB::GlobalTable', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: {
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          AttributeDefinitions: Match.arrayWith([
            { AttributeName: 'pk', AttributeType: 'S' },
            { AttributeName: 'sk', AttributeType: 'S' },
            { AttributeName: 'gsi1pk', AttributeType: 'S' },
            { AttributeName: 'gsi1sk', AttributeType: 'S' },
            { AttributeName: 'gsi2pk', AttributeType: 'S' },
            { AttributeName: 'gsi2sk', AttributeType: 'S' },
            { AttributeName: 'gsi3pk', AttributeType: 'S' },
            { AttributeName: 'gsi3sk', AttributeType: 'S' },
          ]),
          BillingMode: 'PAY_PER_REQUEST',
          TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
          StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
          GlobalSecondaryIndexes: [
            {
              IndexName: 'active-games',
              KeySchema: [
                { AttributeName: 'gsi1pk', KeyType: 'HASH' },
                { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'KEYS_ONLY' },
            },
            {
              IndexName: 'leaderboards',
              KeySchema: [
                { AttributeName: 'gsi2pk', KeyType: 'HASH' },
                { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
            {
              IndexName: 'open-games',
              KeySchema: [
                { AttributeName: 'gsi3pk', KeyType: 'HASH' },
                { AttributeName: 'gsi3sk', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          ],
          Replicas: [
            Match.objectLike({
              PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
              DeletionProtectionEnabled: true,
            }),
          ],
        },
      });
    });

    it('matches the table the store creates for DynamoDB Local, so both run against one layout', async () => {
      let created: CreateTableCommandInput | undefined;
      const recorder = {
        send: async (command: { input: unknown }) => {
          created = command.input as CreateTableCommandInput;
          throw new Error('recorded');
        },
      } as unknown as DynamoDBClient;
      await expect(new DynamoStore({ client: recorder, tableName: 'local' }).ensureTable()).rejects.toThrow('recorded');

      const table = resources[ids.table]!.Properties!;
      expect(table.KeySchema).toEqual(created!.KeySchema);
      expect(table.AttributeDefinitions).toEqual(expect.arrayContaining(created!.AttributeDefinitions!));
      expect(table.AttributeDefinitions).toHaveLength(created!.AttributeDefinitions!.length);
      expect(table.BillingMode).toBe(created!.BillingMode);
      expect(table.GlobalSecondaryIndexes).toEqual(created!.GlobalSecondaryIndexes);
    });

    it('drops deletion protection only when the context says so', () => {
      const unprotected = synth({ deletionProtection: 'false' });
      unprotected.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })],
      });
      expect(() => build({ deletionProtection: 'maybe' })).toThrow(/deletionProtection must be true or false/);
    });
  });

  describe('functions', () => {
    it('runs six functions on Node.js 22, arm64, each with its own log group kept a month', () => {
      const functions = Object.values(resources).filter((resource) => resource.Type === 'AWS::Lambda::Function') as Array<{ Properties: any }>;
      expect(functions).toHaveLength(5);
      for (const fn of functions) {
        expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
        expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
        const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref as string;
        expect(resources[logGroupId]).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } });
      }
      for (const logGroup of Object.values(template.findResources('AWS::Logs::LogGroup'))) {
        expect(logGroup.Properties.RetentionInDays).toBe(30);
      }
    });

    it('gives each function exactly the environment its code reads, Powertools included', () => {
      const variables = (id: string) => Object.keys((resources[id]!.Properties!.Environment as { Variables: object }).Variables).sort();
      const powertools = ['POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_SERVICE_NAME'];
      expect(variables(ids.httpFn)).toEqual([
        'APP_URL',
        'CORS_ORIGINS',
        EDGE_SECRET_ENV,
        'NODE_OPTIONS',
        ...powertools,
        'STREAM_URL',
        'TABLE_NAME',
        'VAPID_SECRET_ARN',
      ]);
      // The timer function targets itself (its own ARN would be a circular reference), delivers what reminders send and hands retries to the outbox.
      expect(variables(ids.timerFn)).toEqual([
        'DELIVERY_FUNCTION_NAME',
        'NODE_OPTIONS',
        ...powertools,
        'SCHEDULER_ROLE_ARN',
        'SCHEDULE_DLQ_ARN',
        'SCHEDULE_GROUP',
        'STREAM_ENDPOINT',
        'TABLE_NAME',
        'VAPID_SECRET_ARN',
      ]);
      // The push function schedules deadlines, pool passes and reminders for the timer function, and hands deliveries to the delivery function.
      expect(variables(ids.pushFn)).toEqual([
        'APP_URL',
        'DELIVERY_FUNCTION_NAME',
        'NODE_OPTIONS',
        ...powertools,
        'SCHEDULER_ROLE_ARN',
        'SCHEDULE_DLQ_ARN',
        'SCHEDULE_GROUP',
        'STREAM_ENDPOINT',
        'TABLE_NAME',
        'TIMER_FUNCTION_ARN',
        'VAPID_SECRET_ARN',
      ]);
      for (const fn of [ids.httpFn, ids.timerFn, ids.pushFn]) {
        expect(resources[fn]!.Properties!.Environment).toMatchObject({
          Variables: { POWERTOOLS_SERVICE_NAME: TELEMETRY.service, POWERTOOLS_METRICS_NAMESPACE: TELEMETRY.namespace },
        });
      }
      expect(resources[ids.pushFn]!.Properties!.Environment).toMatchObject({
        Variables: {
          SCHEDULE_GROUP: { Ref: ids.group },
          SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [ids.schedulerRole, 'Arn'] },
          TIMER_FUNCTION_ARN: { 'Fn::GetAtt': [ids.timerFn, 'Arn'] },
          SCHEDULE_DLQ_ARN: { 'Fn::GetAtt': [ids.timerDlq, 'Arn'] },
        },
      });
    });

    it('lets the timer outlast its in-process wait for an early firing, and the HTTP function fit API Gateway', () => {
      expect(resources[ids.timerFn]!.Properties!.Timeout).toBeGreaterThan(70);
      expect(resources[ids.httpFn]!.Properties!.Timeout).toBeLessThan(30);
    });

    it('reserves the HTTP function a share of the account’s concurrency, capped, the delivery function its ten, and nothing for the others', () => {
      const reserved = Object.fromEntries(
        Object.entries(resources)
          .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
          .map(([id, resource]) => [id, resource.Properties!.ReservedConcurrentExecutions]),
      );
      // Issue 22, item 1: waiting long-polls (up to 25 s each) can hold at most this many instances; the timer and push functions keep the rest.
      // The delivery function's ten bound the outbound attempts at once (the rest wait in Lambda's queue of asynchronous invocations).
      const deliverFn = logicalIdOf(template, 'AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^deliveries:') });
      const expected = (id: string) => (id === ids.httpFn ? 200 : id === deliverFn ? DELIVERY_INVOCATIONS.reservedConcurrency : undefined);
      expect(reserved).toEqual(Object.fromEntries(Object.keys(reserved).map((id) => [id, expected(id)])));
      const small = Template.fromStack(build({ httpConcurrency: '50' }).stack);
      small.hasResourceProperties('AWS::Lambda::Function', { Description: 'the HTTP API (Hono)', ReservedConcurrentExecutions: 50 });
      expect(() => build({ httpConcurrency: 'many' })).toThrow(/httpConcurrency/);
    });

    it('has one stream consumer, the push function, fed new commits, new automatch seeks and rewritten headers only, from the oldest record, with per-record failures and a dead-letter queue', () => {
      template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: ids.pushFn },
        EventSourceArn: { 'Fn::GetAtt': [ids.table, 'StreamArn'] },
        StartingPosition: 'TRIM_HORIZON',
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: Match.anyValue(),
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ids.pushDlq, 'Arn'] } } },
        FilterCriteria: {
          Filters: [
            { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { sk: { S: [{ prefix: 'C#' }] } } } }) },
            { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { pk: { S: [{ prefix: 'SEEKS#' }] } } } }) },
            { Pattern: JSON.stringify({ eventName: ['MODIFY'], dynamodb: { NewImage: { sk: { S: ['HEAD'] } } } }) },
          ],
        },
      });
      // The other mapping is the outbox queue's, not the table's stream.
      const onTheStream = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter((m) =>
        JSON.stringify(m.Properties.EventSourceArn).includes('StreamArn'),
      );
      expect(onTheStream).toHaveLength(1);
    });

    it('sends timer invocations that fail for good, of every kind, to the one timer dead-letter queue', () => {
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: ids.timerFn },
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ids.timerDlq, 'Arn'] } } },
      });
    });
  });

  describe('schedules', () => {
    it('has one schedule group for every timer, one role Scheduler assumes, and encrypted, TLS-only dead-letter queues', () => {
      template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
      const assumedByScheduler = Object.values(resources).filter(
        (resource) => resource.Type === 'AWS::IAM::Role' && JSON.stringify(resource.Properties?.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
      );
      expect(assumedByScheduler).toHaveLength(1);
      // The timer function's dead letters (Scheduler's and its own), the stream consumer's (the push function),
      // and the outbox's (the delivery function's invocations given up).
      template.resourceCountIs('AWS::SQS::Queue', 3);
      for (const queue of Object.values(template.findResources('AWS::SQS::Queue'))) {
        expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      }
      for (const queue of [ids.timerDlq, ids.pushDlq]) {
        template.hasResourceProperties('AWS::SQS::QueuePolicy', {
          Queues: [{ Ref: queue }],
          PolicyDocument: {
            Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
          },
        });
      }
    });

    it('lets only Scheduler, for this account and group, assume the role that invokes the one target, the timer function', () => {
      expect(resources[ids.schedulerRole]!.Properties!.AssumeRolePolicyDocument).toEqual({
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Action: 'sts:AssumeRole',
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: {
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
              ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ids.group, 'Arn'] } },
            },
          },
        ],
      });
      const statements = policyOf(template, ids.schedulerRole);
      expect(statements).toContainEqual({ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [ids.timerFn, 'Arn'] } });
      expect(statements).toContainEqual(
        expect.objectContaining({ Action: expect.arrayContaining(['sqs:SendMessage']), Resource: { 'Fn::GetAtt': [ids.timerDlq, 'Arn'] } }),
      );
      expect(actionsOf(statements)).toEqual(['lambda:InvokeFunction', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    });

    it('runs automatch’s safety sweep on a standing schedule every 5 minutes: the timer function, the sweep’s payload, retries and dead letters, in the one group', () => {
      // The one standing schedule: every other is a one-time schedule made at run time.
      template.resourceCountIs('AWS::Scheduler::Schedule', 1);
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        GroupName: { Ref: ids.group },
        ScheduleExpression: 'rate(5 minutes)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        State: 'ENABLED',
        Target: {
          Arn: { 'Fn::GetAtt': [ids.timerFn, 'Arn'] },
          RoleArn: { 'Fn::GetAtt': [ids.schedulerRole, 'Arn'] },
          Input: JSON.stringify({ kind: 'automatch-sweep' }),
          RetryPolicy: { MaximumEventAgeInSeconds: 300, MaximumRetryAttempts: 2 },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [ids.timerDlq, 'Arn'] } },
        },
      });
      // The timer function reads the payload as the sweep's.
      const input = Object.values(template.findResources('AWS::Scheduler::Schedule'))[0]!.Properties.Target.Input as string;
      expect(readTimerPayload(JSON.parse(input))).toEqual({ kind: 'automatch-sweep' });
    });

    it('lets the stream consumer (the push function) create and delete schedules in its group only, and pass only the Scheduler role', () => {
      const statements = policyOf(template, roleOf(ids.pushFn));
      expect(statements).toContainEqual({
        Effect: 'Allow',
        Action: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
        Resource: {
          'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':scheduler:eu-west-1:', { Ref: 'AWS::AccountId' }, ':schedule/', { Ref: ids.group }, '/*']],
        },
      });
      expect(statements).toContainEqual({
        Effect: 'Allow',
        Action: 'iam:PassRole',
        Resource: { 'Fn::GetAtt': [ids.schedulerRole, 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      });
      // Every table statement is on this table: its items, its indexes, its stream.
      for (const statement of statements.filter((s) => actionsOf([s]).some((action) => action.startsWith('dynamodb:'))))
        expect(JSON.stringify(statement.Resource)).toContain(ids.table);
    });

    it('grants scheduling and PassRole to no one but the stream consumer (the push function: deadlines, pool passes, reminders), the timer function and the delivery function (a webhook retry)', () => {
      const consumerRoles = [
        roleOf(ids.pushFn),
        roleOf(ids.timerFn),
        roleOf(logicalIdOf(template, 'AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^deliveries:') })),
      ];
      for (const { owner, statement } of allStatements(resources)) {
        const actions = asList(statement.Action) as string[];
        if (actions.some((action) => action.startsWith('scheduler:') || action === 'iam:PassRole')) {
          const role = (resources[owner]!.Properties!.Roles as Array<{ Ref: string }> | undefined)?.[0]?.Ref;
          expect(consumerRoles).toContain(role);
        }
      }
    });
  });

  describe('least privilege', () => {
    it("has no wildcard action, no wildcard resource and no managed policy anywhere but in CDK's grants to the web client deployment", () => {
      const deploymentPolicies = Object.keys(template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: ids.deploymentRole }] } }));
      const statements = allStatements(resources).filter(({ owner }) => !deploymentPolicies.includes(owner));
      expect(statements.length).toBeGreaterThan(10);
      for (const { owner, statement } of statements) {
        for (const action of asList(statement.Action)) {
          expect(action, `${owner}`).not.toContain('*');
        }
        expect(asList(statement.Resource), owner).not.toContain('*');
      }
      for (const resource of Object.values(resources)) {
        expect(resource.Properties?.ManagedPolicyArns).toBeUndefined();
      }
    });

    it("lets the HTTP and timer functions make only the store calls, on the table and its indexes (HTTP also deletes tickets and webhooks and counts webhooks; the timer function makes push's)", () => {
      for (const fn of [ids.httpFn, ids.timerFn]) {
        const dynamo = policyOf(template, roleOf(fn)).filter((s) => actionsOf([s]).some((action) => action.startsWith('dynamodb:')));
        const deletes =
          fn === ids.httpFn
            ? [{ Effect: 'Allow', Action: ['dynamodb:DeleteItem', 'dynamodb:UpdateItem'], Resource: { 'Fn::GetAtt': [ids.table, 'Arn'] } }]
            : [{ Effect: 'Allow', Action: [...PUSH_TABLE_ACTIONS], Resource: { 'Fn::GetAtt': [ids.table, 'Arn'] } }];
        expect(dynamo).toEqual([
          { Effect: 'Allow', Action: [...STORE_TABLE_ACTIONS], Resource: { 'Fn::GetAtt': [ids.table, 'Arn'] } },
          {
            Effect: 'Allow',
            Action: STORE_INDEX_ACTIONS.length === 1 ? STORE_INDEX_ACTIONS[0] : [...STORE_INDEX_ACTIONS],
            Resource: ['active-games', 'leaderboards', 'open-games'].map((index) => ({
              'Fn::Join': ['', [{ 'Fn::GetAtt': [ids.table, 'Arn'] }, `/index/${index}`]],
            })),
          },
          ...deletes,
        ]);
      }
    });

    it('lets each function write its own log group only', () => {
      for (const fn of [ids.httpFn, ids.timerFn, ids.pushFn]) {
        const logs = policyOf(template, roleOf(fn)).filter((s) => actionsOf([s]).some((action) => action.startsWith('logs:')));
        const logGroupId = (resources[fn]!.Properties!.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
        expect(logs).toEqual([{ Effect: 'Allow', Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] } }]);
      }
    });
  });

  describe('HTTP API', () => {
    it('routes everything to the Hono function with payload v2, with throttling and access logs, leaving CORS to the app', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', CorsConfiguration: Match.absent() });
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$default' });
      template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [ids.httpFn, 'Arn'] },
      });
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit },
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context\\.requestId') },
      });
    });

    it('hands the allowed origins from the context to the app, any origin by default', () => {
      const origins = (t: Template) => Object.values(t.findResources('AWS::Lambda::Function')).map((fn) => fn.Properties.Environment?.Variables?.CORS_ORIGINS);
      expect(origins(template).filter(Boolean)).toEqual(['*']);
      expect(origins(synth({ corsOrigins: 'https://play.example, https://bots.example' })).filter(Boolean)).toEqual([
        'https://play.example,https://bots.example',
      ]);
    });
  });

  describe('CloudFront', () => {
    let distribution: Record<string, any>;
    beforeAll(() => {
      distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    });
    const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
    const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
    const SECURITY_HEADERS = '67f7725c-6f97-4210-82d7-5512b31e9d03';

    /** The origin whose domain is the API named by `apiIdPattern`'s Ref. */
    const originOf = (apiIdPattern: RegExp) =>
      distribution.Origins.find((origin: { DomainName: unknown }) => apiIdPattern.test(JSON.stringify(origin.DomainName)));
    const uncachedTo = (origin: { Id: string }) => ({
      TargetOriginId: origin.Id,
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
    });

    it('sends the API paths to the HTTP API over HTTPS, uncached, with every viewer header but Host', () => {
      template.resourceCountIs('AWS::CloudFront::Distribution', 1);
      const api = originOf(/HttpApi/);
      expect(api).toEqual(
        expect.objectContaining({
          DomainName: { 'Fn::Join': ['', [{ Ref: expect.stringMatching(/HttpApi/) }, '.execute-api.eu-west-1.', { Ref: 'AWS::URLSuffix' }]] },
          CustomOriginConfig: expect.objectContaining({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'], OriginReadTimeout: 30 }),
        }),
      );
      // The stream's path first: `/v1/*` would hold it too, and CloudFront takes the first pattern that matches.
      expect(distribution.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern)).toEqual([STREAM_PATH_PATTERN, ...API_PATH_PATTERNS]);
      for (const behavior of distribution.CacheBehaviors.slice(1)) {
        expect(behavior).toMatchObject(uncachedTo(api));
        // The app's path mapping never touches an API answer.
        expect(behavior.FunctionAssociations).toBeUndefined();
      }
      // No distribution-wide error pages: the API's 403 and 404 problems reach the caller as they are.
      expect(distribution.CustomErrorResponses).toBeUndefined();
    });

    it('serves the live stream through the same distribution, so the web ACL covers it: to the WebSocket API’s stage, uncached, every viewer header but Host', () => {
      const stream = originOf(/WebSocketApi/);
      expect(stream).toEqual(
        expect.objectContaining({
          DomainName: { 'Fn::Join': ['', [{ Ref: expect.stringMatching(/WebSocketApi/) }, '.execute-api.eu-west-1.', { Ref: 'AWS::URLSuffix' }]] },
          CustomOriginConfig: expect.objectContaining({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] }),
        }),
      );
      const [behavior] = distribution.CacheBehaviors;
      expect(behavior).toMatchObject({ PathPattern: STREAM_PATH_PATTERN, ...uncachedTo(stream) });
      const functionId = logicalIdOf(template, 'AWS::CloudFront::Function', { FunctionCode: streamPathFunctionCode('live') });
      expect(behavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } }]);
      expect(resources[functionId]!.Properties).toMatchObject({ FunctionConfig: { Runtime: 'cloudfront-js-2.0' }, AutoPublish: true });
      // The function, run as CloudFront runs it: the stage's own path, the ticket and the upgrade's headers untouched.
      const handler = runInNewContext(`${streamPathFunctionCode('live')}\nhandler`, {}) as (event: unknown) => unknown;
      const request = {
        method: 'GET',
        uri: STREAM_PATH_PATTERN,
        querystring: { ticket: { value: 'st_1' } },
        headers: { upgrade: { value: 'websocket' }, 'sec-websocket-key': { value: 'k' } },
        cookies: {},
      };
      expect(handler({ version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '198.51.100.7' }, request })).toEqual({
        ...request,
        uri: '/live',
      });
      // Stream tickets point at it.
      expect((resources[ids.httpFn]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.STREAM_URL).toEqual({
        'Fn::Join': ['', ['wss://', { 'Fn::GetAtt': [logicalIdOf(template, 'AWS::CloudFront::Distribution', {}), 'DomainName'] }, STREAM_PATH_PATTERN]],
      });
      // Passkeys are bound to its host name: the relying party the HTTP function verifies against.
      expect((resources[ids.httpFn]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.APP_URL).toEqual({
        'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalIdOf(template, 'AWS::CloudFront::Distribution', {}), 'DomainName'] }]],
      });
    });

    it('routes every path the API answers to it, and no path of the web client', () => {
      const patterns = API_PATH_PATTERNS.map(pathPattern);
      const toApi = (path: string) => patterns.some((pattern) => pattern.test(path));
      const apiPaths = [...Object.keys(openapi.paths).map((path) => path.replaceAll(/\{[^}]+\}/g, 'x')), '/openapi.json'];
      expect(apiPaths.length).toBeGreaterThan(20);
      for (const path of apiPaths) expect(toApi(path), path).toBe(true);
      for (const path of ['/', '/index.html', '/g/g_abc', '/games', '/docs', '/docs/', '/docs/redoc.standalone.js', '/assets/index-abc.js']) {
        expect(toApi(path), path).toBe(false);
      }
    });

    it('sends every other path to the web client bucket, through the paths function, with security headers', () => {
      const app = distribution.DefaultCacheBehavior;
      const origin = distribution.Origins.find((o: { Id: string }) => o.Id === app.TargetOriginId);
      expect(origin).toMatchObject({
        DomainName: { 'Fn::GetAtt': [ids.webBucket, 'RegionalDomainName'] },
        S3OriginConfig: { OriginAccessIdentity: '' },
        OriginAccessControlId: { 'Fn::GetAtt': [logicalIdOf(template, 'AWS::CloudFront::OriginAccessControl', {}), 'Id'] },
      });
      expect(app).toMatchObject({
        ViewerProtocolPolicy: 'redirect-to-https',
        AllowedMethods: ['GET', 'HEAD'],
        CachePolicyId: { Ref: logicalIdOf(template, 'AWS::CloudFront::CachePolicy', {}) },
        ResponseHeadersPolicyId: SECURITY_HEADERS,
        FunctionAssociations: [
          {
            EventType: 'viewer-request',
            FunctionARN: {
              'Fn::GetAtt': [logicalIdOf(template, 'AWS::CloudFront::Function', { FunctionCode: readFileSync(PATHS_FUNCTION_FILE, 'utf8') }), 'FunctionARN'],
            },
          },
        ],
      });
      expect(app.OriginRequestPolicyId).toBeUndefined();
      template.hasResourceProperties('AWS::CloudFront::Function', {
        FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
        FunctionCode: readFileSync(PATHS_FUNCTION_FILE, 'utf8'),
        AutoPublish: true,
      });
      // Each file's own Cache-Control rules, down to no caching at all: `no-cache` pages are revalidated.
      template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
        CachePolicyConfig: Match.objectLike({
          MinTTL: 0,
          MaxTTL: 31536000,
          ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
            CookiesConfig: { CookieBehavior: 'none' },
            HeadersConfig: { HeaderBehavior: 'none' },
            QueryStringsConfig: { QueryStringBehavior: 'none' },
            EnableAcceptEncodingGzip: true,
          }),
        }),
      });
    });

    it('keeps the VAPID seed in a generated secret, named to the functions that push and readable by the API (to publish the key) and the delivery function (to sign) only', () => {
      const seed = logicalIdOf(template, 'AWS::SecretsManager::Secret', { GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true } });
      expect(resources[seed]!.Properties!.SecretString).toBeUndefined();
      const deliverFn = logicalIdOf(template, 'AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^deliveries:') });
      const named = Object.keys(resources).filter(
        (id) => resources[id]!.Type === 'AWS::Lambda::Function' && JSON.stringify(resources[id]!.Properties!.Environment ?? {}).includes('VAPID_SECRET_ARN'),
      );
      expect(named).toHaveLength(4);
      for (const fn of named)
        expect((resources[fn]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.VAPID_SECRET_ARN).toEqual({ Ref: seed });
      const readers = allStatements(resources)
        .filter(({ statement }) => JSON.stringify(statement.Resource) === JSON.stringify({ Ref: seed }))
        .map(({ owner, statement }) => [owner, [statement.Action].flat().sort()]);
      expect(readers.map(([, action]) => action)).toEqual([
        ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
        ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
      ]);
      const policyOf = (fn: string) =>
        Object.keys(resources).find(
          (id) => resources[id]!.Type === 'AWS::IAM::Policy' && JSON.stringify(resources[id]!.Properties!.Roles).includes(roleOf(fn)),
        )!;
      expect(readers.map(([owner]) => owner).sort()).toEqual([policyOf(ids.httpFn), policyOf(deliverFn)].sort());
    });

    it('signs every request to either API with a generated secret header their functions expect, never in the template in clear', () => {
      const secret = logicalIdOf(template, 'AWS::SecretsManager::Secret', { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true } });
      expect(resources[secret]!.Properties!.SecretString).toBeUndefined();
      const reference = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secret }, ':SecretString:::}}']] };
      for (const api of [originOf(/HttpApi/), originOf(/WebSocketApi/)])
        expect(api.OriginCustomHeaders).toEqual([{ HeaderName: EDGE_HEADER, HeaderValue: reference }]);
      const connectionsFn = logicalIdOf(template, 'AWS::Lambda::Function', { Description: 'the WebSocket routes of the live stream' });
      for (const fn of [ids.httpFn, connectionsFn]) {
        const variables = (resources[fn]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(variables[EDGE_SECRET_ENV]).toEqual(reference);
        // Outside a rotation, nothing else is accepted.
        expect(variables[EDGE_PREVIOUS_SECRET_ENV]).toBeUndefined();
      }
      // Only the two functions hold it; the web client's origin gets no such header.
      const holders = Object.keys(resources).filter((id) => JSON.stringify(resources[id]).includes('{{resolve:secretsmanager:'));
      expect(holders.sort()).toEqual([logicalIdOf(template, 'AWS::CloudFront::Distribution', {}), ids.httpFn, connectionsFn].sort());
    });

    it('rotates the edge secret by naming its versions: CloudFront sends the new one, the functions accept it and the replaced one', () => {
      const rotating = synth({ edgeSecretVersions: `${NEW_VERSION},${OLD_VERSION}` });
      const after = synth({ edgeSecretVersions: NEW_VERSION });
      const secret = logicalIdOf(rotating, 'AWS::SecretsManager::Secret', { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true } });
      // The template changes with the version, so CloudFormation resolves the references again.
      const versionOf = (versionId: string) => ({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secret }, `:SecretString:::${versionId}}}`]] });
      const headerOf = (t: Template) =>
        (Object.values(t.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig.Origins as Array<{ OriginCustomHeaders?: unknown }>)
          .filter((origin) => origin.OriginCustomHeaders)
          .map((origin) => origin.OriginCustomHeaders);
      const envOf = (t: Template) =>
        Object.values(t.findResources('AWS::Lambda::Function'))
          .map((fn) => fn.Properties.Environment?.Variables ?? {})
          .filter((variables) => EDGE_SECRET_ENV in variables)
          .map((variables) => ({ sent: variables[EDGE_SECRET_ENV], replaced: variables[EDGE_PREVIOUS_SECRET_ENV] }));
      for (const t of [rotating, after]) expect(headerOf(t)).toEqual([0, 1].map(() => [{ HeaderName: EDGE_HEADER, HeaderValue: versionOf(NEW_VERSION) }]));
      expect(envOf(rotating)).toEqual([0, 1].map(() => ({ sent: versionOf(NEW_VERSION), replaced: versionOf(OLD_VERSION) })));
      // The second deployment ends the overlap: only the new value is accepted.
      expect(envOf(after)).toEqual([0, 1].map(() => ({ sent: versionOf(NEW_VERSION), replaced: undefined })));
      expect(() => synth({ edgeSecretVersions: 'not a version' })).toThrow(/edgeSecretVersions/);
    });

    it('uses the web ACL of the us-east-1 stack, read through a cross-region reference', () => {
      const firewall = Template.fromStack(build().firewall);
      const webAcl = logicalIdOf(firewall, 'AWS::WAFv2::WebACL', {});
      // The firewall stack writes the ACL's ARN into the service's region…
      const writer = Object.values(firewall.findResources('Custom::CrossRegionExportWriter'))[0]!.Properties;
      expect(writer.WriterProps.region).toBe('eu-west-1');
      const [[parameter, value]] = Object.entries(writer.WriterProps.exports as Record<string, unknown>) as [[string, unknown]];
      expect(value).toEqual({ 'Fn::GetAtt': [webAcl, 'Arn'] });
      // …and the distribution reads exactly that parameter.
      const reader = logicalIdOf(template, 'Custom::CrossRegionExportReader', {});
      expect(distribution.WebACLId).toEqual({ 'Fn::GetAtt': [reader, parameter] });
    });

    it('outputs the CloudFront URL as the API URL', () => {
      template.hasOutput('ApiUrl', {
        Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalIdOf(template, 'AWS::CloudFront::Distribution', {}), 'DomainName'] }]] },
      });
    });
  });

  describe('web client', () => {
    const objectsOf = (bucket: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/*']] });

    it('keeps the files in a private, encrypted bucket without website hosting', () => {
      const bucket = resources[ids.webBucket]!.Properties!;
      expect(bucket).toMatchObject({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      });
      expect(bucket.WebsiteConfiguration).toBeUndefined();
      expect(bucket.AccessControl).toBeUndefined();
      template.resourceCountIs('AWS::S3::Bucket', 1);
    });

    it('lets only this distribution read objects, through Origin Access Control, and refuses plain HTTP', () => {
      const policies = Object.values(template.findResources('AWS::S3::BucketPolicy', { Properties: { Bucket: { Ref: ids.webBucket } } }));
      expect(policies).toHaveLength(1);
      const statements = policies[0]!.Properties.PolicyDocument.Statement as Array<Record<string, any>>;
      const distribution = logicalIdOf(template, 'AWS::CloudFront::Distribution', {});
      expect(statements).toContainEqual({
        Effect: 'Allow',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Action: 's3:GetObject',
        Resource: objectsOf(ids.webBucket),
        Condition: {
          StringEquals: {
            'AWS:SourceArn': {
              'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: distribution }]],
            },
          },
        },
      });
      expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
      // The only other reader: CDK's provider that empties the bucket when the stack is destroyed.
      const others = statements.filter((statement) => statement.Effect === 'Allow' && statement.Principal.Service !== 'cloudfront.amazonaws.com');
      expect(others.map((statement) => statement.Principal)).toEqual([{ AWS: { 'Fn::GetAtt': [expect.stringMatching(/^CustomS3AutoDeleteObjects/), 'Arn'] } }]);
      template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
        OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' }),
      });
    });

    it('uploads the hashed files cached for good and never pruned, then the pages revalidated on every load, pruned and invalidated', () => {
      const deployments = Object.entries(template.findResources('Custom::CDKBucketDeployment'));
      expect(deployments).toHaveLength(2);
      const [hashedId, hashed] = deployments.find(([, d]) => d.Properties.Prune === false)!;
      const [, pages] = deployments.find(([, d]) => d.Properties.Prune === true)!;
      expect(hashed.Properties).toMatchObject({
        DestinationBucketName: { Ref: ids.webBucket },
        Exclude: ['*'],
        Include: ['assets/*'],
        SystemMetadata: { 'cache-control': CACHE_CONTROL.hashed },
      });
      expect(hashed.Properties.DistributionId).toBeUndefined();
      expect(pages.Properties).toMatchObject({
        DestinationBucketName: { Ref: ids.webBucket },
        Exclude: ['assets/*'],
        SystemMetadata: { 'cache-control': CACHE_CONTROL.revalidated },
        DistributionId: { Ref: logicalIdOf(template, 'AWS::CloudFront::Distribution', {}) },
        DistributionPaths: [...REVALIDATED_PATHS],
      });
      expect(pages.Properties.Include).toBeUndefined();
      expect(REVALIDATED_PATHS).toContain('/index.html');
      // index.html names hashed files: they are in the bucket before it is.
      expect(pages.DependsOn).toContain(hashedId);
      expect(pages.Properties.SourceObjectKeys).toEqual(hashed.Properties.SourceObjectKeys);
    });

    it("runs CDK's copying Lambda as a role of its own: its log group, the build's asset, this bucket and invalidations", () => {
      const all = template.toJSON().Resources as Resources;
      const handlers = Object.entries(all).filter(([id, resource]) => id.startsWith('CustomCDKBucketDeployment') && resource.Type === 'AWS::Lambda::Function');
      expect(handlers).toHaveLength(1);
      const handler = handlers[0]![1].Properties!;
      expect(handler.Role).toEqual({ 'Fn::GetAtt': [ids.deploymentRole, 'Arn'] });
      const logGroup = (handler.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(resources[logGroup]).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } });
      expect(resources[ids.deploymentRole]!.Properties!.ManagedPolicyArns).toBeUndefined();

      const statements = policyOf(template, ids.deploymentRole);
      const assetBucket = { 'Fn::Sub': 'cdk-hnb659fds-assets-${AWS::AccountId}-eu-west-1' };
      const assetArn = (suffix: string) => ({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':s3:::', assetBucket, ...(suffix ? [suffix] : [])]] });
      expect(statements).toEqual([
        { Effect: 'Allow', Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: { 'Fn::GetAtt': [logGroup, 'Arn'] } },
        { Effect: 'Allow', Action: ['s3:GetObject*', 's3:GetBucket*', 's3:List*'], Resource: [assetArn(''), assetArn('/*')] },
        {
          Effect: 'Allow',
          Action: expect.arrayContaining(['s3:GetObject*', 's3:PutObject', 's3:DeleteObject*']),
          Resource: [{ 'Fn::GetAtt': [ids.webBucket, 'Arn'] }, objectsOf(ids.webBucket)],
        },
        { Effect: 'Allow', Action: ['cloudfront:GetInvalidation', 'cloudfront:CreateInvalidation'], Resource: '*' },
      ]);
    });
  });

  describe('Powertools metrics', () => {
    const alarmOn = (metric: string) =>
      Object.values(template.findResources('AWS::CloudWatch::Alarm', { Properties: { Namespace: TELEMETRY.namespace, MetricName: metric } }));

    it('alarms when a deadline is resolved more than 120 s late, on the metric the timer emits', () => {
      expect(TIMER_LAG_ALARM_SECONDS).toBe(120);
      expect(alarmOn(METRIC.timerLag).map((alarm) => alarm.Properties)).toEqual([
        expect.objectContaining({
          Dimensions: [{ Name: 'service', Value: TELEMETRY.service }],
          Statistic: 'Maximum',
          Threshold: 120,
          ComparisonOperator: 'GreaterThanThreshold',
          TreatMissingData: 'notBreaching',
        }),
      ]);
    });

    it('charts every metric the functions emit, the edge and the functions on one dashboard', () => {
      template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
      const body = JSON.stringify(Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0]!.Properties.DashboardBody);
      for (const name of Object.values(METRIC)) expect(body).toContain(name);
      expect(body).toMatch(new RegExp(`SEARCH\\('\\{${TELEMETRY.namespace},code,service\\} MetricName=\\\\+"${METRIC.movesRejected}`));
      expect(body).toContain('AWS/CloudFront');
      for (const rule of build().firewall.ruleNames) expect(body).toContain(rule);
      expect(body).toContain('AWS/WAFV2');
      expect(body).toContain('\\"alarm\\"');
    });
  });

  describe('alarms', () => {
    const alarm = (metric: string, namespace: string, dimension: Record<string, unknown>) =>
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: metric,
        Namespace: namespace,
        Dimensions: Match.arrayWith([dimension]),
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
      });

    it('watches API 5xx, throttles of every function and of the table, timer and consumer errors, and dead letters', () => {
      alarm('5xx', 'AWS/ApiGateway', { Name: 'ApiId', Value: { Ref: Match.stringLikeRegexp('HttpApi') } });
      for (const fn of [ids.httpFn, ids.timerFn, ids.pushFn]) {
        alarm('Throttles', 'AWS/Lambda', { Name: 'FunctionName', Value: { Ref: fn } });
      }
      alarm('Errors', 'AWS/Lambda', { Name: 'FunctionName', Value: { Ref: ids.timerFn } });
      alarm('Errors', 'AWS/Lambda', { Name: 'FunctionName', Value: { Ref: ids.pushFn } });
      for (const queue of [ids.timerDlq, ids.pushDlq]) {
        alarm('ApproximateNumberOfMessagesVisible', 'AWS/SQS', { Name: 'QueueName', Value: { 'Fn::GetAtt': [queue, 'QueueName'] } });
      }
      // Table throttles: the sum over each operation the store performs.
      const throttles = Object.values(template.findResources('AWS::CloudWatch::Alarm')).find((a) => JSON.stringify(a).includes('ThrottledRequests'));
      const watched = (throttles!.Properties.Metrics as Array<{ MetricStat?: { Metric: { Dimensions: Array<{ Name: string; Value: unknown }> } } }>)
        .flatMap((m) => m.MetricStat?.Metric.Dimensions ?? [])
        .filter((d) => d.Name === 'Operation')
        .map((d) => d.Value);
      expect(watched.sort()).toEqual(['GetItem', 'PutItem', 'Query', 'TransactWriteItems']);
    });

    it("watches the outbox: the delivery function's errors, its events given up or waiting too long in Lambda's queue, and its dead letters", () => {
      const deliverFn = logicalIdOf(template, 'AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^deliveries:') });
      for (const metric of ['Errors', 'AsyncEventsDropped']) alarm(metric, 'AWS/Lambda', { Name: 'FunctionName', Value: { Ref: deliverFn } });
      // Throttled by design past its reserved concurrency: its events wait, and their age is what is watched.
      const throttles = template.findResources('AWS::CloudWatch::Alarm', {
        Properties: { MetricName: 'Throttles', Dimensions: [{ Name: 'FunctionName', Value: { Ref: deliverFn } }] },
      });
      expect(Object.keys(throttles)).toEqual([]);
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'AsyncEventAge',
        Namespace: 'AWS/Lambda',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: deliverFn } }],
        Statistic: 'Maximum',
        Threshold: DELIVERY_EVENT_AGE_ALARM_SECONDS * 1000,
        ComparisonOperator: 'GreaterThanThreshold',
      });
      const config = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig', { Properties: { FunctionName: { Ref: deliverFn } } }))[0]!;
      const queue = (config.Properties.DestinationConfig.OnFailure.Destination as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      alarm('ApproximateNumberOfMessagesVisible', 'AWS/SQS', { Name: 'QueueName', Value: { 'Fn::GetAtt': [queue, 'QueueName'] } });
      const body = JSON.stringify(Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0]!.Properties.DashboardBody);
      for (const metric of ['AsyncEventAge', 'AsyncEventsDropped']) expect(body).toContain(metric);
    });

    it('sends every alarm, and its recovery, to one encrypted, TLS-only SNS topic', () => {
      const topic = logicalIdOf(template, 'AWS::SNS::Topic', {});
      const key = logicalIdOf(template, 'AWS::KMS::Key', {});
      expect(resources[topic]!.Properties!.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [key, 'Arn'] });
      expect(resources[key]!.Properties!.EnableKeyRotation).toBe(true);
      const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
      // 7 of the game service, 4 of push (its two functions' throttles, the stream consumer's errors and dead letters), 4 of deliveries (its errors
      // and dead letters, and its asynchronous events given up or waiting too long).
      expect(alarms.length).toBe(15);
      for (const { Properties } of alarms) {
        expect(Properties.AlarmActions).toEqual([{ Ref: topic }]);
        expect(Properties.OKActions).toEqual([{ Ref: topic }]);
      }
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            Match.objectLike({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'cloudwatch.amazonaws.com' } }),
          ]),
        },
      });
    });

    it('mails the alarms only when the context names an address', () => {
      template.resourceCountIs('AWS::SNS::Subscription', 0);
      synth({ alarmEmail: 'ops@example.com' }).hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
      expect(() => build({ alarmEmail: 'not an address' })).toThrow(/alarmEmail must be one email address/);
    });
  });

  describe("CDK's cross-region reader", () => {
    it("is the only holder of a managed policy, and reads only this stack's exported parameters", () => {
      const all = template.toJSON().Resources as Resources;
      const readers = Object.keys(all).filter((id) => isCrossRegionReader(id, all[id]!));
      expect(readers.map((id) => all[id]!.Type).sort()).toEqual(['AWS::IAM::Role', 'AWS::Lambda::Function', 'Custom::CrossRegionExportReader']);
      const role = all[readers.find((id) => all[id]!.Type === 'AWS::IAM::Role')!]!;
      const statements = (role.Properties!.Policies as Array<{ PolicyDocument: { Statement: Array<Record<string, unknown>> } }>).flatMap(
        (policy) => policy.PolicyDocument.Statement,
      );
      expect(statements).toEqual([
        {
          Effect: 'Allow',
          Action: ['ssm:AddTagsToResource', 'ssm:RemoveTagsFromResource', 'ssm:GetParameters'],
          Resource: {
            'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ssm:eu-west-1:', { Ref: 'AWS::AccountId' }, ':parameter/cdk/exports/Service/*']],
          },
        },
      ]);
    });
  });
});

describe('cdk-nag AwsSolutions', () => {
  /** Every acknowledgment in the tree, as `path: rule id → reason`. */
  function acknowledgments(root: IConstruct): Array<{ path: string; id: string; reason: string }> {
    const found: Array<{ path: string; id: string; reason: string }> = [];
    for (const construct of root.node.findAll()) {
      for (const entry of construct.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
          found.push({ path: construct.node.path, id: id.replace(/^annotation::/i, ''), reason });
        }
      }
    }
    return found;
  }

  let app: App;
  beforeAll(() => {
    app = build().app;
    // Synthesis adds what CDK creates late (the cross-region reference's writer and reader): check those too.
    app.synth();
  });

  it('reports no finding that is not acknowledged', () => {
    const report = new AwsSolutionsChecks(app).validateScope(app);
    const findings = report.violations.flatMap((violation) =>
      violation.violatingResources.map((resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}`),
    );
    expect(findings).toEqual([]);
  });

  it('acknowledges only these findings, each at the construct concerned and with a reason', () => {
    const found = acknowledgments(app);
    for (const { reason } of found) expect(reason.length).toBeGreaterThan(40);
    // Generated parts of names (schedule groups, the WebSocket API, CDK's deployment handler) as placeholders.
    const named = (text: string) =>
      text
        .replace(/<DeadlinesGroup\w+>/, '<group>')
        .replace(/<PushWebSocketApi\w+>/, '<api>')
        .replace(/CDKBucketDeployment\w+/, 'CDKBucketDeployment<handler>');
    expect(found.map(({ path, id }) => named(`${path}: ${id}`)).sort()).toEqual([
      'Service/Api/HttpApi/DefaultRoute: AwsSolutions-APIG4',
      'Service/Custom::CDKBucketDeployment<handler>: AwsSolutions-L1',
      'Service/Deadlines/TimerDeadLetters: AwsSolutions-SQS3',
      'Service/Edge/Distribution: AwsSolutions-CFR1',
      'Service/Edge/Distribution: AwsSolutions-CFR3',
      'Service/Edge/Distribution: AwsSolutions-CFR4',
      'Service/EdgeSecret: AwsSolutions-SMG4',
      'Service/Http/Function: AwsSolutions-L1',
      'Service/Push/Connections/Function: AwsSolutions-L1',
      'Service/Push/Connections/Role: AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:eu-west-1:<AWS::AccountId>:<api>/live/POST/@connections/*]',
      'Service/Push/DeadLetters: AwsSolutions-SQS3',
      'Service/Push/Deliveries/DeadLetters: AwsSolutions-SQS3',
      'Service/Push/Deliveries/Function/Function: AwsSolutions-L1',
      'Service/Push/Deliveries/Function/Role: AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:eu-west-1:<AWS::AccountId>:<api>/live/POST/@connections/*]',
      'Service/Push/Deliveries/Function/Role: AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:eu-west-1:<AWS::AccountId>:schedule/<group>/*]',
      'Service/Push/Push/Function: AwsSolutions-L1',
      'Service/Push/Push/Role: AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:eu-west-1:<AWS::AccountId>:<api>/live/POST/@connections/*]',
      'Service/Push/Push/Role: AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:eu-west-1:<AWS::AccountId>:schedule/<group>/*]',
      'Service/Push/WebSocketApi/$connect-Route: AwsSolutions-APIG4',
      'Service/Push/WebSocketApi/$default-Route: AwsSolutions-APIG4',
      'Service/Push/WebSocketApi/$disconnect-Route: AwsSolutions-APIG4',
      'Service/Timer/Function: AwsSolutions-L1',
      'Service/Timer/Role: AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:eu-west-1:<AWS::AccountId>:<api>/live/POST/@connections/*]',
      'Service/Timer/Role: AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:eu-west-1:<AWS::AccountId>:schedule/<group>/*]',
      'Service/VapidSeed: AwsSolutions-SMG4',
      'Service/Web/DeploymentRole: AwsSolutions-IAM5[Action::s3:Abort*]',
      'Service/Web/DeploymentRole: AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      'Service/Web/DeploymentRole: AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'Service/Web/DeploymentRole: AwsSolutions-IAM5[Action::s3:GetObject*]',
      'Service/Web/DeploymentRole: AwsSolutions-IAM5[Action::s3:List*]',
      'Service/Web/DeploymentRole: AwsSolutions-IAM5[Resource::*]',
      'Service/Web/DeploymentRole: AwsSolutions-IAM5[Resource::<WebFiles2DFCF39E.Arn>/*]',
      'Service/Web/DeploymentRole: AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-eu-west-1/*]',
      'Service/Web/Files: AwsSolutions-S1',
    ]);
  });

  it('still catches what it should: a wildcard grant added to the stack is a finding', () => {
    const { app, stack } = build();
    new iam.Role(stack, 'Careless', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') }).addToPolicy(
      new iam.PolicyStatement({ actions: ['dynamodb:*'], resources: ['*'] }),
    );
    const rules = new AwsSolutionsChecks(app).validateScope(app).violations.map((violation) => violation.ruleName);
    expect(rules).toEqual(expect.arrayContaining(['AwsSolutions-IAM5[Action::dynamodb:*]', 'AwsSolutions-IAM5[Resource::*]']));
  });
});

describe('e-mail (context mailFrom)', () => {
  const withMail = build({ mailFrom: 'play@mail.example.org' });
  const template = Template.fromStack(withMail.stack);
  const resources = template.toJSON().Resources as Resources;
  const fnId = (description: string | RegExp) =>
    logicalIdOf(template, 'AWS::Lambda::Function', { Description: typeof description === 'string' ? description : Match.stringLikeRegexp(description.source) });
  const variables = (id: string) => (resources[id]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
  const roleOf = (functionId: string) => (resources[functionId]!.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

  it('deploys no SES resource, and tells no function of mail, unless it is given an address', () => {
    const plain = synth();
    for (const type of ['AWS::SES::ConfigurationSet', 'AWS::SES::EmailIdentity', 'AWS::Events::Rule']) plain.resourceCountIs(type, 0);
    for (const fn of Object.values(plain.findResources('AWS::Lambda::Function')))
      expect(Object.keys(fn.Properties.Environment?.Variables ?? {})).not.toContain('MAIL_FROM');
    expect(() => build({ mailFrom: 'not an address' })).toThrow(/mailFrom must be one email address/);
  });

  it('sends from the domain’s identity through a configuration set that suppresses bounces and complaints and publishes them to EventBridge', () => {
    const set = logicalIdOf(template, 'AWS::SES::ConfigurationSet', {});
    template.hasResourceProperties('AWS::SES::ConfigurationSet', { SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] } });
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.example.org',
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: set } },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: set },
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        EventBridgeDestination: { EventBusArn: Match.anyValue() },
      }),
    });
  });

  it('hands SES’s bounce and complaint events of this set to the function that disables addresses, retried, then to dead letters', () => {
    const events = fnId('e-mail: SES bounces and complaints disable the address');
    expect(Object.keys(variables(events)).sort()).toEqual(['NODE_OPTIONS', 'POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_SERVICE_NAME', 'TABLE_NAME']);
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.ses'],
        'detail-type': ['Email Bounced', 'Email Complaint Received'],
        detail: { mail: { tags: { 'ses:configuration-set': [{ Ref: logicalIdOf(template, 'AWS::SES::ConfigurationSet', {}) }] } } },
      },
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [events, 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 86400 },
          DeadLetterConfig: { Arn: Match.anyValue() },
        }),
      ],
    });
    // It reads and rewrites the address: nothing else.
    const own = policyOf(template, roleOf(events)).filter((statement) => asList(statement.Action).some((a) => String(a).startsWith('dynamodb:')));
    expect(actionsOf(own)).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem']);
  });

  it('lets only the delivery function send, from the identity through the set; tells the recording functions who mail is from; the API queues confirmations and plans digests', () => {
    const deliveries = fnId(/^deliveries:/);
    const http = fnId('the HTTP API (Hono)');
    const senders = allStatements(resources)
      .filter(({ statement }) => asList(statement.Action).some((action) => String(action).startsWith('ses:')))
      .map(({ owner, statement }) => ({ owner, actions: asList(statement.Action) }));
    expect(senders).toEqual([{ owner: expect.stringMatching(/Deliveries/), actions: ['ses:SendEmail'] }]);
    expect(variables(deliveries)).toMatchObject({
      MAIL_FROM: 'Valeria Tabletop <play@mail.example.org>',
      SES_CONFIGURATION_SET: { Ref: logicalIdOf(template, 'AWS::SES::ConfigurationSet', {}) },
      APP_URL: expect.anything(),
    });
    for (const id of [http, fnId(/^the timers:/), fnId(/^push:/)]) {
      expect(variables(id).MAIL_FROM).toBe('Valeria Tabletop <play@mail.example.org>');
      expect(variables(id).SES_CONFIGURATION_SET).toBeUndefined();
    }
    expect(Object.keys(variables(http))).toEqual(
      expect.arrayContaining(['DELIVERY_FUNCTION_NAME', 'SCHEDULE_GROUP', 'SCHEDULER_ROLE_ARN', 'SCHEDULE_DLQ_ARN', 'TIMER_FUNCTION_ARN', 'VAPID_SECRET_ARN']),
    );
    const httpActions = actionsOf(policyOf(template, roleOf(http)));
    expect(httpActions).toEqual(expect.arrayContaining(['lambda:InvokeFunction', 'scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'iam:PassRole']));
  });

  it('reports no cdk-nag finding with mail on either', () => {
    const report = new AwsSolutionsChecks(withMail.app).validateScope(withMail.app);
    expect(report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`))).toEqual([]);
  });
});

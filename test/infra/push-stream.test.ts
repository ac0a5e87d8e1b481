import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_INVOCATIONS } from '../../infra/deliveries.js';
import { PUSH_TABLE_ACTIONS, STREAM_THROTTLE } from '../../infra/push-stream.js';
import { defineService } from '../../infra/service-app.js';

type Resources = Record<string, { Type: string; Properties?: Record<string, any> }>;

describe('push on AWS: the WebSocket API and the push consumer (template)', () => {
  let template: Template;
  let resources: Resources;
  let ids: { api: string; stage: string; connectionsFn: string; pushFn: string; timerFn: string; table: string; group: string; schedulerRole: string };
  const policyOf = (fnId: string) => {
    const role = (resources[fnId]!.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: role }] } });
    return Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement as Record<string, any>[]);
  };
  const only = (type: string, props: Record<string, unknown> = {}) => {
    const found = Object.keys(template.findResources(type, Object.keys(props).length ? { Properties: props } : {}));
    expect(found, type).toHaveLength(1);
    return found[0]!;
  };

  beforeAll(() => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    template = Template.fromStack(defineService(app, { region: 'eu-west-1', names: { service: 'Service', firewall: 'Firewall' } }).service);
    resources = template.toJSON().Resources as Resources;
    ids = {
      api: only('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' }),
      stage: only('AWS::ApiGatewayV2::Stage', { StageName: 'live' }),
      connectionsFn: only('AWS::Lambda::Function', { Description: 'the WebSocket routes of the live stream' }),
      pushFn: only('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^push:') }),
      timerFn: only('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^the timers:') }),
      table: only('AWS::DynamoDB::GlobalTable'),
      // One group and one role for every timer, push's included (infra/timers.ts).
      group: only('AWS::Scheduler::ScheduleGroup'),
      schedulerRole: only('AWS::IAM::Role', { Description: Match.stringLikeRegexp('EventBridge Scheduler') }),
    };
  });

  it('routes $connect, $disconnect and $default to the connections function, on a throttled, logged stage', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route', { Properties: { ApiId: { Ref: ids.api } } })).map(
      (r) => r.Properties.RouteKey,
    );
    expect(routes.sort()).toEqual(['$connect', '$default', '$disconnect']);
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      ApiId: { Ref: ids.api },
      IntegrationType: 'AWS_PROXY',
      IntegrationUri: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([{ 'Fn::GetAtt': [ids.connectionsFn, 'Arn'] }])]) }),
    });
    expect(resources[ids.stage]!.Properties).toMatchObject({
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: STREAM_THROTTLE.rateLimit, ThrottlingBurstLimit: STREAM_THROTTLE.burstLimit },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [expect.stringMatching(/^PushAccessLogs/), 'Arn'] } },
    });
  });

  it('lets both functions post only to connections of this stage, and touch only the table with the calls push makes', () => {
    for (const fn of [ids.connectionsFn, ids.pushFn]) {
      const statements = policyOf(fn);
      const manage = statements.filter((s) => s.Action === 'execute-api:ManageConnections');
      expect(manage).toHaveLength(1);
      expect(JSON.stringify(manage[0]!.Resource)).toContain('/live/POST/@connections/*');
      expect(JSON.stringify(manage[0]!.Resource)).toContain(ids.api);
      const dynamo = statements.filter((s) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
      // The table itself: push's calls only; the stream (push function's event source): reading records only.
      expect(dynamo.filter((s) => s.Resource['Fn::GetAtt']?.[1] === 'Arn')).toEqual([
        { Effect: 'Allow', Action: [...PUSH_TABLE_ACTIONS], Resource: { 'Fn::GetAtt': [ids.table, 'Arn'] } },
      ]);
      for (const s of dynamo.filter((s) => s.Resource['Fn::GetAtt']?.[1] !== 'Arn')) {
        expect(s.Resource).toEqual({ 'Fn::GetAtt': [ids.table, 'StreamArn'] });
        expect(fn).toBe(ids.pushFn);
      }
    }
    expect(policyOf(ids.connectionsFn).some((s) => [s.Action].flat().some((a: string) => a.startsWith('scheduler:') || a === 'iam:PassRole'))).toBe(false);
  });

  it("lets the timer function deliver what a reminder or a retry sends as push does: push's calls on the table, posts to connections of this stage", () => {
    const statements = policyOf(ids.timerFn);
    expect(statements).toContainEqual({ Effect: 'Allow', Action: [...PUSH_TABLE_ACTIONS], Resource: { 'Fn::GetAtt': [ids.table, 'Arn'] } });
    const manage = statements.filter((s) => s.Action === 'execute-api:ManageConnections');
    expect(manage).toHaveLength(1);
    expect(JSON.stringify(manage[0]!.Resource)).toContain('/live/POST/@connections/*');
    expect(JSON.stringify(resources[ids.timerFn]!.Properties!.Environment.Variables.STREAM_ENDPOINT)).toContain(ids.api);
  });

  it('feeds the push function new commits, new seeks in a pool and rewritten headers only; its timers go to the one group, for the timer function, the only one Scheduler invokes', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: ids.pushFn },
      EventSourceArn: { 'Fn::GetAtt': [ids.table, 'StreamArn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: {
        Filters: [
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { sk: { S: [{ prefix: 'C#' }] } } } }) },
          // A seek in an automatch pool: its pool's pass is armed.
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { pk: { S: [{ prefix: 'SEEKS#' }] } } } }) },
          // A header rewritten (a seat taken is told from it); no notification or other item wakes it.
          { Pattern: JSON.stringify({ eventName: ['MODIFY'], dynamodb: { NewImage: { sk: { S: ['HEAD'] } } } }) },
        ],
      },
    });
    const role = resources[ids.schedulerRole]!.Properties!;
    expect(role.AssumeRolePolicyDocument.Statement[0].Condition).toEqual({
      StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
      ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ids.group, 'Arn'] } },
    });
    const invoke = Object.values(template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: ids.schedulerRole }] } }))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .filter((s: Record<string, unknown>) => s.Action === 'lambda:InvokeFunction');
    expect(invoke).toEqual([{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [ids.timerFn, 'Arn'] } }]);
    // Create (deadlines, pool passes, reminders), update (a schedule made twice) and delete (a closed entry's deadline, a reminder of an answered entry), in the one group only.
    const schedules = policyOf(ids.pushFn).filter((s) => JSON.stringify(s.Action).includes('scheduler:'));
    expect(schedules.map((s) => s.Action)).toEqual([['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule']]);
    expect(JSON.stringify(schedules)).toContain(ids.group);
    expect(resources[ids.pushFn]!.Properties!.Environment.Variables.TIMER_FUNCTION_ARN).toEqual({ 'Fn::GetAtt': [ids.timerFn, 'Arn'] });
  });

  it("makes the outbox the delivery function's asynchronous invocations: retried twice, then set aside in its own encrypted dead-letter queue; push and timers may only invoke it", () => {
    const deliverFn = only('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^deliveries:') });
    // No queue of its own: Lambda's queue of asynchronous invocations holds the deliveries; nothing polls for them.
    expect(Object.values(resources).filter((r) => r.Type === 'AWS::SQS::Queue' && r.Properties?.RedrivePolicy)).toEqual([]);
    expect(Object.values(template.findResources('AWS::Lambda::EventSourceMapping', { Properties: { FunctionName: { Ref: deliverFn } } }))).toEqual([]);
    const config = only('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: deliverFn } });
    expect(resources[config]!.Properties).toMatchObject({
      Qualifier: '$LATEST',
      MaximumRetryAttempts: DELIVERY_INVOCATIONS.retryAttempts,
      MaximumEventAgeInSeconds: DELIVERY_INVOCATIONS.maxEventAgeHours * 3600,
    });
    const deadLetters = (resources[config]!.Properties!.DestinationConfig.OnFailure.Destination as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    expect(resources[deadLetters]).toMatchObject({ Type: 'AWS::SQS::Queue', Properties: { SqsManagedSseEnabled: true } });
    expect(resources[deliverFn]!.Properties!.ReservedConcurrentExecutions).toBe(DELIVERY_INVOCATIONS.reservedConcurrency);
    // It waits on receivers and does little CPU work: sized for that (bench/push.ts prices it at this size).
    expect(resources[deliverFn]!.Properties!.MemorySize).toBe(256);
    // A name of its own, which those that hand it deliveries (itself included: a disabled webhook's notice) are told and
    // granted by name, the unqualified function only: a reference to it would close a cycle (it refers to the timer function).
    expect(resources[deliverFn]!.Properties!.FunctionName).toBe('Service-Deliveries');
    const arn = { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':lambda:eu-west-1:', { Ref: 'AWS::AccountId' }, ':function:Service-Deliveries']] };
    for (const fn of [ids.pushFn, ids.timerFn, deliverFn]) {
      expect(resources[fn]!.Properties!.Environment.Variables.DELIVERY_FUNCTION_NAME).toBe('Service-Deliveries');
      expect(policyOf(fn).filter((s) => [s.Action].flat().includes('lambda:InvokeFunction'))).toEqual([
        { Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: arn },
      ]);
    }
    expect(JSON.stringify(policyOf(ids.connectionsFn))).not.toContain('lambda:InvokeFunction');
    // Its dead letters only, for what Lambda sets aside: the delivery function sends nothing else to SQS.
    const sqsResources = policyOf(deliverFn)
      .filter((s) => [s.Action].flat().some((a: string) => a.startsWith('sqs:')))
      .map((s) => s.Resource);
    expect(sqsResources).toEqual([{ 'Fn::GetAtt': [deadLetters, 'Arn'] }]);
    // The push consumer no longer waits on receivers: its time limit is its own work's.
    expect(resources[ids.pushFn]!.Properties!.Timeout).toBeLessThanOrEqual(60);
  });

  it('points stream tickets of the HTTP function at the live stream behind CloudFront (test/infra/stack.test.ts: its behaviour)', () => {
    const http = only('AWS::Lambda::Function', { Description: 'the HTTP API (Hono)' });
    expect(JSON.stringify(resources[http]!.Properties!.Environment.Variables.STREAM_URL)).toMatch(/"wss:\/\/".*Distribution.*"\/v1\/stream"/);
  });

  it('links chat-app webhook messages, recorded by the push consumer, to the tables on the distribution', () => {
    expect(JSON.stringify(resources[ids.pushFn]!.Properties!.Environment.Variables.APP_URL)).toMatch(/"https:\/\/".*Distribution.*DomainName/);
  });
});

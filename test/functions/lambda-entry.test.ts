import type { Context } from 'aws-lambda';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { METRIC, TELEMETRY } from '../../functions/lambda/telemetry-names.js';
import { LOCAL_REGION } from '../../functions/store/dynamo-client.js';
import { commitItem } from '../../functions/store/dynamo-items.js';
import { timerChangesOf } from '../../functions/service/deadline-timer.js';
import { dynamoLocal, freshTable, type TestTable } from '../support/dynamo.js';
import { LambdaClient } from '../support/lambda-client.js';
import { openFirstFollowWindow } from '../support/villages.js';

/**
 * The deployed entry points themselves, imported and invoked in-process the
 * way Lambda does: API Gateway HTTP API (payload 2.0) events for the API and
 * EventBridge Scheduler payloads for the timer, against DynamoDB Local.
 */
let api: LambdaClient;
/** HTTP invocations so far. */
let httpInvocations = 0;
let timer: (event: unknown, context: Context) => Promise<{ status: string; version?: number }>;
let table: TestTable;

/** An EMF document: CloudWatch turns each into metrics. */
interface Emf {
  readonly _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> };
  readonly [key: string]: unknown;
}

/**
 * What the functions write to stdout meanwhile, as Lambda collects it:
 * Powertools writes every log line and EMF document there, one JSON line each.
 */
function captureStdout() {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  return {
    stop(): string[] {
      const text = write.mock.calls.map(([chunk]) => String(chunk)).join('');
      write.mockRestore();
      return text.split('\n').filter((line) => line !== '');
    },
  };
}

const logsOf = (lines: string[]) => lines.map((line) => JSON.parse(line)).filter((entry) => !('_aws' in entry));
const metricsOf = (lines: string[]) => lines.map((line) => JSON.parse(line) as Emf).filter((entry) => '_aws' in entry);
/** Every value recorded for a metric, with the document that carried it. */
const valuesOf = (documents: Emf[], name: string) =>
  documents.flatMap((doc) =>
    doc._aws.CloudWatchMetrics.some((set) => set.Metrics.some((m) => m.Name === name))
      ? [{ doc, values: ([] as unknown[]).concat(doc[name]) as number[] }]
      : [],
  );

beforeAll(async () => {
  table = await freshTable('lambda');
  // What the stack gives the functions, pointed at DynamoDB Local (whose region and key id pick the run's database).
  const dynamo = dynamoLocal();
  Object.assign(process.env, {
    TABLE_NAME: table.tableName,
    AWS_REGION: LOCAL_REGION,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ACCESS_KEY_ID: dynamo.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
    POWERTOOLS_SERVICE_NAME: TELEMETRY.service,
    POWERTOOLS_METRICS_NAMESPACE: TELEMETRY.namespace,
    // The timer function's too: where a reminder or a retry is posted, and where it schedules (nothing here does).
    STREAM_ENDPOINT: 'https://abc.execute-api.eu-west-1.amazonaws.com/live',
    // Where it hands a webhook's retry to the outbox (the delivery function's name; nothing here invokes it).
    DELIVERY_FUNCTION_NAME: 'ValeriaTabletop-Deliveries',
    SCHEDULE_GROUP: 'timers',
    SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
    SCHEDULE_DLQ_ARN: 'arn:aws:sqs:eu-west-1:123456789012:dead-letters',
    // The push function's target for the deadlines it schedules.
    TIMER_FUNCTION_ARN: 'arn:aws:lambda:eu-west-1:123456789012:function:timer',
  });
  const { handler } = await import('../../functions/lambda/http.js');
  api = new LambdaClient(((event: never, context: never) => (httpInvocations++, handler(event, context))) as never);
  timer = (await import('../../functions/lambda/timer.js')).handler as never;
});

describe('HTTP Lambda (payload 2.0 events)', () => {
  it('creates, joins, moves and reads, logging one JSON line per request with its ids that never holds a token, and counting moves', async () => {
    const invokedBefore = httpInvocations;
    const stdout = captureStdout();
    const { gameId, tokens, version, window } = await openFirstFollowWindow(api, { windowSeconds: 3600, turnSeconds: 3600 });
    const follower = window.seat;
    const leader = 1 - follower;
    const me = await api.get('/v1/players/me', { token: tokens[follower] });
    const view = await api.get(`/v1/games/${gameId}`, { token: tokens[follower] });
    expect(view.status).toBe(200);
    expect(view.headers.get('etag')).toBe(`"${version}"`);
    expect(view.body.state.pending).toMatchObject({ kind: 'sequential', step: 'follow' });
    const events = await api.get(`/v1/games/${gameId}/events?after=0`, { token: tokens[follower] });
    expect(events.body.commits.length).toBe(version);
    const refused = await api.post(`/v1/games/${gameId}/moves`, { token: tokens[leader], body: { moves: [{ type: 'decline' }] } });
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect((await api.get('/nowhere')).body.code).toBe('route-not-found');
    const lines = stdout.stop();

    for (const line of lines) for (const token of tokens) expect(line).not.toContain(token);
    const logs = logsOf(lines);
    expect(logs.length).toBeGreaterThan(5);
    // One line per request: as many lines as invocations, each API Gateway request id (the correlation id) once.
    expect(logs.length).toBe(httpInvocations - invokedBefore);
    const correlationIds = logs.map((entry) => entry.correlation_id);
    expect(new Set(correlationIds).size).toBe(logs.length);
    for (const entry of logs) {
      expect(entry).toMatchObject({ level: 'INFO', message: 'request', service: TELEMETRY.service, function_request_id: entry.correlation_id });
      expect(Object.keys(entry)).toEqual(expect.arrayContaining(['method', 'path', 'status', 'ms', 'timestamp']));
      if (entry.path.startsWith(`/v1/games/${gameId}`)) expect(entry.gameId).toBe(gameId);
      else expect(entry.gameId).toBeUndefined();
    }
    const read = logs.find((entry) => entry.method === 'GET' && entry.path === `/v1/games/${gameId}` && entry.playerId === me.body.playerId);
    expect(read, 'the read names its authenticated player').toBeDefined();
    expect(logs.filter((entry) => entry.path === '/v1/players' || entry.path === '/nowhere').every((entry) => entry.playerId === undefined)).toBe(true);
    expect(logs.map((entry) => entry.status)).toContain(409);

    // EMF: accepted moves, and the refusal under its problem code.
    const documents = metricsOf(lines);
    for (const doc of documents) expect(doc._aws.CloudWatchMetrics[0]!.Namespace).toBe(TELEMETRY.namespace);
    const accepted = valuesOf(documents, METRIC.movesAccepted).flatMap(({ values }) => values);
    const movesSent = logs.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/moves') && entry.status === 200).length;
    expect(accepted).toEqual(Array(movesSent).fill(1));
    const rejected = valuesOf(documents, METRIC.movesRejected);
    expect(rejected.map(({ doc, values }) => ({ code: doc.code, service: doc.service, values }))).toEqual([
      { code: refused.body.code, service: TELEMETRY.service, values: [1] },
    ]);
    expect(valuesOf(documents, METRIC.serverErrors)).toEqual([]);
  });
});

/** Stands in for EventBridge Scheduler's API (AWS_ENDPOINT_URL_SCHEDULER): answers every call, recording each schedule created or deleted. */
async function fakeScheduler() {
  const calls: { method: string; name: string; input: unknown }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const name = decodeURIComponent(new URL(request.url ?? '/', 'http://scheduler').pathname.replace(/^\/schedules\//, ''));
      const input = body === '' ? null : (JSON.parse(body) as { Target?: { Input?: string } }).Target?.Input;
      calls.push({ method: request.method ?? '', name, input: typeof input === 'string' ? JSON.parse(input) : null });
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ScheduleArn: `arn:aws:scheduler:eu-west-1:123456789012:schedule/timers/${name}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { calls, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('push Lambda: the stream consumer (DynamoDB Streams events)', () => {
  it('schedules a new commit’s deadline and stores its notifications, in one invocation', async () => {
    const scheduler = await fakeScheduler();
    process.env.AWS_ENDPOINT_URL_SCHEDULER = scheduler.endpoint;
    try {
      const { gameId, tokens, version, window } = await openFirstFollowWindow(api, { windowSeconds: 3600, turnSeconds: 3600 });
      const [opened] = await table.store().readCommits(gameId, version - 1, 1);
      const feed = async () => (await api.get('/v1/notifications', { token: tokens[window.seat] })).body.notifications as { gameId: string }[];
      // On AWS the HTTP function tells nobody: the stream does.
      expect(await feed()).toEqual([]);
      const { handler } = await import('../../functions/lambda/push.js');
      const record = { eventID: 'e1', eventName: 'INSERT' as const, dynamodb: { NewImage: commitItem(opened!), SequenceNumber: '1' } };
      expect(await handler({ Records: [record] } as never, { functionName: 'push', awsRequestId: 'r1' } as never)).toEqual({ batchItemFailures: [] });
      // The commit's timers (the timer function is their target): the new entry's deadline, the closed entry's deleted.
      const { cancel } = timerChangesOf(opened!);
      expect(cancel).not.toBeNull();
      const kindOf = (call: (typeof scheduler.calls)[number]) => (call.input as { kind?: string } | null)?.kind;
      expect(scheduler.calls.filter((call) => kindOf(call) === 'deadline')).toEqual([
        { method: 'POST', name: `${gameId}.${window.id}`, input: { kind: 'deadline', gameId, seq: version, pendingId: window.id } },
      ]);
      expect(scheduler.calls).toContainEqual({ method: 'DELETE', name: cancel, input: null });
      // And push's, at the same time: the new entry's reminders planned (the closed one's cancelled).
      expect(scheduler.calls.some((call) => kindOf(call) === 'reminder')).toBe(true);
      expect(scheduler.calls.every((call) => call.method === 'DELETE' || ['deadline', 'reminder'].includes(kindOf(call) ?? ''))).toBe(true);
      const told = await feed();
      expect(told.length).toBeGreaterThan(0);
      expect(told.every((n) => n.gameId === gameId)).toBe(true);
    } finally {
      delete process.env.AWS_ENDPOINT_URL_SCHEDULER;
      await scheduler.close();
    }
  });
});

describe('timer Lambda (Scheduler payloads)', () => {
  it('closes a follow window that expired with no client activity; duplicate, late and stale firings change nothing', async () => {
    const { gameId, tokens, version, window } = await openFirstFollowWindow(api, { windowSeconds: 1, turnSeconds: 3600 });
    const payload = { gameId, seq: version, pendingId: window.id };
    await sleep(Math.max(0, window.deadline - Date.now()) + 50);
    const stdout = captureStdout();
    let invocations = 0;
    const fire = (event: unknown) => timer(event, { awsRequestId: `timer-${++invocations}`, functionName: 'timer' } as Context);
    // Nobody calls the API: the timer alone closes the window.
    const fired = await fire(payload);
    expect(fired).toEqual({ status: 'settled', version: version + 1 });
    const again = await fire(payload);
    expect(again).toEqual({ status: 'settled', version: version + 1 });
    const stale = await fire({ gameId, seq: 1, pendingId: 'p1' });
    expect(stale).toEqual({ status: 'settled', version: version + 1 });
    expect(await fire({ not: 'a timer' })).toEqual({ status: 'malformed' });
    const lines = stdout.stop();
    const log = await api.get(`/v1/games/${gameId}/events?after=${version}`, { token: tokens[0] });
    expect(log.body.commits).toHaveLength(1);
    expect(log.body.commits[0].actor).toEqual({ kind: 'system' });
    expect(log.body.commits[0].events).toContainEqual({ type: 'declined', seat: window.seat });

    // One JSON line per firing: what fired and what came of it, under the invocation's id, no token.
    for (const line of lines) for (const token of tokens) expect(line).not.toContain(token);
    const firings = logsOf(lines).filter((entry) => entry.message === 'timer');
    expect(firings.map((entry) => entry.outcome.status)).toEqual(['settled', 'settled', 'settled', 'malformed']);
    expect(firings.map((entry) => entry.function_request_id)).toEqual(['timer-1', 'timer-2', 'timer-3', 'timer-4']);
    // The one timeout it committed reports its lag once, in seconds (only the duplicate firings found nothing to do).
    const lag = valuesOf(metricsOf(lines), METRIC.timerLag);
    expect(lag).toHaveLength(1);
    expect(lag[0]!.values).toHaveLength(1);
    expect(lag[0]!.values[0]).toBeGreaterThanOrEqual(0);
    expect(lag[0]!.doc._aws.CloudWatchMetrics[0]!.Metrics).toContainEqual({ Name: METRIC.timerLag, Unit: 'Seconds' });
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dynamoEndpoint, freshTable } from '../support/dynamo.js';
import { LambdaClient } from '../support/lambda-client.js';
import { openFirstFollowWindow } from '../support/villages.js';

/**
 * The deployed entry points themselves, imported and invoked in-process the
 * way Lambda does: API Gateway HTTP API (payload 2.0) events for the API and
 * EventBridge Scheduler payloads for the timer, against DynamoDB Local.
 */
let api: LambdaClient;
let timer: (event: unknown) => Promise<{ status: string; version?: number }>;

beforeAll(async () => {
  const table = await freshTable('lambda');
  // What the stack gives the functions, pointed at DynamoDB Local.
  Object.assign(process.env, {
    TABLE_NAME: table.tableName,
    AWS_REGION: 'eu-west-1',
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint(),
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
  api = new LambdaClient((await import('../../functions/lambda/http.js')).handler as never);
  timer = (await import('../../functions/lambda/timer.js')).handler as never;
});

describe('HTTP Lambda (payload 2.0 events)', () => {
  it('creates, joins, moves and reads, logging one JSON line per request that never holds a token', async () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { gameId, tokens, version, window } = await openFirstFollowWindow(api, { windowSeconds: 3600, turnSeconds: 3600 });
    const follower = window.seat;
    const leader = 1 - follower;
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

    const lines = logged.mock.calls.map(([line]) => String(line));
    logged.mockRestore();
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      expect(Object.keys(JSON.parse(line)).sort()).toEqual(['method', 'ms', 'path', 'status']);
      for (const token of tokens) expect(line).not.toContain(token);
    }
    expect(lines.map((line) => JSON.parse(line).status)).toContain(409);
  });
});

describe('timer Lambda (Scheduler payloads)', () => {
  it('closes a follow window that expired with no client activity; duplicate, late and stale firings change nothing', async () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { gameId, tokens, version, window } = await openFirstFollowWindow(api, { windowSeconds: 1, turnSeconds: 3600 });
    const payload = { gameId, seq: version, pendingId: window.id };
    await sleep(Math.max(0, window.deadline - Date.now()) + 50);
    // Nobody calls the API: the timer alone closes the window.
    const fired = await timer(payload);
    expect(fired).toEqual({ status: 'settled', version: version + 1 });
    const again = await timer(payload);
    expect(again).toEqual({ status: 'settled', version: version + 1 });
    const stale = await timer({ gameId, seq: 1, pendingId: 'p1' });
    expect(stale).toEqual({ status: 'settled', version: version + 1 });
    const log = await api.get(`/v1/games/${gameId}/events?after=${version}`, { token: tokens[0] });
    expect(log.body.commits).toHaveLength(1);
    expect(log.body.commits[0].actor).toEqual({ kind: 'system' });
    expect(log.body.commits[0].events).toContainEqual({ type: 'declined', seat: window.seat });
    expect(await timer({ not: 'a timer' })).toEqual({ status: 'malformed' });

    // One JSON line per firing: what fired and what came of it, no token.
    const firings = logged.mock.calls.map(([line]) => JSON.parse(String(line))).filter((line) => 'timer' in line);
    logged.mockRestore();
    expect(firings.map((line) => line.outcome.status)).toEqual(['settled', 'settled', 'settled', 'malformed']);
    for (const line of firings) for (const token of tokens) expect(JSON.stringify(line)).not.toContain(token);
  });
});

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyFromStream } from '../../functions/notifications/aws-consumer.js';
import { connectionSink, onClientMessage, onConnect, onDisconnect, type ConnectionSender } from '../../functions/notifications/aws-connections.js';
import type { ServerMessage } from '../../functions/notifications/stream-protocol.js';
import { commitItem } from '../../functions/store/dynamo-items.js';
import type { Commit } from '../../functions/store/port.js';
import { startApi, storeOf, type RunningApi } from '../support/api.js';

/** The stream as DynamoDB Streams hands it to Lambda: INSERT records with the commits' new images. */
function streamEvent(commits: readonly Commit[]): DynamoDBStreamEvent {
  return {
    Records: commits.map((commit, i) => ({
      eventID: `e${i}`,
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: String(i), NewImage: commitItem(commit) as Record<string, AttributeValue> as never },
    })),
  };
}

/** Stands in for API Gateway's Management API: records what each connection was sent; listed ones are gone. */
function recordingSender(gone: ReadonlySet<string>) {
  const sent = new Map<string, ServerMessage[]>();
  const sender: ConnectionSender = {
    async post(connectionId, message) {
      if (gone.has(connectionId)) return 'gone';
      sent.set(connectionId, [...(sent.get(connectionId) ?? []), message]);
      return 'sent';
    },
  };
  return { sender, sent };
}

describe('the stream on AWS: $connect, $default, $disconnect and the consumer fan-out (DynamoDB Local)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'push-aws') });
  });
  afterAll(() => api.close());

  it('burns tickets on connect, answers actions, fans out what each player may see and drops gone connections', async () => {
    const { client, ctx } = api;
    const [a, b] = await Promise.all([client.register('Aws A'), client.register('Aws B')]);
    const ticketOf = async (token: string) => (await client.post('/v1/stream/tickets', { token })).body.ticket as string;
    expect(await onConnect(ctx, 'conn-x', 'st_forged')).toEqual({ statusCode: 401 });
    const ticketA = await ticketOf(a.token);
    expect(await onConnect(ctx, 'conn-a', ticketA)).toEqual({ statusCode: 200 });
    expect(await onConnect(ctx, 'conn-again', ticketA)).toEqual({ statusCode: 401 });
    expect(await onConnect(ctx, 'conn-b', await ticketOf(b.token))).toEqual({ statusCode: 200 });

    const gameId = (await client.post('/v1/games', { token: a.token, body: { game: 'village-pillage', seats: 2 } })).body.gameId;
    const { sender, sent } = recordingSender(new Set(['conn-b']));
    await onClientMessage(ctx, sender, 'conn-a', JSON.stringify({ action: 'subscribe', gameId }));
    await onClientMessage(ctx, sender, 'conn-a', JSON.stringify({ action: 'ping' }));
    expect(sent.get('conn-a')).toEqual([{ type: 'subscribed', gameId }, { type: 'pong' }]);
    expect(await onClientMessage(ctx, sender, 'conn-unknown', '{"action":"ping"}')).toEqual({ statusCode: 410 });

    await client.post(`/v1/games/${gameId}/join`, { token: b.token, body: {} });
    const commits = await ctx.store.readCommits(gameId, 0, 100);
    expect(commits.length).toBeGreaterThan(0);
    const outcome = await notifyFromStream(ctx, streamEvent(commits), [connectionSink(ctx, sender)]);
    expect(outcome.batchItemFailures).toEqual([]);

    const toA = (sent.get('conn-a') ?? []).slice(2);
    const stored = (await client.get('/v1/notifications', { token: a.token })).body.notifications;
    const byId = (x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id);
    const notified = toA.filter((m) => m.type === 'notification').map((m) => (m as { notification: { id: string } }).notification);
    expect(notified.sort(byId)).toEqual([...stored].sort(byId));
    const events = (await client.get(`/v1/games/${gameId}/events?after=0`, { token: a.token })).body.commits;
    expect(toA.filter((m) => m.type === 'commit').map((m) => (m as { commit: unknown }).commit)).toEqual(events);
    // B's connection answered gone: it was dropped, with its index entry.
    expect(await ctx.push.getConnection('conn-b')).toBeNull();
    expect(await ctx.push.playerConnections(b.playerId)).toEqual([]);

    expect(await onDisconnect(ctx, 'conn-a')).toEqual({ statusCode: 200 });
    expect(await ctx.push.gameSubscribers(gameId)).toEqual([]);
  });
});

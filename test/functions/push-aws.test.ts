import { GetItemCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTimers } from '../../functions/compose.js';
import { followStream, type StreamLog } from '../../functions/lambda/stream-consumer.js';
import { keepTimersOf } from '../../functions/lambda/stream-timers.js';
import { pushOfBatch } from '../../functions/push/runners/aws.js';
import type { PushSink } from '../../functions/push/notify/channels.js';
import { notificationItem } from '../../functions/push/store/dynamo.js';
import { GameFollower } from '../../functions/push/notify/follow.js';
import { deliveryEvents } from '../../functions/push/outbox/invoke.js';
import type { OutboxMessage } from '../../functions/push/outbox/message.js';
import type { Outbox } from '../../functions/push/outbox/port.js';
import type { Notification } from '../../functions/push/model/schemas.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import { connectionSink, onClientMessage, onConnect, onDisconnect, type ConnectionSender } from '../../functions/push/stream/api-gateway.js';
import type { CommitMessage, ServerMessage } from '../../functions/push/stream/protocol.js';
import { webhookSink } from '../../functions/push/webhooks/webhooks.js';
import { joinGame } from '../../functions/service/lobby.js';
import { loadLive } from '../../functions/service/pipeline.js';
import { submitMoves } from '../../functions/service/play.js';
import { awaitedSeats } from '../../core/engine/index.js';
import { commitItem, keys, seekItem } from '../../functions/store/dynamo-items.js';
import { poolTimer } from '../../functions/service/automatch-timer.js';
import type { Item } from '../../functions/store/capacity.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';
import type { GameHeader, RunningGameClaim } from '../../functions/store/port.js';
import { deadlineTimerOf } from '../../functions/service/deadline-timer.js';
import type { Timer, Timers } from '../../functions/timers/port.js';
import type { PushContext } from '../../functions/push/context.js';
import { startApi, type RunningApi } from '../support/api.js';
import { freshTable, type TestTable } from '../support/dynamo.js';
import { notificationsIn } from '../support/push-api.js';
import { startReceiver } from '../support/webhook-receiver.js';

/** One change as DynamoDB Streams records it: a new item, or one written over (the table's stream keeps new images only). */
type StreamChange = readonly ['INSERT' | 'MODIFY', Item];
const inserted = (item: Item): StreamChange => ['INSERT', item];

/** The stream as DynamoDB Streams hands it to Lambda: the changes' records with the items' new images, in table order. */
function streamEvent(changes: readonly StreamChange[]): DynamoDBStreamEvent {
  return {
    Records: changes.map(([eventName, item], i) => ({
      eventID: `e${i}`,
      eventName,
      dynamodb: { SequenceNumber: String(i), NewImage: item as Record<string, AttributeValue> as never },
    })),
  };
}

/** A game's header item exactly as stored: what the stream's record of its last write carries. */
async function storedHeader(table: TestTable, gameId: string): Promise<Item> {
  const { Item: item } = await table.client.send(new GetItemCommand({ TableName: table.tableName, Key: keys.header(gameId), ConsistentRead: true }));
  if (!item) throw new Error(`no header for ${gameId}`);
  return item;
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

type Key = Record<string, AttributeValue>;
interface CallInput {
  Key?: Key;
  Item?: Key;
  TransactItems?: { Put?: { Item: Key }; Update?: { Key: Key }; Delete?: { Key: Key } }[];
  RequestItems?: Record<string, { PutRequest?: { Item: Key }; DeleteRequest?: { Key: Key } }[]>;
  ExpressionAttributeValues?: Key;
  ConsistentRead?: boolean;
}

/**
 * What a client asks of DynamoDB while `during` runs: each item written, as
 * `<call> <pk> <sk>` (a batch's requests one by one), and each read, as
 * `<call> <pk> <sk or sort-key prefix> <strong|eventual>`: what a route costs.
 */
async function callsDuring(client: DynamoDBClient, during: () => Promise<unknown>): Promise<{ reads: string[]; writes: string[] }> {
  const reads: string[] = [];
  const writes: string[] = [];
  const item = (call: string, key: Key) => `${call} ${key.pk?.S} ${key.sk?.S}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const call = (context.commandName ?? '').replace(/Command$/, '');
      const input = args.input as CallInput;
      const values = input.ExpressionAttributeValues ?? {};
      if (['PutItem', 'UpdateItem', 'DeleteItem'].includes(call)) writes.push(item(call, input.Key ?? input.Item ?? {}));
      for (const request of Object.values(input.RequestItems ?? {}).flat())
        writes.push(request.PutRequest ? item('BatchPut', request.PutRequest.Item) : item('BatchDelete', request.DeleteRequest?.Key ?? {}));
      for (const { Put, Update, Delete } of input.TransactItems ?? [])
        writes.push(Put ? item('TransactPut', Put.Item) : Update ? item('TransactUpdate', Update.Key) : item('TransactDelete', Delete?.Key ?? {}));
      const consistency = input.ConsistentRead ? 'strong' : 'eventual';
      if (call === 'GetItem') reads.push(`${item(call, input.Key ?? {})} ${consistency}`);
      if (call === 'Query') reads.push(`Query ${values[':pk']?.S} ${values[':prefix']?.S ?? ''} ${consistency}`);
      return next(args);
    },
    { step: 'initialize', name: 'recordCalls' },
  );
  try {
    await during();
  } finally {
    client.middlewareStack.remove('recordCalls');
  }
  return { reads, writes };
}

/** What the stream consumer logs of a record it could not handle, recorded. */
function recordingLog() {
  const errors: unknown[] = [];
  const log: StreamLog = { error: (message, fields) => void errors.push([message, fields]) };
  return { log, errors };
}

/** The push function's job alone (no timers asked for): the table's stream consumer as push sees it. */
function pushFromStream(ctx: PushContext, event: DynamoDBStreamEvent, sinks: readonly PushSink[], follower: GameFollower) {
  return followStream(event, [pushOfBatch(ctx, sinks, follower)], recordingLog().log);
}

const writesDuring = async (client: DynamoDBClient, during: () => Promise<unknown>) => (await callsDuring(client, during)).writes;

describe('the stream on AWS: $connect, $default, $disconnect and the consumer fan-out (DynamoDB Local)', () => {
  let api: RunningApi;
  let table: TestTable;
  beforeAll(async () => {
    table = await freshTable('push-aws');
    api = await startApi({ store: table.store() });
  });
  afterAll(() => api.close());

  it('burns tickets on connect, answers actions, fans out what each player may see and drops gone connections', async () => {
    const { client, ctx } = api;
    const [a, b] = await Promise.all([client.register('Aws A'), client.register('Aws B')]);
    const ticketOf = async (token: string) => (await client.post('/v1/stream/tickets', { token })).body.ticket as string;
    expect(await onConnect(ctx, 'conn-x', 'st_forged')).toEqual({ statusCode: 401 });
    const ticketA = await ticketOf(a.token);
    // $connect: the ticket burnt (its place among A's outstanding tickets freed), then in one transaction a connection place claimed, the record and the player's entry stored.
    expect(await writesDuring(table.client, async () => expect(await onConnect(ctx, 'conn-a', ticketA)).toEqual({ statusCode: 200 }))).toEqual([
      expect.stringMatching(/^DeleteItem TICKET#\S+ TICKET$/),
      `DeleteItem PLAYER#${a.playerId} SLOT#ticket#0`,
      `TransactPut PLAYER#${a.playerId} SLOT#conn#0`,
      'TransactPut WSCONN#conn-a CONN',
      `TransactPut PLAYER#${a.playerId} WS#conn-a`,
    ]);
    expect(await onConnect(ctx, 'conn-again', ticketA)).toEqual({ statusCode: 401 });
    expect(await onConnect(ctx, 'conn-b', await ticketOf(b.token))).toEqual({ statusCode: 200 });
    // A's second device, not subscribed to the game.
    expect(await onConnect(ctx, 'conn-a2', await ticketOf(a.token))).toEqual({ statusCode: 200 });

    const gameId = (await client.post('/v1/games', { token: a.token, body: { game: 'village-pillage', seats: 2 } })).body.gameId;
    const { sender, sent } = recordingSender(new Set(['conn-b']));
    // API Gateway cannot send during $connect: `ready` answers the client's `hello`, as on the local server.
    const act = (connectionId: string, action: object) => writesDuring(table.client, () => onClientMessage(ctx, sender, connectionId, JSON.stringify(action)));
    // Only a change of subscriptions writes, and only what changed: the record's set of games and the game's entry.
    expect(await act('conn-a', { action: 'hello' })).toEqual([]);
    expect(await act('conn-a', { action: 'subscribe', gameId })).toEqual(['UpdateItem WSCONN#conn-a CONN', `PutItem WSGAME#${gameId} conn-a`]);
    expect(await act('conn-a', { action: 'ping' })).toEqual([]);
    expect(sent.get('conn-a')).toEqual([
      { type: 'ready', playerId: a.playerId },
      { type: 'subscribed', gameId, version: 0, game: expect.objectContaining({ gameId, status: 'open', version: 0, state: null }), moves: [] },
      { type: 'pong' },
    ]);
    expect(await onClientMessage(ctx, sender, 'conn-unknown', '{"action":"ping"}')).toEqual({ statusCode: 410 });

    await client.post(`/v1/games/${gameId}/join`, { token: b.token, body: {} });
    const commits = await ctx.store.readCommits(gameId, 0, 100);
    expect(commits.length).toBeGreaterThan(0);
    // The HTTP function tells nobody of B's seat: the consumer does, from the header the seat's write stored, which comes before the start commit.
    expect((await client.get('/v1/notifications', { token: a.token })).body.notifications).toEqual([]);
    const seated: StreamChange = ['MODIFY', await storedHeader(table, gameId)];
    // A notification item is not the consumer's business (the stack's filter does not even hand it over).
    const stray: Notification = {
      id: 'n_stray',
      at: new Date().toISOString(),
      type: 'game-started',
      gameId,
      game: 'village-pillage',
      title: 'Village Pillage',
      seat: 0,
      version: 1,
    };
    const other = inserted(notificationItem(a.playerId, stray));
    let outcome: Awaited<ReturnType<typeof pushFromStream>> | undefined;
    const { reads } = await callsDuring(table.client, async () => {
      outcome = await pushFromStream(
        ctx,
        streamEvent([seated, other, ...commits.map((c) => inserted(commitItem(c)))]),
        [connectionSink(ctx, sender)],
        new GameFollower(),
      );
    });
    expect(outcome?.batchItemFailures).toEqual([]);
    // The fan-out reads the connection indexes eventually consistent (half the units); a game's header stays strongly consistent.
    const indexReads = reads.filter((r) => r.startsWith('Query WSGAME#') || / WS# /.test(r));
    expect(indexReads).toContain(`Query WSGAME#${gameId}  eventual`);
    expect(indexReads).toContain(`Query PLAYER#${a.playerId} WS# eventual`);
    expect(indexReads.every((r) => r.endsWith(' eventual'))).toBe(true);
    expect(reads.filter((r) => r.includes(' HEAD ')).every((r) => r.endsWith(' strong'))).toBe(true);
    // The game is met at its first commit: loaded, its header with it; every later commit was decided under that header, so none is read alone.
    expect(reads.filter((r) => r.startsWith('GetItem ') && r.includes(' HEAD '))).toEqual([]);
    const stored: Notification[] = (await client.get('/v1/notifications', { token: a.token })).body.notifications;
    const joined = stored.filter((n) => n.type === 'player-joined');
    expect(joined).toEqual([expect.objectContaining({ type: 'player-joined', gameId, seat: 0, joined: { seat: 1, name: 'Aws B' } })]);

    const toA = (sent.get('conn-a') ?? []).slice(3);
    const byId = (x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id);
    // The subscribed connection: the join alone (no commit carries it), then one commit message per commit, A's notifications riding inside.
    expect(toA[0]).toEqual({ type: 'notification', notification: joined[0] });
    expect(toA.slice(1).every((m) => m.type === 'commit')).toBe(true);
    expect(notificationsIn(toA).sort(byId)).toEqual([...stored].sort(byId));
    const events = (await client.get(`/v1/games/${gameId}/events?after=0`, { token: a.token })).body.commits;
    expect(toA.slice(1).map((m) => (m as CommitMessage).commit)).toEqual(events);
    const newest = toA.at(-1) as CommitMessage;
    expect(newest.game).toEqual((await client.get(`/v1/games/${gameId}`, { token: a.token })).body);
    expect(newest.moves).toEqual((await client.get(`/v1/games/${gameId}/moves`, { token: a.token })).body.moves);
    // The other device: the same notifications, each alone, and no commits.
    const toA2 = sent.get('conn-a2') ?? [];
    expect(toA2.every((m) => m.type === 'notification')).toBe(true);
    expect(notificationsIn(toA2).sort(byId)).toEqual([...stored].sort(byId));
    // B's connection answered gone: it was dropped, with its index entry.
    expect(await ctx.push.getConnection('conn-b')).toBeNull();
    expect(await ctx.push.playerConnections(b.playerId, 'strong')).toEqual([]);

    // A's other device subscribes and unsubscribes: its record and the game's entries are back where they were.
    expect(await act('conn-a2', { action: 'subscribe', gameId })).toEqual(['UpdateItem WSCONN#conn-a2 CONN', `PutItem WSGAME#${gameId} conn-a2`]);
    expect(await act('conn-a2', { action: 'subscribe', gameId })).toEqual([]);
    expect(await ctx.push.gameSubscribers(gameId, 'strong')).toHaveLength(2);
    expect(await act('conn-a2', { action: 'unsubscribe', gameId })).toEqual([`DeleteItem WSGAME#${gameId} conn-a2`, 'UpdateItem WSCONN#conn-a2 CONN']);
    expect(await act('conn-a2', { action: 'unsubscribe', gameId })).toEqual([]);
    expect(sent.get('conn-a2')?.slice(-4)).toEqual([
      expect.objectContaining({ type: 'subscribed', gameId, version: commits.length, moves: newest.moves }),
      expect.objectContaining({ type: 'subscribed', gameId, version: commits.length }),
      { type: 'unsubscribed', gameId },
      { type: 'unsubscribed', gameId },
    ]);
    expect(await ctx.push.getConnection('conn-a2')).toEqual({ connectionId: 'conn-a2', playerId: a.playerId, games: [] });
    expect(await ctx.push.gameSubscribers(gameId, 'strong')).toEqual([{ connectionId: 'conn-a', playerId: a.playerId }]);

    // $disconnect: the record goes (its old image names its entries, so nothing is read), then the player's entry, its place and the game's entry, in one batch.
    expect(await callsDuring(table.client, async () => expect(await onDisconnect(ctx, 'conn-a')).toEqual({ statusCode: 200 }))).toEqual({
      reads: [],
      writes: [
        'DeleteItem WSCONN#conn-a CONN',
        `BatchDelete PLAYER#${a.playerId} WS#conn-a`,
        `BatchDelete PLAYER#${a.playerId} SLOT#conn#0`,
        `BatchDelete WSGAME#${gameId} conn-a`,
      ],
    });
    expect(await ctx.push.getConnection('conn-a')).toBeNull();
    expect(await ctx.push.gameSubscribers(gameId, 'strong')).toEqual([]);
    expect(await ctx.push.playerConnections(a.playerId, 'strong')).toEqual(['conn-a2']);
  });
});

describe('a seat taken is told from the stream, as durable as the seat (DynamoDB Local)', () => {
  let table: TestTable;
  let api: RunningApi;
  /** The real store, but the process dies right after a header write succeeds (the seat is in the table, nothing after it ran). */
  let dying = false;
  beforeAll(async () => {
    table = await freshTable('push-joins');
    const store = new (class extends DynamoStore {
      override async replaceHeader(next: GameHeader, expectedRevision: number, claim?: RunningGameClaim): Promise<boolean> {
        const written = await super.replaceHeader(next, expectedRevision, claim);
        if (dying) throw new Error('the process died right after the seat was written');
        return written;
      }
    })({ client: table.client, tableName: table.tableName });
    api = await startApi({ store, pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true } });
  });
  afterAll(() => api.close());

  it('tells the seated player once, in the feed and by webhook, though the joining process died; a redelivery or a later header write tells nothing more', async () => {
    const { client, ctx } = api;
    const [a, b] = await Promise.all([client.register('Join A'), client.register('Join B')]);
    const receiver = await startReceiver();
    const created = await client.post('/v1/webhooks', { token: a.token, body: { url: receiver.url } });
    expect(created.status).toBe(201);
    const gameId: string = (await client.post('/v1/games', { token: a.token, body: { game: 'village-pillage', seats: 3 } })).body.gameId;

    dying = true;
    const joiner = await ctx.store.getPlayer(b.playerId);
    await expect(joinGame(ctx, joiner!, gameId, undefined)).rejects.toThrow('the process died');
    dying = false;
    expect((await ctx.store.getHeader(gameId))?.seats[1]).toEqual({ kind: 'player', playerId: b.playerId, name: 'Join B' });
    const feedOf = async (token: string): Promise<Notification[]> => (await client.get('/v1/notifications', { token })).body.notifications;
    expect(await feedOf(a.token)).toEqual([]);

    // The push function on AWS: its channels, webhooks through the outbox (run in process here, as the delivery function runs it).
    const run = await startLocalTimers(ctx, { deadlines: false });
    // What the delivery function would be invoked with, as the push function serializes it.
    const payloads: string[] = [];
    const outbox: Outbox = { enqueue: async (messages) => (payloads.push(...deliveryEvents(messages)), run.outbox.enqueue(messages)) };
    const consume = async (changes: readonly StreamChange[]) => {
      const outcome = await pushFromStream(ctx, streamEvent(changes), [webhookSink(ctx, outbox)], new GameFollower());
      await run.outbox.idle();
      expect(outcome.batchItemFailures).toEqual([]);
    };
    const joinedOf = (feed: readonly Notification[]) => feed.filter((n) => n.type === 'player-joined');
    const hooked = (type: string) => receiver.received.filter((r) => (JSON.parse(r.body) as { type: string }).type === type);
    try {
      const seated: StreamChange = ['MODIFY', await storedHeader(table, gameId)];
      await consume([seated]);
      const told = joinedOf(await feedOf(a.token));
      expect(told).toEqual([expect.objectContaining({ gameId, seat: 0, joined: { seat: 1, name: 'Join B' } })]);
      expect(hooked('player-joined').map((r) => JSON.parse(r.body).data)).toEqual(told);
      expect(joinedOf(await feedOf(b.token))).toEqual([]);
      // Queued signed for its first attempt (URL, timestamp, signature), never with the signing secret.
      const [payload] = payloads;
      expect(payload).not.toContain(created.body.secret);
      expect(payload).not.toContain(created.body.secret.slice('whsec_'.length));
      expect((JSON.parse(payload!) as { messages: OutboxMessage[] }).messages.map((m) => m.signed?.url)).toEqual([receiver.url]);

      // The stream hands the record over again: the same item is rewritten, and the webhook is not sent again.
      await consume([seated]);
      expect(joinedOf(await feedOf(a.token))).toEqual(told);
      expect(hooked('player-joined')).toHaveLength(1);

      // A later header write (a bot takes the last seat, the game starts) carries the join along but is not one.
      expect((await client.post(`/v1/games/${gameId}/bots`, { token: a.token, body: { level: 'random' } })).status).toBe(200);
      const commits = await ctx.store.readCommits(gameId, 0, 100);
      await consume([['MODIFY', await storedHeader(table, gameId)], ...commits.map((c) => inserted(commitItem(c)))]);
      expect(hooked('game-started')).toHaveLength(1);
      expect(joinedOf(await feedOf(a.token))).toEqual(told);
      expect(hooked('player-joined')).toHaveLength(1);
    } finally {
      run.stop();
      await receiver.close();
    }
  });
});

describe('the push function takes each record through its timers and push at once (DynamoDB Local)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ store: (await freshTable('push-consumer')).store() });
  });
  afterAll(() => api.close());

  /** The start of a two-player game with daily deadlines: a commit leaving an entry with a deadline pending. */
  async function gameStart(name: string) {
    const { client, ctx } = api;
    const [a, b] = await Promise.all([client.register(`${name} A`), client.register(`${name} B`)]);
    const gameId: string = (await client.post('/v1/games', { token: a.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    expect((await client.post(`/v1/games/${gameId}/join`, { token: b.token, body: {} })).status).toBe(200);
    const [start] = await ctx.store.readCommits(gameId, 0, 1);
    expect(start?.summary.deadline).toEqual(expect.any(Number));
    return start!;
  }

  /** Timers that record what is scheduled, or fail every call while `failing`. */
  function schedulerOf(state: { failing: boolean }) {
    const scheduled: Timer[] = [];
    const timers: Timers = {
      schedule: async (timer) => {
        if (state.failing) throw new Error('Scheduler throttled');
        scheduled.push(timer);
      },
      cancel: async () => {
        if (state.failing) throw new Error('Scheduler throttled');
      },
    };
    return { timers, scheduled };
  }

  /** A channel that records the commits it is handed. */
  function recordingSink() {
    const pushed: number[] = [];
    const sink: PushSink = async (_derived, observed) => void (observed && pushed.push(observed.commit.seq));
    return { sink, pushed };
  }

  it('schedules a new commit’s deadline and pushes it in one invocation; a record whose timers fail is reported, and nothing after it is handled until the retry', async () => {
    const { ctx } = api;
    const commits = [await gameStart('Timed'), await gameStart('Later'), await gameStart('Last')];
    const state = { failing: false };
    const { timers, scheduled } = schedulerOf(state);
    const { sink, pushed } = recordingSink();
    const { log, errors } = recordingLog();
    const follower = new GameFollower();
    const consume = (event: DynamoDBStreamEvent) => followStream(event, [(record) => keepTimersOf(record, timers), pushOfBatch(ctx, [sink], follower)], log);

    // A first commit alone: its deadline scheduled, and its notifications handed to the channels.
    const [first, ...rest] = commits;
    expect(await consume(streamEvent([inserted(commitItem(first!))]))).toEqual({ batchItemFailures: [] });
    expect(pushed).toEqual([first!.seq]);
    expect(scheduled).toEqual([deadlineTimerOf(first!)]);

    // Scheduler fails: the first record of the batch is reported (push handled it meanwhile), and none after it is handled.
    state.failing = true;
    const later = streamEvent(rest.map((c) => inserted(commitItem(c))));
    expect(await consume(later)).toEqual({ batchItemFailures: [{ itemIdentifier: '0' }] });
    expect(pushed).toEqual([first!.seq, rest[0]!.seq]);
    expect(errors).toEqual([['stream record not handled', { stream: 'e0', error: 'Scheduler throttled' }]]);

    // Lambda retries from the reported record: every commit is scheduled, in order; push is handed the failed one again (its channels are keyed, its clients drop a seq they have).
    state.failing = false;
    expect(await consume(later)).toEqual({ batchItemFailures: [] });
    expect(pushed).toEqual([first!.seq, rest[0]!.seq, ...rest.map((c) => c.seq)]);
    expect(scheduled.map((timer) => timer.id)).toEqual(commits.flatMap((c) => deadlineTimerOf(c)?.id ?? []));
  });

  it('arms a new seek’s pool pass and tells push nothing of it', async () => {
    const { client, ctx } = api;
    const ann = await client.register('Seeking Ann');
    const seek = await client.post('/v1/seeks', { token: ann.token, body: { game: 'villages-of-valeria', seats: 2, deadlines: 'daily' } });
    expect(seek.status).toBeLessThan(300);
    const waiting = await ctx.store.listPlayerSeeks(ann.playerId);
    expect(waiting).toHaveLength(1);
    const { timers, scheduled } = schedulerOf({ failing: false });
    const { sink, pushed } = recordingSink();
    const event = streamEvent([inserted(seekItem(waiting[0]!, 'pool'))]);
    expect(await followStream(event, [(record) => keepTimersOf(record, timers), pushOfBatch(ctx, [sink], new GameFollower())], recordingLog().log)).toEqual({
      batchItemFailures: [],
    });
    expect(scheduled).toEqual([poolTimer(waiting[0]!.game, waiting[0]!.pool, waiting[0]!.createdAt)]);
    expect(pushed).toEqual([]);
  });
});

describe('the consumer holds each followed game’s header (DynamoDB Local)', () => {
  let table: TestTable;
  let api: RunningApi;
  beforeAll(async () => {
    table = await freshTable('push-held');
    api = await startApi({ store: table.store() });
  });
  afterAll(() => api.close());

  it('reads no header for a commit decided under one it loaded or heard of in the stream, and one for a commit decided under a header write it missed', async () => {
    const { client, ctx } = api;
    const [a, b] = await Promise.all([client.register('Held A'), client.register('Held B')]);
    const gameId: string = (await client.post('/v1/games', { token: a.token, body: { game: 'villages-of-valeria', seats: 2, deadlines: 'daily', join: true } }))
      .body.gameId;
    await client.post(`/v1/games/${gameId}/join`, { token: b.token, body: {} });
    const follower = new GameFollower();
    let seen = 0;
    const newCommits = async (): Promise<StreamChange[]> => {
      const read = await ctx.store.readCommits(gameId, seen, 100);
      seen += read.length;
      return read.map((c) => inserted(commitItem(c)));
    };
    const move = async () => {
      const live = await loadLive(ctx, gameId);
      const [seat] = awaitedSeats(live.state!.pending);
      const occupant = live.header.seats[seat!];
      const player = occupant?.kind === 'player' ? await ctx.store.getPlayer(occupant.playerId) : null;
      await submitMoves(ctx, player!, gameId, { moves: [live.engine.legalMoves(live.state!, seat!)[0]], ifMatch: null, idempotencyKey: null, requestHash: '' });
    };
    /** A header write nobody announces (the stream still records it). */
    const rewriteHeader = async () => {
      const header = (await ctx.store.getHeader(gameId))!;
      expect(await ctx.store.replaceHeader({ ...header, standingOrders: {}, revision: header.revision + 1 }, header.revision)).toBe(true);
      return ['MODIFY', await storedHeader(table, gameId)] as StreamChange;
    };
    /** The header's lone reads while the consumer takes `changes` as one event. */
    const headerReads = async (changes: readonly StreamChange[]) => {
      let outcome: Awaited<ReturnType<typeof pushFromStream>> | undefined;
      const { reads } = await callsDuring(table.client, async () => (outcome = await pushFromStream(ctx, streamEvent(changes), [], follower)));
      expect(outcome?.batchItemFailures).toEqual([]);
      return reads.filter((r) => r.startsWith('GetItem ') && r.includes(' HEAD '));
    };

    expect(await headerReads(await newCommits())).toEqual([]);
    await move();
    expect(await headerReads(await newCommits())).toEqual([]);
    // The header's record comes before the commits decided under it (one partition): heard, held, nothing read.
    const heard = await rewriteHeader();
    await move();
    expect(await headerReads([heard, ...(await newCommits())])).toEqual([]);
    // One the consumer never saw (another shard's consumer took it, say): the commit's stamp is newer than the header held, so it is read, once.
    await rewriteHeader();
    await move();
    expect(await headerReads(await newCommits())).toEqual([`GetItem GAME#${gameId} HEAD strong`]);
  });
});

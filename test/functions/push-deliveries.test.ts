import { ScanCommand, type AttributeValue, type ScanCommandOutput } from '@aws-sdk/client-dynamodb';
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Dispatcher } from '../../functions/push/outbox/dispatcher.js';
import { LocalOutbox } from '../../functions/push/outbox/local.js';
import type { OutboxMessage } from '../../functions/push/outbox/message.js';
import type { AttemptOutcome, Courier } from '../../functions/push/outbox/port.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import { DynamoPushStore } from '../../functions/push/store/dynamo.js';
import type { CommitMessage } from '../../functions/push/stream/protocol.js';
import { attemptDelivery, signFor } from '../../functions/push/webhooks/deliver.js';
import { dnsResolver, resolveTarget } from '../../functions/push/webhooks/ssrf.js';
import { freshTable, type TestTable } from '../support/dynamo.js';
import { openStream, startPushApi, type PushApi } from '../support/push-api.js';
import { startReceiver } from '../support/webhook-receiver.js';

const message = (targetId: string, deliveryId: string): OutboxMessage => ({ channel: 'webhook', ownerId: 'pl_a', targetId, deliveryId, createdAt: 1 });

/** A courier whose attempts answer as told, each held until released: what the dispatcher did, in order. */
function scriptedCourier() {
  const log: string[] = [];
  const holds: { readonly deliveryId: string; release: (outcome: AttemptOutcome) => void }[] = [];
  const courier: Courier = {
    attempt: (m) =>
      new Promise((resolve) => {
        log.push(`attempt ${m.deliveryId}`);
        holds.push({ deliveryId: m.deliveryId, release: resolve });
      }),
    defer: async (m, until) => void log.push(`defer ${m.deliveryId} until ${until}`),
  };
  const release = async (deliveryId: string, outcome: AttemptOutcome) => {
    const at = holds.findIndex((h) => h.deliveryId === deliveryId);
    holds.splice(at, 1)[0]!.release(outcome);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { courier, log, release };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the outbox dispatcher: targets kept apart', () => {
  it('runs at most `perTarget` attempts to one target at once, while other targets go on', async () => {
    const { courier, log, release } = scriptedCourier();
    const dispatcher = new Dispatcher({ webhook: courier }, () => 0, { perTarget: 2, breaker: { failures: 99, openMs: 1, maxOpenMs: 1 } });
    const runs = ['s1', 's2', 's3'].map((id) => dispatcher.dispatch(message('slow', id)));
    const other = dispatcher.dispatch(message('fast', 'f1'));
    await settle();
    // The third to the slow target waits in its lane; the other target's attempt did not wait for it.
    expect(log).toEqual(['attempt s1', 'attempt s2', 'attempt f1']);
    await release('f1', 'delivered');
    await other;
    await release('s1', 'delivered');
    expect(log.at(-1)).toBe('attempt s3');
    await release('s2', 'delivered');
    await release('s3', 'delivered');
    await Promise.all(runs);
  });

  it('skips a target after `failures` failures in a row, deferring its deliveries; one trial goes through once the pause is over', async () => {
    let now = 1000;
    const { courier, log, release } = scriptedCourier();
    const dispatcher = new Dispatcher({ webhook: courier }, () => now, { perTarget: 5, breaker: { failures: 2, openMs: 100, maxOpenMs: 400 } });
    for (const id of ['a', 'b']) {
      const run = dispatcher.dispatch(message('bad', id));
      await settle();
      await release(id, 'failed');
      await run;
    }
    await dispatcher.dispatch(message('bad', 'c'));
    const elsewhere = dispatcher.dispatch(message('elsewhere', 'x'));
    await settle();
    expect(log.slice(2, 4)).toEqual(['defer c until 1100', 'attempt x']);
    now = 1100;
    const trial = dispatcher.dispatch(message('bad', 'd'));
    await settle();
    // While the trial is out, the others wait as if it failed.
    await dispatcher.dispatch(message('bad', 'e'));
    expect(log.slice(4)).toEqual(['attempt d', 'defer e until 1200']);
    await release('d', 'failed');
    await trial;
    // Failed again: paused twice as long.
    await dispatcher.dispatch(message('bad', 'f'));
    expect(log.at(-1)).toBe('defer f until 1300');
    now = 1300;
    const healed = dispatcher.dispatch(message('bad', 'g'));
    await settle();
    await release('g', 'delivered');
    await healed;
    const next = dispatcher.dispatch(message('bad', 'h'));
    await settle();
    expect(log.at(-1)).toBe('attempt h');
    await release('h', 'delivered');
    await release('x', 'delivered');
    await Promise.all([next, elsewhere]);
  });
});

describe('the local outbox (DynamoDB Local): what was accepted survives a restart', () => {
  let table: TestTable;
  beforeAll(async () => {
    table = await freshTable('outbox');
  });

  it('keeps each message until its handling finished; a new process runs what the old one left, and nothing it finished', async () => {
    const agenda = new DynamoPushStore(table.client, table.tableName);
    const started: string[] = [];
    // The first process dies while its attempts are out: they never finish.
    const dying = new LocalOutbox(agenda, async (m) => {
      started.push(m.deliveryId);
      if (m.deliveryId !== 'done') await new Promise(() => {});
    });
    await dying.enqueue([message('t', 'done'), message('t', 'cut-1'), message('t', 'cut-2')]);
    await settle();
    expect(started.sort()).toEqual(['cut-1', 'cut-2', 'done']);
    await expect.poll(async () => (await agenda.listQueued()).length).toBe(2);
    dying.stop();
    const ran: string[] = [];
    const restarted = new LocalOutbox(agenda, async (m) => void ran.push(m.deliveryId));
    expect(await restarted.restore()).toBe(2);
    await restarted.idle();
    expect(ran.sort()).toEqual(['cut-1', 'cut-2']);
    expect(await agenda.listQueued()).toEqual([]);
  });
});

describe('bounded DNS look-ups', () => {
  it('gives up on a DNS server that never answers, within the attempt’s time limit, and calls that a forbidden target', async () => {
    const silent = createSocket('udp4');
    let asked = 0;
    silent.on('message', () => asked++);
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    const resolver = dnsResolver([`127.0.0.1:${(silent.address() as AddressInfo).port}`]);
    await expect(resolver('hooks.example.com', 200)).rejects.toThrow();
    expect(asked).toBeGreaterThan(0);
    await expect(resolveTarget('https://hooks.example.com/x', DEFAULT_PUSH_POLICY, 200, resolver)).rejects.toThrow('does not resolve');
    const hook = { url: 'https://hooks.example.com/x', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
    const signed = signFor(hook, 'msg_1', '{}', 0);
    const result = await attemptDelivery(signed, { id: 'msg_1', body: '{}' }, { ...DEFAULT_PUSH_POLICY, timeoutMs: 200 }, 0, resolver);
    expect(result).toEqual({ ok: false, status: null, error: expect.stringMatching(/^target forbidden: .*does not resolve/) });
    silent.close();
  });
});

describe('a hanging webhook receiver delays nobody else (DynamoDB Local, real sockets)', () => {
  let api: PushApi;
  let table: TestTable;
  beforeAll(async () => {
    table = await freshTable('deliveries');
    // Attempts may take 30 s here: the hanging receiver holds its request for the whole test.
    api = await startPushApi({ store: table.store(), pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, timeoutMs: 30_000 } });
  });
  afterAll(() => api.close());

  it("another player's webhook and stream message arrive while the hanging receiver still holds its request; the commit path never waits for it", async () => {
    const { client } = api;
    const [ann, ben] = await Promise.all([client.register('Hangs'), client.register('Waits not')]);
    const hanging = await startReceiver(() => 204, 60_000);
    const fine = await startReceiver();
    await client.post('/v1/webhooks', { token: ann.token, body: { url: hanging.url } });
    await client.post('/v1/webhooks', { token: ben.token, body: { url: fine.url } });
    const gameId = (await client.post('/v1/games', { token: ann.token, body: { game: 'villages-of-valeria', seats: 2 } })).body.gameId;
    // Ann also watches the game through the hanging receiver: every commit's notices go there too.
    await client.post('/v1/webhooks', { token: ann.token, body: { url: hanging.url, gameId } });
    const stream = await openStream(client, ben.token);
    stream.send({ action: 'subscribe', gameId });
    await stream.until((all) => all.some((m) => m.type === 'subscribed'));

    await client.post(`/v1/games/${gameId}/join`, { token: ben.token, body: {} });
    // The commit path is done while Ann's deliveries still hang.
    await api.push.notifier.idle();
    await expect.poll(() => hanging.held).toBeGreaterThan(0);
    await expect.poll(() => fine.received.some((r) => r.body.includes('"game-started"'))).toBe(true);
    await stream.until((all) => all.some((m) => m.type === 'commit'));
    expect(hanging.held).toBeGreaterThan(0);

    // Every later move: Ben's stream message (for Ann's moves; his own come in his answers) and webhook arrive while Ann's receiver is still holding its first request.
    const firstHeld = hanging.received.length;
    let benAwaited = (stream.messages.findLast((m): m is CommitMessage => m.type === 'commit')?.moves ?? []).length > 0;
    for (let move = 0; move < 3; move++) {
      const mover = benAwaited ? ben : ann;
      const legal = (await client.get(`/v1/games/${gameId}/moves`, { token: mover.token })).body.moves;
      const answer = await client.post(`/v1/games/${gameId}/moves`, { token: mover.token, body: { moves: [legal[0]] } });
      expect(answer.status, answer.text).toBe(200);
      const version = answer.body.version as number;
      if (mover === ben) benAwaited = (answer.body.next.moves as unknown[]).length > 0;
      else {
        await stream.until((all) => all.some((m) => m.type === 'commit' && m.commit.seq === version));
        const message = stream.messages.find((m): m is CommitMessage => m.type === 'commit' && m.commit.seq === version)!;
        benAwaited = (message.moves ?? []).length > 0;
      }
      await api.push.notifier.idle();
      expect(hanging.held).toBeGreaterThan(0);
    }
    await expect.poll(() => fine.received.some((r) => r.body.includes('"your-turn"'))).toBe(true);
    // Two attempts at once per target: the rest of Ann's wait in her target's lane, not in anyone else's.
    expect(hanging.received.length).toBeGreaterThanOrEqual(firstHeld);
    expect(hanging.held).toBeLessThanOrEqual(2 * 2);
    await stream.close();
    await Promise.all([hanging.close(), fine.close()]);
  });
});

describe('secrets stay in the records that need them (DynamoDB Local)', () => {
  let api: PushApi;
  let table: TestTable;
  beforeAll(async () => {
    table = await freshTable('secrets');
    api = await startPushApi({ store: table.store() });
  });
  afterAll(() => api.close());

  it('after a webhook and a ticket are taken with an Idempotency-Key, only the webhook’s items hold its secret and nothing holds the ticket', async () => {
    const { client } = api;
    const player = await client.register('Keeper');
    const receiver = await startReceiver();
    const headers = { 'Idempotency-Key': 'secret-scan-1' };
    const gameId = (await client.post('/v1/games', { token: player.token, body: { game: 'village-pillage', seats: 2 } })).body.gameId;
    const hook = await client.post('/v1/webhooks', { token: player.token, headers, body: { url: receiver.url, gameId } });
    const again = await client.post('/v1/webhooks', { token: player.token, headers, body: { url: receiver.url, gameId } });
    expect(again.body).toEqual(hook.body);
    const ticket = await client.post('/v1/stream/tickets', { token: player.token, headers });
    await client.post('/v1/stream/tickets', { token: player.token, headers });
    expect(ticket.status, ticket.text).toBe(201);
    const items: Record<string, AttributeValue>[] = [];
    let startKey: Record<string, AttributeValue> | undefined;
    do {
      const page: ScanCommandOutput = await table.client.send(new ScanCommand({ TableName: table.tableName, ExclusiveStartKey: startKey }));
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    const holding = (secret: string) => items.filter((item) => JSON.stringify(item).includes(secret)).map((item) => `${item.pk?.S} ${item.sk?.S}`);
    // The subscription's own two copies (its owner's and the game's), nothing else: not the key's record.
    expect(holding(hook.body.secret).sort()).toEqual([`HOOKS#${gameId} WH#${hook.body.id}`, `PLAYER#${player.playerId} WH#${hook.body.id}`].sort());
    expect(holding(ticket.body.ticket)).toEqual([]);
    await receiver.close();
  });

  it('holds ten unused stream tickets a player at most, even asked at once: the rest are 429 with the limit', async () => {
    const player = await api.client.register('Hoarder');
    const replies = await Promise.all(Array.from({ length: 14 }, () => api.client.post('/v1/stream/tickets', { token: player.token })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    for (const r of replies.filter((r) => r.status !== 201)) expect([r.status, r.body.code, r.body.limit]).toEqual([429, 'too-many-stream-tickets', 10]);
  });

  it('keeps ten stream connections a player open, the eleventh refused 409 with the limit; a connection follows twenty games at most', async () => {
    const { client } = api;
    const player = await client.register('Many tabs');
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await openStream(client, player.token));
    const ticket = (await client.post('/v1/stream/tickets', { token: player.token })).body;
    const refused = await new Promise<{ status: number; body: string }>((resolve) => {
      const ws = new WebSocket(ticket.url);
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
    });
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'too-many-connections', limit: 10 });
    await open.pop()!.close();
    await expect
      .poll(
        async () =>
          await openStream(client, player.token)
            .then((c) => (open.push(c), true))
            .catch(() => false),
      )
      .toBe(true);

    const [stream] = open;
    const games: string[] = [];
    for (let i = 0; i < 21; i++) games.push((await client.post('/v1/games', { token: player.token, body: { game: 'village-pillage', seats: 2 } })).body.gameId);
    for (const gameId of games) stream!.send({ action: 'subscribe', gameId });
    await stream!.until((all) => all.filter((m) => m.type === 'subscribed' || m.type === 'error').length === 21);
    expect(stream!.messages.filter((m) => m.type === 'subscribed')).toHaveLength(20);
    expect(stream!.messages.filter((m) => m.type === 'error')).toEqual([expect.objectContaining({ code: 'too-many-subscriptions', limit: 20 })]);
    for (const c of open) await c.close();
  });
});

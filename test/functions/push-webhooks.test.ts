import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPush, type LocalPushRun } from '../../functions/compose.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import { GameNotice, Notification } from '../../functions/push/model/schemas.js';
import { isForbiddenAddress } from '../../functions/push/webhooks/ssrf.js';
import { startApi, STORE_KINDS, storeOf, type Reply, type RunningApi } from '../support/api.js';
import { answeredNotifications, playToEnd } from '../support/api-players.js';
import { startDiscordReceiver, startSlackReceiver } from '../support/chat-receivers.js';
import { sealedBidsListing } from '../support/sealed-bids.js';
import { sealedTable } from '../support/sealed-table.js';
import { startReceiver } from '../support/webhook-receiver.js';

/** Polls until `found` holds (behaviour only; the bound keeps a broken build from hanging). */
async function eventually<T>(probe: () => Promise<T>, found: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await probe();
    if (found(value)) return value;
    await sleep(50);
  }
  throw new Error('never happened');
}

describe.each(STORE_KINDS)('webhooks (%s store, real receivers on loopback)', (kind) => {
  let api: RunningApi;
  let push: LocalPushRun;
  beforeAll(async () => {
    api = await startApi({
      store: await storeOf(kind, 'push-hooks'),
      // Loopback http by explicit setting, and a retry schedule (and a failing target's pause) of milliseconds instead of hours.
      pushPolicy: {
        ...DEFAULT_PUSH_POLICY,
        allowLoopbackHttp: true,
        appUrl: 'https://play.example',
        retryDelaysMs: [0, 30, 60, 90],
        dispatch: { ...DEFAULT_PUSH_POLICY.dispatch, breaker: { failures: 3, openMs: 40, maxOpenMs: 160 } },
      },
    });
    push = await startLocalPush(api.ctx, { deadlines: false, onError: (error) => console.error(error) });
  });
  afterAll(async () => {
    push.stop();
    await api.close();
  });

  const settled = (token: string, id: string) =>
    eventually(
      async () =>
        (await api.client.get(`/v1/webhooks/${id}/deliveries`, { token })).body.deliveries as { state: string; attempts: { status: number | null }[] }[],
      (list) => list.length > 0 && list.every((d) => d.state !== 'pending'),
    );

  it('delivers every notification of a whole game to each player’s webhook but those their own answers carried, signed, once per message; a game webhook gets public notices only', async () => {
    const { client } = api;
    const players = await Promise.all([0, 1].map((i) => client.register(`Hooked ${i}`)));
    const receivers = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
    const hooks = [];
    for (const [i, p] of players.entries()) {
      const created = await client.post('/v1/webhooks', { token: p.token, body: { url: receivers[i]!.url } });
      expect(created.status, created.text).toBe(201);
      expect(created.body.secret).toMatch(/^whsec_/);
      hooks.push(created.body);
    }
    const gameId = (await client.post('/v1/games', { token: players[0]!.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    const group = await client.post('/v1/webhooks', { token: players[0]!.token, body: { url: receivers[2]!.url, gameId } });
    expect(group.status, group.text).toBe(201);
    expect(group.body.scope).toBe('game');
    await client.post(`/v1/games/${gameId}/join`, { token: players[1]!.token, body: {} });
    const answered = answeredNotifications();
    await playToEnd(
      client,
      gameId,
      players.map((p, seat) => ({ seat, token: p.token })),
      { onResponse: answered.onResponse },
    );
    await push.notifier.idle();

    for (const [i, p] of players.entries()) {
      const stored: Notification[] = (await client.get('/v1/notifications?limit=100', { token: p.token })).body.notifications;
      // What the owner's own answers carried (a round their move closed, the end it made) is theirs already: every other notification comes once.
      const untold = answered.untold(i, stored);
      expect(untold.length).toBeGreaterThan(0);
      await eventually(
        async () => receivers[i]!.received.length,
        (n) => n >= untold.length,
      );
      await settled(p.token, hooks[i].id);
      const got = receivers[i]!.received;
      const verifier = new Webhook(hooks[i].secret);
      const payloads = got.map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: Notification });
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(got.length);
      expect(payloads.map((m) => m.data.id).sort()).toEqual(untold.map((n) => n.id).sort());
      for (const m of payloads) expect(m.type).toBe(m.data.type);
      // A tampered body does not verify.
      expect(() => verifier.verify(got[0]!.body.replace('"seat":', '"seat": '), got[0]!.headers as Record<string, string>)).toThrow();
    }
    // The player whose moves close the rounds was told the next round in their answers (the other, each time, by webhook).
    expect(players.some((_, seat) => answered.of(seat).some((n) => n.type === 'your-turn'))).toBe(true);
    const groupGot = receivers[2]!.received.map((r) => new Webhook(group.body.secret).verify(r.body, r.headers as Record<string, string>) as { data: unknown });
    expect(groupGot.length).toBeGreaterThan(3);
    for (const { data } of groupGot) {
      const notice = GameNotice.parse(data);
      expect(notice.type.startsWith('game.')).toBe(true);
      // Public facts only: exactly the documented keys, nothing more.
      expect(Object.keys(data as object).sort()).toEqual(Object.keys(notice).sort());
    }
    expect(groupGot.filter(({ data }) => (data as GameNotice).type === 'game.ended')).toHaveLength(1);
    for (const r of receivers) await r.close();
  });

  it('posts readable Discord and Slack messages (game, whose turn, until when, the table), waiting as long as their 429s ask', async () => {
    const { client } = api;
    const [discord, slack] = await Promise.all([startDiscordReceiver(0.4), startSlackReceiver(1)]);
    const [ann, ben] = await Promise.all([client.register('Ann <@everyone>'), client.register('Ben *bold*')]);
    const gameId: string = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    const mine = await client.post('/v1/webhooks', { token: ann.token, body: { url: discord.url, format: 'discord', events: ['game-started', 'your-turn'] } });
    expect(mine.status, mine.text).toBe(201);
    expect(mine.body.format).toBe('discord');
    const channel = await client.post('/v1/webhooks', { token: ann.token, body: { url: slack.url, gameId, format: 'slack', events: ['game.turn'] } });
    expect(channel.body.format).toBe('slack');
    expect((await client.post(`/v1/games/${gameId}/join`, { token: ben.token, body: {} })).status).toBe(200);
    await push.notifier.idle();
    await settled(ann.token, mine.body.id);
    await settled(ann.token, channel.body.id);

    const deadline = (await client.get(`/v1/games/${gameId}`, { token: ann.token })).body.state.pending.deadline as string;
    const unix = Math.floor(Date.parse(deadline) / 1000);
    const link = `https://play.example/g/${gameId}`;
    expect(discord.refused).toEqual([]);
    expect(discord.accepted.map((b) => b.content).sort()).toEqual(
      [`Village Pillage has started. ${link}`, `Your turn in Village Pillage, until <t:${unix}:f> (<t:${unix}:R>). ${link}`].sort(),
    );
    // A name can never ping a Discord channel, nor format a message.
    for (const body of discord.accepted) expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(slack.refused).toEqual([]);
    expect(slack.accepted).toEqual([
      {
        text: `Village Pillage: waiting for Ann &lt;@everyone&gt; and Ben *bold* until <!date^${unix}^{date_short_pretty} {time}|${deadline}>. <${link}|Open the table>`,
      },
    ]);
    // Each receiver's 429 was honoured: the rate-limited message came again no sooner than it asked (the schedule alone would retry after 30 ms).
    for (const [hook, waitMs] of [
      [mine.body.id, 400],
      [channel.body.id, 1000],
    ] as const) {
      const deliveries: { attempts: { at: string; status: number }[] }[] = (await client.get(`/v1/webhooks/${hook}/deliveries`, { token: ann.token })).body
        .deliveries;
      const limited = deliveries.filter((d) => d.attempts[0]!.status === 429);
      expect(limited).toHaveLength(1);
      expect(limited[0]!.attempts.map((a) => a.status)).toEqual([429, 200]);
      expect(Date.parse(limited[0]!.attempts[1]!.at) - Date.parse(limited[0]!.attempts[0]!.at)).toBeGreaterThanOrEqual(waitMs);
    }
    await Promise.all([discord.close(), slack.close()]);
  });

  it('retries a receiver that fails 3 times, then delivers; records every attempt', async () => {
    const receiver = await startReceiver((n) => (n < 3 ? 503 : 200));
    const [a, b] = await Promise.all([api.client.register('Flaky'), api.client.register('Friend')]);
    const hook = (await api.client.post('/v1/webhooks', { token: a.token, body: { url: receiver.url, events: ['game-started'] } })).body;
    const gameId = (await api.client.post('/v1/games', { token: a.token, body: { game: 'village-pillage', seats: 2 } })).body.gameId;
    await api.client.post(`/v1/games/${gameId}/join`, { token: b.token, body: {} });
    const [delivery] = await settled(a.token, hook.id);
    expect(delivery).toMatchObject({ state: 'delivered', type: 'game-started' });
    expect(delivery!.attempts.map((t) => t.status)).toEqual([503, 503, 503, 200]);
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    await receiver.close();
  });

  it.each([
    ['en', /failed 4 times/],
    ['fa', /^پیام msg_\S+ در [۰-۹٬]+ دقیقه ۴ بار ناموفق ماند$/u],
  ] as const)('disables a webhook after the retry horizon and tells its owner (why, in their language: %s)', async (language, reason) => {
    const receiver = await startReceiver(() => 500);
    const [a, b] = await Promise.all([api.client.register(`Gone ${language}`), api.client.register(`Other ${language}`)]);
    if (language !== 'en') await api.client.request('PUT', '/v1/players/me/preferences', { token: a.token, body: { language } });
    const hook = (await api.client.post('/v1/webhooks', { token: a.token, body: { url: receiver.url, events: ['game-started'] } })).body;
    const gameId = (await api.client.post('/v1/games', { token: a.token, body: { game: 'village-pillage', seats: 2 } })).body.gameId;
    await api.client.post(`/v1/games/${gameId}/join`, { token: b.token, body: {} });
    const [delivery] = await settled(a.token, hook.id);
    expect(delivery!.state).toBe('failed');
    expect(delivery!.attempts).toHaveLength(4);
    const after = (await api.client.get(`/v1/webhooks/${hook.id}`, { token: a.token })).body;
    expect(after.disabled?.reason).toMatch(reason);
    const notes: Notification[] = (await api.client.get('/v1/notifications', { token: a.token })).body.notifications;
    expect(notes.filter((n) => n.type === 'webhook-disabled')).toMatchObject([{ webhookId: hook.id, url: receiver.url, reason: after.disabled?.reason }]);
    await receiver.close();
  });

  it('honours Idempotency-Key on creating a webhook and pinging it (a retry gets the first answer and changes nothing) and on taking a stream ticket (a fresh one)', async () => {
    const receiver = await startReceiver();
    const player = await api.client.register('Retrier');
    const { token } = player;
    const keyed = (key: string) => ({ token, headers: { 'Idempotency-Key': key } });

    const first = await api.client.post('/v1/webhooks', { ...keyed('hook-1'), body: { url: receiver.url } });
    const again = await api.client.post('/v1/webhooks', { ...keyed('hook-1'), body: { url: receiver.url } });
    expect(first.status, first.text).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body); // the same subscription, its secret shown to its owner again
    expect((await api.client.get('/v1/webhooks', { token })).body.webhooks.map((h: { id: string }) => h.id)).toEqual([first.body.id]);
    const reused = await api.client.post('/v1/webhooks', { ...keyed('hook-1'), body: { url: receiver.url, events: ['game-ended'] } });
    expect(reused.body.code).toBe('idempotency-key-reused');
    expect((await api.client.get('/v1/webhooks', { token })).body.webhooks).toHaveLength(1);
    // Keys are per player: another player's same key is another request.
    const other = await api.client.register('Other retrier');
    const theirs = await api.client.post('/v1/webhooks', { token: other.token, headers: { 'Idempotency-Key': 'hook-1' }, body: { url: receiver.url } });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);

    const ping = await api.client.post(`/v1/webhooks/${first.body.id}/test`, keyed('ping-1'));
    const pingAgain = await api.client.post(`/v1/webhooks/${first.body.id}/test`, keyed('ping-1'));
    expect(ping.status, ping.text).toBe(200);
    expect(pingAgain.body).toEqual(ping.body);
    expect(receiver.received).toHaveLength(1); // one ping sent, not two
    expect((await api.client.get(`/v1/webhooks/${first.body.id}/deliveries`, { token })).body.deliveries).toHaveLength(1);
    expect((await api.client.post(`/v1/webhooks/${first.body.id}/test`, keyed('ping-2'))).status).toBe(200);
    expect(receiver.received).toHaveLength(2);

    // A ticket is harmless to issue again, so a retry is answered with a fresh one and no record keeps either.
    const ticket = await api.client.post('/v1/stream/tickets', keyed('ticket-1'));
    const ticketAgain = await api.client.post('/v1/stream/tickets', keyed('ticket-1'));
    expect(ticket.status, ticket.text).toBe(201);
    expect(ticketAgain.status).toBe(201);
    expect(ticketAgain.body.ticket).toMatch(/^st_/);
    expect(ticketAgain.body.ticket).not.toBe(ticket.body.ticket);
    const badKey = await api.client.post('/v1/stream/tickets', keyed('not a key!'));
    expect(badKey.status).toBe(400);
    expect(badKey.body.code).toBe('invalid-request');
    await receiver.close();
  });

  it('answers ping, lists, hides the secret, keeps webhooks private to their owner and deletes them', async () => {
    const receiver = await startReceiver();
    const [a, b] = await Promise.all([api.client.register('Owner'), api.client.register('Stranger')]);
    const hook = (await api.client.post('/v1/webhooks', { token: a.token, body: { url: receiver.url } })).body;
    const ping = await api.client.post(`/v1/webhooks/${hook.id}/test`, { token: a.token });
    expect(ping.status, ping.text).toBe(200);
    expect(ping.body).toEqual({ deliveryId: expect.stringMatching(/^msg_/), outcome: 'delivered' });
    const signed = new Webhook(hook.secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>);
    expect(signed).toMatchObject({ type: 'ping', data: { webhookId: hook.id } });
    const listed = await api.client.get('/v1/webhooks', { token: a.token });
    expect(listed.body.webhooks).toEqual([{ ...hook, secret: undefined }].map(({ secret: _, ...rest }) => rest));
    expect(listed.text).not.toContain(hook.secret);
    expect((await api.client.get(`/v1/webhooks/${hook.id}`, { token: b.token })).body.code).toBe('webhook-not-found');
    expect((await api.client.request('DELETE', `/v1/webhooks/${hook.id}`, { token: b.token })).status).toBe(404);
    expect((await api.client.request('DELETE', `/v1/webhooks/${hook.id}`, { token: a.token })).status).toBe(204);
    expect((await api.client.get('/v1/webhooks', { token: a.token })).body.webhooks).toEqual([]);
    await receiver.close();
  });

  it('answers a test ping with delivered, refused or timed out only: never the receiver’s status or error text, there or in the deliveries list', async () => {
    const owner = await api.client.register('Scanner');
    const answering = await startReceiver((n) => [401, 503][n] ?? 200);
    const hanging = await startReceiver(() => 204, 60_000);
    const closed = await startReceiver();
    await closed.close(); // nothing listens on its port any more
    const outcomes: string[] = [];
    for (const url of [answering.url, answering.url, hanging.url, closed.url]) {
      const hook = (await api.client.post('/v1/webhooks', { token: owner.token, body: { url } })).body;
      const ping = await api.client.post(`/v1/webhooks/${hook.id}/test`, { token: owner.token });
      expect(ping.status, ping.text).toBe(200);
      expect(Object.keys(ping.body).sort()).toEqual(['deliveryId', 'outcome']);
      outcomes.push(ping.body.outcome);
      const [listed] = (await api.client.get(`/v1/webhooks/${hook.id}/deliveries`, { token: owner.token })).body.deliveries;
      expect(listed.attempts).toEqual([{ at: expect.any(String), status: null, error: ping.body.outcome === 'delivered' ? null : ping.body.outcome }]);
      await api.client.request('DELETE', `/v1/webhooks/${hook.id}`, { token: owner.token });
    }
    // 401 and 503 alike are refused, like a port where nothing listens; a receiver that never answers timed out.
    expect(outcomes).toEqual(['refused', 'refused', 'timed out', 'refused']);
    expect(answering.received).toHaveLength(2);
    await Promise.all([answering.close(), hanging.close()]);
  });

  it('keeps ten webhooks a player, however many are created at once: 20 parallel creates leave exactly 10, each refusal 409 with the limit', async () => {
    const receiver = await startReceiver();
    const player = await api.client.register('Greedy');
    const replies = await Promise.all(Array.from({ length: 20 }, () => api.client.post('/v1/webhooks', { token: player.token, body: { url: receiver.url } })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect([r.status, r.body.code, r.body.limit]).toEqual([409, 'too-many-webhooks', 10]);
    const kept = (await api.client.get('/v1/webhooks', { token: player.token })).body.webhooks as { id: string }[];
    expect(kept).toHaveLength(10);
    // Deleting one makes room for exactly one.
    await api.client.request('DELETE', `/v1/webhooks/${kept[0]!.id}`, { token: player.token });
    const after = await Promise.all([0, 1].map(() => api.client.post('/v1/webhooks', { token: player.token, body: { url: receiver.url } })));
    expect(after.map((r) => r.status).sort()).toEqual([201, 409]);
    await receiver.close();
  });

  it('refuses SSRF targets with 422 webhook-target-forbidden, and bad scopes precisely', async () => {
    const a = await api.client.register('Sneaky');
    for (const url of [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00::1]/hook',
      'https://localhost/hook',
      'http://localhost:9/hook',
      'http://127.0.0.2/hook',
      'http://example.com/hook',
      'https://user:pw@example.com/hook',
      'ftp://127.0.0.1/hook',
      'not a url',
    ]) {
      const reply = await api.client.post('/v1/webhooks', { token: a.token, body: { url } });
      expect(reply.status, url).toBe(422);
      expect(reply.body.code, url).toBe('webhook-target-forbidden');
    }
    expect((await api.client.get('/v1/webhooks', { token: a.token })).body.webhooks).toEqual([]);
    const wrongEvents = await api.client.post('/v1/webhooks', { token: a.token, body: { url: 'http://127.0.0.1:9/x', events: ['game.turn'] } });
    expect([wrongEvents.status, wrongEvents.body.code]).toEqual([422, 'invalid-events']);
    const unknownGame = await api.client.post('/v1/webhooks', { token: a.token, body: { url: 'http://127.0.0.1:9/x', gameId: 'g_nope' } });
    expect([unknownGame.status, unknownGame.body.code]).toEqual([404, 'game-not-found']);
    const b = await api.client.register('Seated');
    const gameId = (await api.client.post('/v1/games', { token: b.token, body: { game: 'village-pillage', seats: 2 } })).body.gameId;
    const notSeated = await api.client.post('/v1/webhooks', { token: a.token, body: { url: 'http://127.0.0.1:9/x', gameId } });
    expect([notSeated.status, notSeated.body.code]).toEqual([403, 'not-seated']);
  });
});

describe('forbidden addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd12::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:a00:1', true],
    ['::ffff:8.8.8.8', false],
    ['8.8.8.8', false],
    ['2606:4700:4700::1111', false],
    ['not-an-ip', true],
  ])('%s → forbidden %s', (address, forbidden) => {
    expect(isForbiddenAddress(address)).toBe(forbidden);
  });
});

describe('chat channels during an undo loop (DynamoDB Local)', () => {
  let api: RunningApi;
  let push: LocalPushRun;
  beforeAll(async () => {
    api = await startApi({
      store: await storeOf('dynamodb', 'push-chat-undo'),
      games: [sealedBidsListing],
      pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, appUrl: 'https://play.example', retryDelaysMs: [0, 30, 60, 90] },
    });
    push = await startLocalPush(api.ctx, { deadlines: false, onError: (error) => console.error(error) });
  });
  afterAll(async () => {
    push.stop();
    await api.close();
  });

  it('tells a Discord and a Slack channel once per change of whose turn it is, however often moves and undos hand it back; a program hears each, but not what its owner’s own answers carried', async () => {
    const { client } = api;
    const [alice, bob] = [await client.register('Alice'), await client.register('Bob')];
    const receivers = await Promise.all([startDiscordReceiver(0.05), startSlackReceiver(0.05), startReceiver(), startDiscordReceiver(0.05), startReceiver()]);
    const [discord, slack, program, bobsDiscord, bobsProgram] = receivers;
    const hook = async (token: string, body: object) => (await client.post('/v1/webhooks', { token, body })).body;
    const mine = await hook(alice.token, { url: discord.url, format: 'discord', events: ['your-turn'] });
    const own = await hook(alice.token, { url: program.url, events: ['your-turn'] });
    const bobs = await hook(bob.token, { url: bobsDiscord.url, format: 'discord', events: ['your-turn'] });
    const bobsOwn = await hook(bob.token, { url: bobsProgram.url, events: ['your-turn'] });
    const created = await client.post('/v1/games', {
      token: alice.token,
      body: { game: 'sealed-bids', seats: 2, options: { rounds: 3 }, deadlines: { turnSeconds: 3600, windowSeconds: 3600 } },
    });
    const gameId: string = created.body.gameId;
    const channel = await hook(alice.token, { url: slack.url, gameId, format: 'slack', events: ['game.turn'] });
    expect((await client.post(`/v1/games/${gameId}/join`, { token: bob.token, body: {} })).status).toBe(200);
    const table = sealedTable(client);
    // What Alice's own answers told her: the turns they handed back, which no channel sends her and her feed does not list.
    const toldAlice: Notification[] = [];
    const answered = (reply: Reply) => {
      expect(reply.status, reply.text).toBe(200);
      toldAlice.push(...(reply.body.notifications as Notification[]));
      return reply;
    };
    const undo = async (version: number) => answered(await client.post(`/v1/games/${gameId}/undo`, { token: alice.token, body: { version } }));
    // Each step's messages land before the next move: the outbox runs every message at once, so two in flight together
    // may reach a channel in either order, and the order of the channel's messages is asserted below.
    const step = async () => {
      await push.notifier.idle();
      await push.outbox.idle();
    };
    await step();

    // The bid window: Alice bids and takes it back (her turn again, same window), bids again; Bob bids and the leader's turn opens.
    await undo(answered(await table.bid(gameId, alice.token)).body.version);
    await step();
    answered(await table.bid(gameId, alice.token));
    expect((await table.bid(gameId, bob.token)).status).toBe(200);
    await step();
    // Alice leads, takes it back (her lead again), leads again: round 2's window opens twice under one pending entry.
    await undo(answered(await table.move(gameId, alice.token, { type: 'double' })).body.version);
    await step();
    answered(await table.move(gameId, alice.token, { type: 'double' }));
    await step();

    const turnsOf = async (token: string) =>
      (await client.get('/v1/notifications?limit=100', { token })).body.notifications.filter((n: Notification) => n.type === 'your-turn') as Extract<
        Notification,
        { type: 'your-turn' }
      >[];
    // Alice was announced her turn six times over three pending entries: each was handed back once (two undos, one move taken again).
    // Her feed lists the two others' commits told her (the start, the lead Bob's bid handed her); her answers told her the other four.
    const listed = await turnsOf(alice.token);
    const toldTurns = toldAlice.filter((n): n is (typeof listed)[number] => n.type === 'your-turn');
    expect(listed).toHaveLength(2);
    expect(toldTurns).toHaveLength(4);
    expect(toldAlice.filter((n) => n.type !== 'your-turn')).toEqual([]);
    const turns = [...listed, ...toldTurns];
    expect(new Set(turns.map((n) => n.id)).size).toBe(6);
    const entries = [...new Set(turns.map((n) => n.pending.id))];
    expect(entries).toHaveLength(3);
    // Bob, twice over round 2's window (opened by Alice's lead, closed by her undo, opened again by her lead), once at the start.
    expect(await turnsOf(bob.token)).toHaveLength(3);

    const settledAll = async (token: string, hookId: string, count: number) =>
      eventually(
        async () => (await client.get(`/v1/webhooks/${hookId}/deliveries`, { token })).body.deliveries as { state: string }[],
        (list) => list.length === count && list.every((d) => d.state === 'delivered'),
      );
    // Alice's own channels: the start and the lead Bob's bid handed her, not the four turns her own answers told her (round 2's window never).
    await settledAll(alice.token, own.id, 2);
    expect(program.received).toHaveLength(2);
    await settledAll(alice.token, mine.id, 2);
    expect(discord.refused).toEqual([]);
    expect(discord.accepted).toHaveLength(2);
    expect(discord.accepted.every((b) => String(b.content).startsWith('Your turn in Sealed Bids (test fixture), until'))).toBe(true);
    // Bob's: a program hears each of his three turns, his chat app each of his two entries once.
    await settledAll(bob.token, bobsOwn.id, 3);
    expect(bobsProgram.received).toHaveLength(3);
    await settledAll(bob.token, bobs.id, 2);
    expect(bobsDiscord.refused).toEqual([]);
    expect(bobsDiscord.accepted).toHaveLength(2);
    // The channel: both to bid, Alice to lead, both to bid in round 2 — once each, whoever moved.
    await settledAll(alice.token, channel.id, 3);
    expect(slack.refused).toEqual([]);
    expect(slack.accepted.map((b) => String(b.text).split(' until ')[0])).toEqual([
      'Sealed Bids (test fixture): waiting for Alice and Bob',
      'Sealed Bids (test fixture): waiting for Alice',
      'Sealed Bids (test fixture): waiting for Alice and Bob',
    ]);
    await Promise.all(receivers.map((r) => r.close()));
    // Nothing more arrives later: every message either settled or was never queued.
    await step();
    expect((await client.get(`/v1/webhooks/${mine.id}/deliveries`, { token: alice.token })).body.deliveries).toHaveLength(2);
    expect((await client.get(`/v1/webhooks/${bobs.id}/deliveries`, { token: bob.token })).body.deliveries).toHaveLength(2);
  });
});

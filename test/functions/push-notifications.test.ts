import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLocalNotifier, type LocalNotifier } from '../../functions/push/runners/local.js';
import { notifyCommit } from '../../functions/push/notify/notifier.js';
import { DEFAULT_NOTIFY } from '../../functions/push/model/preferences.js';
import { Notification } from '../../functions/push/model/schemas.js';
import { startApi, STORE_KINDS, storeOf, type RunningApi } from '../support/api.js';
import { playToEnd } from '../support/api-players.js';

/** Every notification of a player, page by page through the cursor. */
async function allNotifications(api: RunningApi, token: string, pageSize: number, after: string | null = null) {
  const seen: Notification[] = [];
  let cursor = after;
  for (;;) {
    const reply = await api.client.get(`/v1/notifications?limit=${pageSize}${cursor ? `&after=${cursor}` : ''}`, { token });
    expect(reply.status, reply.text).toBe(200);
    seen.push(...reply.body.notifications.map((n: unknown) => Notification.parse(n)));
    cursor = reply.body.next;
    if (!reply.body.more) return { seen, cursor };
  }
}

/**
 * Both stores; and on DynamoDB, a notifier that holds nothing in memory, as
 * one that fell far behind: it reads every commit back from the log
 * (functions/push/runners/backlog.ts), and must tell exactly the same.
 */
const RUNS = [...STORE_KINDS.map((kind) => [kind, undefined] as const), ['dynamodb', 0] as const];

describe.each(RUNS)('notifications (%s store, real HTTP, holding at most %s)', (kind, holdAtMost) => {
  let api: RunningApi;
  let notifier: LocalNotifier;
  beforeAll(async () => {
    api = await startApi({ store: await storeOf(kind, `push-notes-${holdAtMost ?? 'default'}`) });
    notifier = runLocalNotifier(api.ctx, [], {
      onError: (error) => {
        throw error;
      },
      ...(holdAtMost === undefined ? {} : { holdAtMost }),
    });
  });
  afterAll(async () => {
    notifier.stop();
    await api.close();
  });

  it('tells each player of a whole game exactly what concerns them, once, and catches up by cursor', async () => {
    const { client, ctx } = api;
    const players = await Promise.all([0, 1].map((i) => client.register(`Pillager ${i}`)));
    const created = await client.post('/v1/games', { token: players[0]!.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } });
    const gameId: string = created.body.gameId;
    expect((await client.post(`/v1/games/${gameId}/join`, { token: players[1]!.token, body: {} })).status).toBe(200);
    // Half-way, player 1 notes where it stands, then is "away" until the end.
    let midCursor: string | null = null;
    let moves = 0;
    // Each move's answer: what its commit told its author.
    const answers: { seat: number; seq: number; told: Notification[] }[] = [];
    await playToEnd(
      client,
      gameId,
      players.map((p, seat) => ({ seat, token: p.token })),
      {
        onResponse: async (seat, reply) => {
          if (reply.body.commit && reply.body.next) answers.push({ seat, seq: reply.body.commit.seq, told: reply.body.notifications });
          if (++moves !== 40) return;
          await notifier.idle();
          midCursor = (await allNotifications(api, players[1]!.token, 100)).cursor;
        },
      },
    );
    await notifier.idle();

    const commits = await ctx.store.readCommits(gameId, 0, 10_000);
    for (const [seat, player] of players.entries()) {
      const { seen } = await allNotifications(api, player.token, 7);
      const ids = seen.map((n) => n.id);
      expect(new Set(ids).size, 'no duplicate ids').toBe(ids.length);
      expect(seen.every((n) => n.type === 'webhook-disabled' || (n.gameId === gameId && n.seat === seat))).toBe(true);
      expect(seen.filter((n) => n.type === 'game-started')).toHaveLength(1);
      const ended = seen.filter((n) => n.type === 'game-ended');
      expect(ended).toHaveLength(1);
      const verify = await client.get(`/v1/games/${gameId}/verify`, { token: player.token });
      expect(verify.status).toBe(200);
      // The feed lists every your-turn but those this seat's own answers carried (a new round its move opened).
      const mine = answers.filter((a) => a.seat === seat);
      const answeredTurns = mine.flatMap((a) => a.told).filter((n) => n.type === 'your-turn');
      const listedTurns = seen.filter((n) => n.type === 'your-turn');
      expect(listedTurns.length).toBeGreaterThan(0);
      const turns = [...listedTurns, ...answeredTurns];
      expect(turns.length).toBeGreaterThan(3);
      // Every your-turn names a pending entry that truly awaited this seat, opened by the commit it cites.
      for (const turn of turns) {
        const opening = commits.find((c) => c.seq === turn.version);
        expect(opening?.summary.pendingId).toBe(turn.pending.id);
        expect(opening?.summary.awaiting).toContain(seat);
        expect(Date.parse(turn.pending.deadline)).toBe(opening?.summary.deadline);
      }
      // And every pending entry that awaited this seat was announced.
      const awaitedEntries = new Set(commits.filter((c) => c.summary.awaiting.includes(seat)).map((c) => c.summary.pendingId));
      expect(new Set(turns.map((t) => t.pending.id))).toEqual(awaitedEntries);
      // Oldest first.
      expect(seen.map((n) => n.at)).toEqual([...seen.map((n) => n.at)].sort());
      // Every answer told its author what the feed lists for that commit (the end), and the turn it handed back, which the feed does not list.
      for (const { seq, told } of mine) expect(told.filter((n) => n.type !== 'your-turn')).toEqual(seen.filter((n) => 'version' in n && n.version === seq));
    }

    // Some answers told their author something: the one that ended the game, and the rounds their moves opened.
    expect(answers.some((a) => a.told.some((n) => n.type === 'game-ended'))).toBe(true);
    expect(answers.some((a) => a.told.some((n) => n.type === 'your-turn'))).toBe(true);

    // A client away since the middle catches up with `after` and misses nothing.
    expect(midCursor).not.toBeNull();
    const everything = (await allNotifications(api, players[1]!.token, 100)).seen;
    const caughtUp = (await allNotifications(api, players[1]!.token, 5, midCursor)).seen;
    expect(caughtUp.length).toBeGreaterThan(0);
    expect(everything.slice(everything.length - caughtUp.length)).toEqual(caughtUp);
    expect((await allNotifications(api, players[1]!.token, 5, (await allNotifications(api, players[1]!.token, 100)).cursor)).seen).toEqual([]);

    // Deriving a commit again (a redelivered stream record) stores nothing new.
    for (const commit of commits.slice(0, 10)) await notifyCommit(ctx, commit);
    expect((await allNotifications(api, players[1]!.token, 100)).seen).toEqual(everything);
  });

  it('refuses a cursor it did not issue with 400 invalid-cursor', async () => {
    const player = await api.client.register('Curious');
    for (const after of ['nope', Buffer.from('N#123#x').toString('base64url'), 'TiMwMDAwMDAwMDAwMDAwI2E=']) {
      const reply = await api.client.get(`/v1/notifications?after=${after}`, { token: player.token });
      expect(reply.status, after).toBe(400);
      expect(reply.body.code).toBe('invalid-cursor');
    }
    expect((await api.client.get('/v1/notifications')).status).toBe(401);
  });

  it('keeps reminder preferences: default one at 0.8, up to 3 distinct fractions', async () => {
    const player = await api.client.register('Forgetful');
    const token = player.token;
    expect((await api.client.get('/v1/players/me/preferences', { token })).body).toEqual({ reminders: [0.8], notify: DEFAULT_NOTIFY });
    const put = await api.client.request('PUT', '/v1/players/me/preferences', { token, body: { reminders: [0.9, 0.5] } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ reminders: [0.5, 0.9], notify: DEFAULT_NOTIFY });
    expect((await api.client.get('/v1/players/me/preferences', { token })).body).toEqual({ reminders: [0.5, 0.9], notify: DEFAULT_NOTIFY });
    for (const reminders of [[0.1, 0.2, 0.3, 0.4], [1], [0], [0.5, 0.5], 'soon']) {
      const bad = await api.client.request('PUT', '/v1/players/me/preferences', { token, body: { reminders } });
      expect(bad.status, JSON.stringify(reminders)).toBe(400);
      expect(bad.body.code).toBe('invalid-request');
    }
    expect((await api.client.get('/v1/players/me/preferences', { token })).body).toEqual({ reminders: [0.5, 0.9], notify: DEFAULT_NOTIFY });
  });
});

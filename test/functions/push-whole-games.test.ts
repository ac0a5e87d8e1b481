import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameNotice, Notification } from '../../functions/push/model/schemas.js';
import { chatBody } from '../../functions/push/webhooks/chat.js';
import type { CommitMessage, ServerMessage } from '../../functions/push/stream/protocol.js';
import { storeOf } from '../support/api.js';
import { answeredNotifications, playToEnd } from '../support/api-players.js';
import { notificationsIn, openStream, startPushApi, type PushApi } from '../support/push-api.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { randomBytes } from 'node:crypto';
import { localEmailPolicy } from '../../functions/compose.js';
import { startMailCatcher, type MailCatcher } from '../../functions/local/mail-catcher.js';
import { isEmailed, renderMail } from '../../functions/push/email/message.js';
import { smtpMailer } from '../../functions/push/email/smtp.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import { EMAILED_TYPES } from '../../functions/push/model/preferences.js';

/**
 * Items 5–7 of the push issue: two players play whole games of each of the
 * three games while each holds a WebSocket and a webhook receiver on
 * loopback, and a confirmed e-mail address mailed every type e-mail carries
 * (through the local mail catcher). Every notification, stream message,
 * webhook body and e-mail is checked for what its addressee may not see.
 */

let api: PushApi;
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
  api = await startPushApi({
    store: await storeOf('dynamodb', 'push-games'),
    pushPolicy: {
      ...DEFAULT_PUSH_POLICY,
      allowLoopbackHttp: true,
      appUrl: 'https://play.example',
      retryDelaysMs: [0, 30, 60, 90],
      email: localEmailPolicy({}, randomBytes(32).toString('base64url'), smtpMailer(catcher.smtpUrl)),
    },
  });
});
afterAll(async () => {
  await api.close();
  await catcher.stop();
});

/** The player's address set and confirmed through the link mailed to it, and every type e-mail carries turned on. */
async function mailEverything(token: string, address: string) {
  const before = catcher.received.length;
  expect((await api.client.request('PUT', '/v1/players/me/email', { token, body: { address } })).status).toBe(202);
  await api.push.outbox.idle();
  await catcher.until(before + 1);
  const link = /https:\/\/play\.example(\/v1\/email\/confirm\S+)/.exec(catcher.received.at(-1)!.parsed.text ?? '')![1]!;
  expect((await fetch(`${api.client.baseUrl}${link}`, { method: 'POST' })).status).toBe(200);
  const notify = Object.fromEntries(EMAILED_TYPES.map((type) => [type, { email: true }]));
  expect((await api.client.request('PUT', '/v1/players/me/preferences', { token, body: { notify } })).status).toBe(200);
}

async function allNotifications(token: string, after: string | null = null) {
  const seen: Notification[] = [];
  let cursor = after;
  for (;;) {
    const reply = await api.client.get(`/v1/notifications?limit=100${cursor ? `&after=${cursor}` : ''}`, { token });
    seen.push(...reply.body.notifications);
    cursor = reply.body.next;
    if (!reply.body.more) return { seen, cursor };
  }
}

async function allEvents(gameId: string, token: string) {
  const commits: { seq: number }[] = [];
  for (let after = 0; ;) {
    const page = await api.client.get(`/v1/games/${gameId}/events?after=${after}`, { token });
    commits.push(...page.body.commits);
    after = page.body.next;
    if (!page.body.more) return commits;
  }
}

/** A commit as the events route shows it: made by a seated player's request, by a bot, or by the service. */
type Shown = { seq: number; actor: { kind: string; playerId?: string } };
const madeBy = (commit: Shown, playerId: string) => commit.actor.kind === 'player' && commit.actor.playerId === playerId;

/**
 * The commit message of a game's current version carries the player's `game`
 * and `moves` exactly as GET answers them; none comes for a commit the
 * player's own request made (its answer carried the same).
 */
async function expectStateAndMovesAsRoutes(stream: Awaited<ReturnType<typeof openStream>>, gameId: string, token: string, playerId: string) {
  await api.push.notifier.idle();
  const view = await api.client.get(`/v1/games/${gameId}`, { token });
  const legal = await api.client.get(`/v1/games/${gameId}/moves`, { token });
  const atVersion = (all: readonly ServerMessage[]) => all.find((m): m is CommitMessage => m.type === 'commit' && m.commit.seq === view.body.version);
  const [current] = (await api.client.get(`/v1/games/${gameId}/events?after=${view.body.version - 1}`, { token })).body.commits as Shown[];
  if (current && madeBy(current, playerId)) return expect(atVersion(stream.messages)).toBeUndefined();
  await stream.until((all) => atVersion(all) !== undefined);
  expect(atVersion(stream.messages)!.game).toEqual(view.body);
  expect(atVersion(stream.messages)!.moves).toEqual(legal.body.moves);
}

/** Subscribing mid-game answers the game as the routes show it to this player then, so a push client starts without a read. */
async function expectSubscribedAsRoutes(gameId: string, token: string) {
  await api.push.notifier.idle();
  const view = await api.client.get(`/v1/games/${gameId}`, { token });
  const legal = await api.client.get(`/v1/games/${gameId}/moves`, { token });
  const late = await openStream(api.client, token);
  late.send({ action: 'subscribe', gameId });
  await late.until((all) => all.some((m) => m.type === 'subscribed'));
  expect(late.messages.find((m) => m.type === 'subscribed')).toEqual({
    type: 'subscribed',
    gameId,
    version: view.body.version,
    game: view.body,
    moves: legal.body.moves,
  });
  await late.close();
}

describe.each(['village-pillage', 'villages-of-valeria', 'valeria-card-kingdoms'])(
  '%s: push channels over a whole game (DynamoDB Local, real sockets)',
  (game) => {
    it('each player receives exactly their notifications on the socket and the webhook, commits as the events route shows them, and nothing secret', async () => {
      const { client } = api;
      const players = await Promise.all([0, 1].map((i) => client.register(`${game} ${i}`)));
      const receivers = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
      const hooks = await Promise.all(
        players.map(async (p, i) => (await client.post('/v1/webhooks', { token: p.token, body: { url: receivers[i]!.url } })).body),
      );
      const gameId: string = (await client.post('/v1/games', { token: players[0]!.token, body: { game, seats: 2, deadlines: 'daily' } })).body.gameId;
      const group = (await client.post('/v1/webhooks', { token: players[0]!.token, body: { url: receivers[2]!.url, gameId } })).body;
      // The same news in chat apps' shapes: player 1's own in Discord's, the game's public notices in Slack's.
      const chat = await Promise.all([startReceiver(), startReceiver()]);
      const discord = (await client.post('/v1/webhooks', { token: players[1]!.token, body: { url: chat[0]!.url, format: 'discord' } })).body;
      const slack = (await client.post('/v1/webhooks', { token: players[0]!.token, body: { url: chat[1]!.url, gameId, format: 'slack' } })).body;
      const addresses = players.map((_, i) => `${game}-${i}@example.org`);
      for (const [i, p] of players.entries()) await mailEverything(p.token, addresses[i]!);
      const streams = await Promise.all(players.map((p) => openStream(client, p.token)));
      for (const s of streams) s.send({ action: 'subscribe', gameId });
      for (const s of streams) await s.until((all) => all.some((m) => m.type === 'subscribed'));
      expect((await client.post(`/v1/games/${gameId}/join`, { token: players[1]!.token, body: {} })).status).toBe(200);

      // Player 1 drops its socket half-way, noting where the list stood, and comes back after the end.
      let responses = 0;
      let dropCursor: string | null = null;
      // What each player's own moves told them: their answers carry it, and the stream does not.
      const answered = answeredNotifications();
      await playToEnd(
        client,
        gameId,
        players.map((p, seat) => ({ seat, token: p.token })),
        {
          onResponse: async (seat, reply) => {
            answered.onResponse(seat, reply);
            // Now and then: what the newest commit message said is what the routes answer, so a push client never refetches.
            if (++responses % 17 === 0) await expectStateAndMovesAsRoutes(streams[0]!, gameId, players[0]!.token, players[0]!.playerId);
            if (responses === 20) await expectSubscribedAsRoutes(gameId, players[1]!.token);
            if (responses !== 30) return;
            await api.push.notifier.idle();
            await streams[1]!.close();
            dropCursor = (await allNotifications(players[1]!.token)).cursor;
          },
        },
      );
      await api.push.notifier.idle();
      await expectStateAndMovesAsRoutes(streams[0]!, gameId, players[0]!.token, players[0]!.playerId);
      const back = await openStream(client, players[1]!.token);

      const verify = (await client.get(`/v1/games/${gameId}/verify`, { token: players[0]!.token })).body;
      const secrets = [...players.map((p) => p.token), ...hooks.map((h) => h.secret), group.secret, discord.secret, slack.secret];
      const expectNoSecret = (json: string, what: string, seedAllowed = false) => {
        for (const secret of secrets) expect(json.includes(secret), `${what} carries a token or secret`).toBe(false);
        if (!seedAllowed) expect(json.includes(verify.seed), `${what} carries the seed`).toBe(false);
      };

      for (const [seat, player] of players.entries()) {
        const stored = (await allNotifications(player.token)).seen;
        expect(new Set(stored.map((n) => n.id)).size).toBe(stored.length);
        // Player 1's join told player 0, already seated, and nobody else.
        expect(stored.filter((n) => n.type === 'player-joined')).toEqual(
          seat === 0 ? [expect.objectContaining({ gameId, seat: 0, joined: { seat: 1, name: `${game} 1` } })] : [],
        );
        for (const n of stored) {
          // Exactly the documented fields: parsing strips nothing.
          expect(Notification.parse(n)).toEqual(n);
          expectNoSecret(JSON.stringify(n), 'a notification');
        }
        // An answer tells its author what the feed lists for that commit (the end their move made), and the turn it handed back, which the feed does not list.
        expect(answered.of(seat).length).toBeGreaterThan(0);
        const unlisted = answered.unlisted(seat);
        for (const n of answered.of(seat)) expect(stored.find((s) => s.id === n.id)).toEqual(unlisted.some((u) => u.id === n.id) ? undefined : n);
        // Every notification of theirs: the feed, and the turns their answers handed back.
        const told = [...stored, ...unlisted].map((n) => n.id).sort();
        const viaSocket = notificationsIn((seat === 0 ? streams[0]! : streams[1]!).messages);
        if (seat === 0) {
          await streams[0]!.until((all) => notificationsIn(all).length + answered.of(0).length >= told.length);
          // The socket and the answers together: every notification once.
          expect([...viaSocket, ...answered.of(0)].map((n) => n.id).sort()).toEqual(told);
        } else {
          // Seen live before the drop, then caught up with `after`: nothing twice; with what its answers told, nothing missing.
          const caughtUp = (await allNotifications(player.token, dropCursor)).seen;
          const live = [...viaSocket, ...caughtUp].map((n) => n.id);
          expect(new Set(live).size).toBe(live.length);
          expect(viaSocket.filter((n) => answered.of(1).some((a) => a.id === n.id))).toEqual([]);
          const ids = [...new Set([...live, ...answered.of(1).map((n) => n.id)])];
          expect(ids.sort()).toEqual(told);
          expect(caughtUp.some((n) => n.type === 'game-ended')).toBe(true);
        }

        // The webhook got the same notifications, each signed and verifiable, but those its owner's answers carried: every other once.
        const hooked = answered.untold(seat, stored);
        await (async () => {
          for (let i = 0; i < 200 && receivers[seat]!.received.length < hooked.length; i++) await new Promise((r) => setTimeout(r, 50));
        })();
        const bodies = receivers[seat]!.received.map(
          (r) => new Webhook(hooks[seat].secret).verify(r.body, r.headers as Record<string, string>) as { data: Notification },
        );
        expect(bodies.map((b) => b.data.id).sort()).toEqual(hooked.map((n) => n.id).sort());
        for (const r of receivers[seat]!.received) expectNoSecret(r.body, 'a webhook body');
      }

      // Commits on the socket: every seq once, in order, identical to the events route for that player, but those their own requests made.
      const events = ((await allEvents(gameId, players[0]!.token)) as Shown[]).filter((commit) => !madeBy(commit, players[0]!.playerId));
      expect(events.length).toBeGreaterThan(0);
      await streams[0]!.until((all) => all.filter((m) => m.type === 'commit').length >= events.length);
      const streamed = streams[0]!.messages.filter((m): m is Extract<ServerMessage, { type: 'commit' }> => m.type === 'commit').map((m) => m.commit);
      expect(streamed).toEqual(events);
      for (const [i, message] of streams[0]!.messages.entries())
        expectNoSecret(JSON.stringify(message), `stream message ${i}`, i === streams[0]!.messages.length - 1);

      // The group channel: public notices only, exactly their documented fields.
      for (const r of receivers[2]!.received) {
        const { data } = new Webhook(group.secret).verify(r.body, r.headers as Record<string, string>) as { data: GameNotice };
        expect(GameNotice.parse(data)).toEqual(data);
        expectNoSecret(r.body, 'a game notice');
      }
      expect(receivers[2]!.received.length).toBeGreaterThan(2);

      // Every chat-app body is exactly the rendering of a notification its addressee may see and no answer of theirs carried, or of a public notice (whoever moved): it can tell nothing more.
      const appUrl = api.ctx.pushPolicy.appUrl;
      const ownNews = answered.untold(1, (await allNotifications(players[1]!.token)).seen).map((n) => chatBody('discord', n, appUrl));
      const notices = receivers[2]!.received.map((r) => chatBody('slack', (JSON.parse(r.body) as { data: GameNotice }).data, appUrl));
      for (const [receiver, allowed] of [
        [chat[0]!, ownNews],
        [chat[1]!, notices],
      ] as const) {
        await (async () => {
          for (let i = 0; i < 200 && receiver.received.length < allowed.length; i++) await new Promise((r) => setTimeout(r, 50));
        })();
        expect(receiver.received.map((r) => r.body).sort()).toEqual([...allowed].sort());
        for (const r of receiver.received) expectNoSecret(r.body, 'a chat-app body');
      }

      // Every e-mail is exactly the rendering of a notification its addressee may see and no answer of theirs carried (after the confirmation): it can tell nothing more.
      await api.push.outbox.idle();
      const setting = { from: 'Valeria Tabletop <play@localhost>', appUrl: appUrl ?? '', key: await api.ctx.pushPolicy.email!.key() };
      for (const [seat, player] of players.entries()) {
        const to = { playerId: player.playerId, address: addresses[seat]!, timeZone: 'UTC', language: 'en' } as const;
        const allowed = answered
          .untold(seat, (await allNotifications(player.token)).seen)
          .filter(isEmailed)
          .map((n) => renderMail({ kind: 'notice', notification: n }, to, setting));
        const mailed = catcher.received.filter((m) => m.envelope.to.includes(to.address)).slice(1);
        expect(allowed.length).toBeGreaterThan(0);
        expect(mailed.map((m) => `${m.parsed.subject}\n${m.parsed.text}`).sort()).toEqual(allowed.map((m) => `${m.subject}\n${m.text}`).sort());
        for (const m of mailed) {
          expectNoSecret(m.parsed.text ?? '', 'an e-mail’s text');
          expectNoSecret(typeof m.parsed.html === 'string' ? m.parsed.html : '', 'an e-mail’s HTML');
        }
      }

      back.send({ action: 'ping' });
      await back.until((all) => all.some((m) => m.type === 'pong'));
      for (const s of [streams[0]!, back]) await s.close();
      for (const r of [...receivers, ...chat]) await r.close();
    });
  },
);

describe('the stream protocol', () => {
  it('shows each commit the game as it was then, however late the consumer runs', async () => {
    const player = await api.client.register('Late');
    // A slow webhook holds the consumer back while the bot plays on and the game ends.
    const slow = await startReceiver(() => 204, 40);
    expect((await api.client.post('/v1/webhooks', { token: player.token, body: { url: slow.url } })).status).toBe(201);
    const gameId = (await api.client.post('/v1/games', { token: player.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    const stream = await openStream(api.client, player.token);
    stream.send({ action: 'subscribe', gameId });
    await stream.until((all) => all.some((m) => m.type === 'subscribed'));
    expect((await api.client.post(`/v1/games/${gameId}/bots`, { token: player.token, body: { level: 'greedy' } })).status).toBe(200);
    await playToEnd(api.client, gameId, [{ seat: 0, token: player.token }]);
    await api.push.notifier.idle();
    const carried = stream.messages.filter((m): m is CommitMessage => m.type === 'commit' && m.game !== undefined);
    expect(carried.length).toBeGreaterThan(5);
    for (const { commit, game } of carried) {
      const view = game as { version: number; status: string; state: { finished: boolean } };
      expect(view.version).toBe(commit.seq);
      expect(view.status).toBe(view.state.finished ? 'finished' : 'active');
    }
    // The game ends in the last commit's message, unless the player's own move ended it: its answer carried that, and no message does.
    const last = (await allEvents(gameId, player.token)).at(-1) as Shown;
    const finished = carried.filter((m) => (m.game as { status: string }).status === 'finished').map((m) => m.commit.seq);
    expect(finished).toEqual(madeBy(last, player.playerId) ? [] : [carried.at(-1)!.commit.seq]);
    if (madeBy(last, player.playerId)) expect(carried.at(-1)!.commit.seq).toBeLessThan(last.seq);
    await stream.close();
    await slow.close();
  });

  it('refuses a missing, unknown or used ticket, and answers bad frames precisely', async () => {
    const player = await api.client.register('Streamer');
    const ticket = (await api.client.post('/v1/stream/tickets', { token: player.token })).body;
    expect(ticket.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v1\/stream\?ticket=st_/);
    const { WebSocket } = await import('ws');
    const statusOf = (url: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url);
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
      });
    const base = ticket.url.split('?')[0];
    expect(await statusOf(base)).toBe(401);
    expect(await statusOf(`${base}?ticket=st_${'x'.repeat(32)}`)).toBe(401);
    expect(await statusOf(ticket.url)).toBe(101);
    expect(await statusOf(ticket.url)).toBe(401); // one time only
    expect((await api.client.post('/v1/stream/tickets')).status).toBe(401);

    const s = await openStream(api.client, player.token);
    s.ws.send('not json');
    s.send({ action: 'dance' });
    s.send({ action: 'subscribe', gameId: 'g_missing' });
    await s.until((all) => all.filter((m) => m.type === 'error').length === 3);
    expect(s.messages.filter((m) => m.type === 'error').map((m) => (m as { code: string }).code)).toEqual([
      'malformed-json',
      'invalid-action',
      'game-not-found',
    ]);
    await s.close();
  });
});

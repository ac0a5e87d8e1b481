import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { villagesOfValeria } from '../../core/games/villages-of-valeria/index.js';
import type { VvEvent } from '../../core/games/villages-of-valeria/events.js';
import type { VvState } from '../../core/games/villages-of-valeria/state.js';
import { loadLive } from '../../functions/service/pipeline.js';
import { startApi, storeOf, type Reply, type RunningApi } from '../support/api.js';
import { playToEnd, verifyThroughApi } from '../support/api-players.js';
import { TrueState } from '../support/true-state.js';
import { openFirstFollowWindow } from '../support/villages.js';

/**
 * Who knows which card is where, from the full (unredacted) log: a card dealt
 * or drawn from the deck is known to its holder alone; one taken from a pile,
 * built, developed or discarded is known to all; a stolen card becomes known
 * to the thief too.
 */
class CardKnowledge {
  private readonly knownBy = new Map<string, Set<number> | 'everyone'>();

  constructor(initial: VvState) {
    initial.players.forEach((p, seat) => p.hand.forEach((card) => this.knownBy.set(card, new Set([seat]))));
  }

  observe(event: VvEvent): void {
    switch (event.type) {
      case 'drew':
        this.knownBy.set(event.card, event.from === 'deck' ? new Set([event.seat]) : 'everyone');
        if (event.refill !== undefined) this.knownBy.set(event.refill, 'everyone');
        return;
      case 'cards-stolen':
        for (const card of event.cards) {
          const before = this.knownBy.get(card);
          this.knownBy.set(card, before === 'everyone' ? before : new Set([...(before ?? []), event.seat, event.from]));
        }
        return;
      case 'discarded':
      case 'developed':
      case 'built':
        this.knownBy.set(event.card, 'everyone');
        return;
      case 'setup-revealed':
        for (const card of event.cards) this.knownBy.set(card, 'everyone');
        return;
      default:
        return;
    }
  }

  /** Card ids `viewer` (null: a spectator) must not see now. */
  forbiddenFor(viewer: number | null, state: VvState): Set<string> {
    const forbidden = new Set([...state.deck, ...state.advDeck, ...state.box]);
    state.players.forEach((p, seat) => {
      if (seat === viewer) return;
      for (const card of p.hand) {
        const known = this.knownBy.get(card);
        if (known !== 'everyone' && (viewer === null || !known?.has(viewer))) forbidden.add(card);
      }
    });
    return forbidden;
  }
}

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ store: await storeOf('dynamodb', 'api-vov') });
});
afterAll(() => api.close());

describe('Villages of Valeria through the API (DynamoDB Local, real HTTP)', () => {
  it('plays a whole 3-player game with follow windows to its end; no response reveals a card its reader may not see; verify replays it', async () => {
    const { client, ctx } = api;
    const [ann, ben, cat, spectator] = await Promise.all(['Ann', 'Ben', 'Cat', 'Sam'].map((name) => client.register(name)));
    const gameId = (await client.post('/v1/games', { token: ann!.token, body: { game: 'villages-of-valeria', seats: 3, deadlines: 'daily' } })).body.gameId;
    for (const p of [ben!, cat!]) expect((await client.post(`/v1/games/${gameId}/join`, { token: p.token, body: {} })).status).toBe(200);

    const truth = await TrueState.of<VvState>(ctx, gameId, villagesOfValeria);
    const state = truth.state;
    const knowledge = new CardKnowledge(state);
    let caughtUp = false;
    let scanned = 0;
    const followSteps = new Set<string>();
    /** Folds the commits made since the last call (moves only happen on POSTs: reads resolve nothing here). */
    const catchUp = async () => {
      await truth.catchUp((event) => knowledge.observe(event as VvEvent));
      caughtUp = true;
      if (state.pending?.kind === 'sequential') followSteps.add(state.pending.id);
    };
    const scan = (viewer: number | null, reply: Reply) => {
      const forbidden = knowledge.forbiddenFor(viewer, state);
      const leaked = [...reply.text.matchAll(/"([abc]\d+)"/g)].map((m) => m[1] as string).filter((id) => forbidden.has(id));
      expect(leaked, `response to ${viewer === null ? 'a spectator' : `seat ${viewer}`} names hidden cards`).toEqual([]);
      scanned++;
    };
    let spectatorCursor = 0;
    const moves = await playToEnd(
      client,
      gameId,
      [ann!, ben!, cat!].map((p, seat) => ({ seat, token: p.token })),
      {
        onResponse: async (seat, reply) => {
          if (reply.body?.commit || !caughtUp) await catchUp();
          scan(seat, reply);
          // A spectator follows along too.
          if (reply.body?.commit) {
            scan(null, await client.get(`/v1/games/${gameId}`, { token: spectator!.token }));
            const events = await client.get(`/v1/games/${gameId}/events?after=${spectatorCursor}`, { token: spectator!.token });
            spectatorCursor = events.body.next;
            scan(null, events);
          }
        },
      },
    );
    expect(moves).toBeGreaterThan(30);
    expect(followSteps.size, 'follow windows were opened and answered').toBeGreaterThan(5);
    expect(scanned).toBeGreaterThan(moves * 5);

    const final = await client.get(`/v1/games/${gameId}`, { token: ann!.token });
    expect(final.body.state.finished).toBe(true);
    expect(final.body.state.score.winners.length).toBeGreaterThan(0);
    const verified = await verifyThroughApi(client, gameId, spectator!.token, villagesOfValeria);
    expect(verified.state).toEqual((await loadLive(ctx, gameId)).state);
    expect(verified.state).toEqual(state);
  });

  it('answers follow windows at once from standing orders ("always decline following Tax")', async () => {
    const { client } = api;
    const { gameId, tokens, version, window } = await openFirstFollowWindow(client, { windowSeconds: 86_400, turnSeconds: 86_400 });
    const follower = tokens[window.seat] as string;
    const put = await client.request('PUT', `/v1/games/${gameId}/standing-orders`, {
      token: follower,
      body: { orders: { tax: 'decline', harvest: { follow: true } } },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.orders).toEqual({ tax: 'decline', harvest: { follow: true, drawFrom: 'deck' } });
    // The open Tax window was declined the moment the orders arrived.
    const log = await client.get(`/v1/games/${gameId}/events?after=${version}`, { token: tokens[1 - window.seat] });
    expect(log.body.commits[0].actor).toEqual({ kind: 'preference', seat: window.seat });
    expect(log.body.commits[0].events[0]).toEqual({ type: 'declined', seat: window.seat });
    const view = await client.get(`/v1/games/${gameId}`, { token: follower });
    expect(view.body.state.pending).toMatchObject({ kind: 'turn', step: 'lead', seat: window.seat });
    // Orders are private.
    expect((await client.get(`/v1/games/${gameId}/standing-orders`, { token: tokens[1 - window.seat] })).body.orders).toBeNull();
  });

  it('answers each move with the legal moves that follow it, standing orders included, as GET …/moves then answers', async () => {
    const { client } = api;
    const { gameId, tokens } = await openFirstFollowWindow(client, { windowSeconds: 86_400, turnSeconds: 86_400 });
    const orders = { tax: 'decline', harvest: 'decline', develop: 'decline', build: 'decline', recruit: 'decline' };
    for (const token of tokens) expect((await client.request('PUT', `/v1/games/${gameId}/standing-orders`, { token, body: { orders } })).status).toBe(200);
    let answeredAfterOrders = 0;
    for (let step = 0; step < 12; step++) {
      const view = await client.get(`/v1/games/${gameId}`, { token: tokens[0] });
      const seat: number = view.body.state.awaiting[0];
      const token = tokens[seat] as string;
      const legal = await client.get(`/v1/games/${gameId}/moves`, { token });
      const sent = await client.request('POST', `/v1/games/${gameId}/moves`, { token, body: { moves: [legal.body.moves[0]] } });
      expect(sent.status, sent.text).toBe(200);
      const after = await client.get(`/v1/games/${gameId}/moves`, { token });
      const game = await client.get(`/v1/games/${gameId}`, { token });
      // `next` also carries the game as this player's GET answers it then (the stream does not send them their own commit).
      expect(sent.body.next).toEqual({ version: after.body.version, moves: after.body.moves, game: game.body });
      if (sent.body.next.version > sent.body.version) answeredAfterOrders++;
    }
    // The other player's orders declined follow windows within the same request, and `next` saw it.
    expect(answeredAfterOrders).toBeGreaterThan(0);
  });
});

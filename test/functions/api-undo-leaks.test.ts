import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awaitedSeats,
  botMove,
  execute,
  legalMovesFor,
  Rng,
  rngStateFromSeed,
  type AnyGameEngine,
  type BaseState,
  type Seat,
} from '../../core/engine/index.js';
import { cardName } from '../../core/games/valeria-card-kingdoms/catalog/index.js';
import { valeriaCardKingdoms } from '../../core/games/valeria-card-kingdoms/index.js';
import type { VckState } from '../../core/games/valeria-card-kingdoms/state.js';
import { villagesOfValeria, type VvMove } from '../../core/games/villages-of-valeria/index.js';
import type { VvState } from '../../core/games/villages-of-valeria/state.js';
import { cryptoSecrets } from '../../functions/service/ids.js';
import { startApi, storeOf, type RunningApi } from '../support/api.js';
import { TrueState } from '../support/true-state.js';

/**
 * The three ways undo could take back a card the table had seen (issue 21),
 * each refused through the API on DynamoDB Local: `POST …/undo` answers 409
 * `undo-not-allowed` with a reason naming the card, and the game (its views,
 * version and log) stays as the commit left it. The players are driven by
 * the greedy bot's choices, read from the true state, until the situation
 * comes up. Each game's seed is fixed, so each test plays the same game on
 * every run: one in which its situation does come up.
 */
let api: RunningApi;
beforeAll(async () => {
  let games = 0;
  const secrets = { ...cryptoSecrets, seed: () => `api-undo-leaks-a:${games++}` };
  api = await startApi({ store: await storeOf('dynamodb', 'api-undo-leaks'), secrets });
});
afterAll(() => api.close());

interface Situation {
  readonly seat: Seat;
  readonly move: unknown;
  /** The card the move turns up or lays down, which the refusal names. */
  readonly shows: string;
}

async function startGame(game: string, options: Record<string, unknown>) {
  const { client } = api;
  const players = [await client.register('Ann'), await client.register('Ben')];
  const created = await client.post('/v1/games', { token: players[0]!.token, body: { game, seats: 2, options, deadlines: 'daily' } });
  expect(created.status, created.text).toBe(201);
  const gameId: string = created.body.gameId;
  expect((await client.post(`/v1/games/${gameId}/join`, { token: players[1]!.token, body: {} })).status).toBe(200);
  return { gameId, tokens: players.map((p) => p.token) };
}

/** Plays until `find` sees the situation asked for, then sends its move and asks to undo it: refused, nothing changed. */
async function expectRefusedWhenItComesUp<S extends BaseState>(
  engine: AnyGameEngine,
  game: string,
  options: Record<string, unknown>,
  find: (state: S, seat: Seat) => Situation | null,
) {
  const { client, ctx } = api;
  const { gameId, tokens } = await startGame(game, options);
  const truth = await TrueState.of<S>(ctx, gameId, engine);
  const rng = new Rng(rngStateFromSeed(`leaks:${game}`));
  for (let step = 0; step < 3000; step++) {
    const state = await truth.catchUp();
    expect(state.finished, 'the game ended before the situation came up').toBe(false);
    const seat = awaitedSeats(state.pending)[0] as Seat;
    const situation = find(state, seat);
    const move = situation?.move ?? botMove(engine, 'greedy', state, seat, rng);
    const sent = await client.post(`/v1/games/${gameId}/moves`, { token: tokens[seat]!, body: { moves: [move] } });
    expect(sent.status, sent.text).toBe(200);
    if (!situation) continue;

    const version: number = sent.body.version;
    const views = async () => Promise.all(tokens.map((token) => client.get(`/v1/games/${gameId}`, { token }).then((reply) => reply.body)));
    const seen = await views();
    const refused = await client.post(`/v1/games/${gameId}/undo`, { token: tokens[seat]!, body: { version } });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body.code).toBe('undo-not-allowed');
    expect(refused.body.reason).toContain(situation.shows);
    // Nothing changed: every view, the version, the log.
    expect(await views()).toEqual(seen);
    expect(seen.map((view) => view.version)).toEqual([version, version]);
    expect((await ctx.store.readCommits(gameId, version, 10)).length).toBe(0);
    return;
  }
  expect.fail('the situation never came up');
}

/** A leader's moves of one kind, each with what it would do. */
function leads<T extends VvMove['type']>(state: VvState, seat: Seat, type: T) {
  if (state.pending?.step !== 'lead') return [];
  return legalMovesFor(villagesOfValeria, state, seat)
    .filter((move): move is Extract<VvMove, { type: T }> => move.type === type)
    .map((move) => ({ move, result: execute(villagesOfValeria, state, { type: 'move', seat, move, at: 0 }) }));
}

describe('undo never takes back a card the table has seen (DynamoDB Local, real HTTP)', () => {
  it('Villages of Valeria: a Recruit that turns up the next Adventurer, the commit ending on the leader’s own power decision', async () => {
    await expectRefusedWhenItComesUp<VvState>(villagesOfValeria, 'villages-of-valeria', {}, (state, seat) => {
      for (const { move, result } of leads(state, seat, 'recruit')) {
        const refill = result.ok ? result.events.find((event) => event.type === 'recruited')?.refill : undefined;
        if (result.ok && refill && result.state.pending?.step === 'power') return { seat, move, shows: refill };
      }
      return null;
    });
  });

  it('Villages of Valeria: a Build shows a card of the builder’s hand', async () => {
    await expectRefusedWhenItComesUp<VvState>(villagesOfValeria, 'villages-of-valeria', {}, (state, seat) => {
      // Paid from the table only: a payment that discards is refused for its discard already.
      const paid = leads(state, seat, 'build').find(({ result }) => result.ok && result.events.every((event) => event.type !== 'discarded'));
      return paid ? { seat, move: paid.move, shows: paid.move.card } : null;
    });
  });

  it('Card Kingdoms, Mixed Citizens: a recruit that turns up the next citizen', async () => {
    await expectRefusedWhenItComesUp<VckState>(valeriaCardKingdoms, 'valeria-card-kingdoms', { mixedCitizens: true }, (state, seat) => {
      if (state.pending?.step !== 'action') return null;
      for (const move of legalMovesFor(valeriaCardKingdoms, state, seat)) {
        if (move.type !== 'recruit') continue;
        const stack = state.market.citizens[move.stack];
        const under = stack?.cards[1];
        if (stack && under && stack.names.length > 1) return { seat, move, shows: cardName(under) };
      }
      return null;
    });
  });
});

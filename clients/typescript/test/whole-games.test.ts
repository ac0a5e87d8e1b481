import { ProblemError, ValeriaClient, type BotLevel, type GameId, type ListedMove } from '@valeria-tabletop/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng, rngStateFromSeed } from '../../../core/engine/index.js';
import { startApi, storeOf, type RunningApi } from '../../../test/support/api.js';
import { conformingFetch, publishedContract } from '../../../test/support/conformance.js';

/**
 * Whole games of the three games, each seat a client of its own running at
 * the same time, through the typed client only: open the game (its view and
 * the moves listed, in one request), play as listed (pinned to the listed
 * version), long-poll the log while others play. The app runs
 * over real HTTP on DynamoDB Local, and every exchange is also held to the
 * OpenAPI document.
 */
let api: RunningApi;
let anonymous: ValeriaClient;

beforeAll(async () => {
  api = await startApi({ store: await storeOf('dynamodb', 'typed-client') });
  anonymous = new ValeriaClient({ baseUrl: api.url, fetch: conformingFetch(await publishedContract()) });
});
afterAll(() => api.close());

/** Registers `count` players, each with a client of their own. */
async function players(count: number, client = anonymous): Promise<ValeriaClient[]> {
  return Promise.all(Array.from({ length: count }, async (_, i) => client.withToken((await client.register(`Player ${i}`)).token)));
}

/** Seats the creator, the other humans and the bots; the game starts with the last seat. */
async function startGame(game: GameId, humans: readonly ValeriaClient[], bots: readonly BotLevel[]): Promise<string> {
  const [creator, ...others] = humans;
  if (!creator) throw new Error('a game needs a creator');
  const { gameId } = await creator.createGame({ game, seats: humans.length + bots.length, deadlines: 'daily' });
  for (const other of others) await other.join(gameId);
  for (const level of bots) await creator.addBot(gameId, level);
  return gameId;
}

/**
 * One seat's client until the end: plays a listed move whenever one is
 * awaited, else waits for the next commit. Returns how many moves it played
 * and how far it read the log.
 */
async function playAs(player: ValeriaClient, gameId: string, seed: string): Promise<{ moves: number; read: number }> {
  const rng = new Rng(rngStateFromSeed(seed));
  let read = 0;
  let moves = 0;
  for (;;) {
    // One request: the view and the moves of one version.
    const { view, listed } = await player.open(gameId);
    if (listed.moves.length > 0) {
      try {
        await player.playListed(listed, rng.pick<ListedMove>(listed.moves));
        moves++;
      } catch (error) {
        // Another seat of the same window moved first: nothing was played; list again.
        if (!(error instanceof ProblemError && error.code === 'version-mismatch')) throw error;
      }
      continue;
    }
    const finished = view.status === 'finished';
    const page = await player.events(gameId, { after: read, wait: finished ? 0 : 25 });
    read = page.next;
    if (finished && page.commits.length === 0) return { moves, read };
  }
}

const GAMES: { game: GameId; humans: number; bots: BotLevel[] }[] = [
  { game: 'villages-of-valeria', humans: 2, bots: ['greedy'] },
  { game: 'valeria-card-kingdoms', humans: 2, bots: [] },
  { game: 'village-pillage', humans: 3, bots: [] },
];

describe('the typed client (@valeria-tabletop/client) against the app on DynamoDB Local', () => {
  it.each(GAMES)('plays a whole game of $game, every seat its own client; everyone reads every commit; verify agrees', async ({ game, humans, bots }) => {
    const seats = await players(humans);
    const gameId = await startGame(game, seats, bots);
    const played = await Promise.all(seats.map((player, seat) => playAs(player, gameId, `${game}:${seat}`)));

    const [first] = seats;
    if (!first) throw new Error('no players');
    const { view } = await first.view(gameId);
    expect(view.status).toBe('finished');
    expect(view.state?.finished).toBe(true);
    expect(view.state?.score).toBeDefined();
    for (const { moves, read } of played) {
      expect(moves).toBeGreaterThan(0);
      expect(read).toBe(view.version);
    }
    const verification = await first.verify(gameId);
    expect(verification.seedHash).toBe(view.seedHash);
    expect(verification.commits.length).toBe(view.version);
  });

  it('pins a move to the version it was listed at, and resends a move whose answer was lost under the same Idempotency-Key', async () => {
    const { token: annsToken } = await anonymous.register('Ann');
    const ann = anonymous.withToken(annsToken);
    const ben = anonymous.withToken((await anonymous.register('Ben')).token);
    const gameId = await startGame('village-pillage', [ann, ben], []);
    const rng = new Rng(rngStateFromSeed('pin-and-retry'));

    // Both plan at once; Ben's plan lands first, so Ann's list is stale and her pinned move changes nothing.
    const stale = await ann.legalMoves(gameId);
    const bens = await ben.legalMoves(gameId);
    await ben.playListed(bens, rng.pick<ListedMove>(bens.moves));
    const refusal = await ann.playListed(stale, rng.pick<ListedMove>(stale.moves)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProblemError);
    if (!(refusal instanceof ProblemError)) throw refusal;
    expect(refusal.code).toBe('version-mismatch');
    expect(refusal.problem?.currentVersion).toBe(stale.version + 1);
    expect((await ann.view(gameId)).view.version).toBe(stale.version + 1);

    // Ann's next move reaches the server, but its answer is lost on the way back: the client resends it.
    const conforming = conformingFetch(await publishedContract());
    let lost = 0;
    const flaky = async (request: Request) => {
      const response = await conforming(request);
      if (request.method === 'POST' && lost++ === 0) throw new TypeError('fetch failed: the connection was reset');
      return response;
    };
    const annOnAFlakyLine = new ValeriaClient({ baseUrl: api.url, token: annsToken, fetch: flaky });
    const fresh = await annOnAFlakyLine.legalMoves(gameId);
    const answer = await annOnAFlakyLine.playListed(fresh, rng.pick<ListedMove>(fresh.moves));
    expect(lost).toBe(2);
    expect(answer.version).toBe(fresh.version + 1);
    expect((await ben.view(gameId)).view.version).toBe(fresh.version + 1);
  });

  it("reads each game's cards without a token: every card a Village Pillage table names is in its catalog", async () => {
    for (const { game } of GAMES) expect((await anonymous.cards(game)).game).toBe(game);
    const [ann, ben] = await players(2);
    if (!ann || !ben) throw new Error('no players');
    const { view } = await ann.view(await startGame('village-pillage', [ann, ben], []));
    if (view.game !== 'village-pillage' || !view.state) throw new Error('not a started Village Pillage game');
    const { cards } = await anonymous.cards('village-pillage');
    const names = new Set([...cards.starting, ...cards.market].map((card) => card.name));
    const shown = [...view.state.board.market.row, ...view.state.board.players.flatMap((player) => [...player.cards, ...(player.hand ?? [])])];
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((name) => !names.has(name))).toEqual([]);
  });
});

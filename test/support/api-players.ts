import { expect } from 'vitest';
import { hashSeed, replay, Rng, rngStateFromSeed, type AnyGameEngine, type LoggedEvent } from '../../core/engine/index.js';
import {
  publishedEvents,
  recordOf,
  replayable,
  replayedEnd,
  replayInit,
  replayRecord,
  runRecord,
  tableGame,
  type PublishedCommand,
  type TableState,
} from '../../core/table/index.js';
import type { Notification } from '../../functions/push/model/schemas.js';
import type { ApiClient, Reply } from './api.js';

/** One seat's client: its token and every response it has received. */
export interface SeatClient {
  readonly seat: number;
  readonly token: string;
}

export interface PlayOptions {
  /** Picks the move to send among the legal ones (default: uniform, seeded). */
  readonly choose?: (moves: unknown[], seat: number) => unknown;
  /** Sees every response a seat's client receives, in order. */
  readonly onResponse?: (seat: number, reply: Reply) => Promise<void> | void;
  readonly maxSteps?: number;
  readonly seed?: string;
}

/**
 * What each seat's answers told it (a move's, an undo's: `notifications`,
 * beside the commit and `next`), gathered from `onResponse`: what no channel
 * sends that player again, and `untold` what they get by webhook, push or
 * e-mail of a feed; `unlisted` what of it their feed does not list (the
 * turns their own requests handed back: the push notifier's `feedKeeps`).
 */
export function answeredNotifications() {
  const told = new Map<number, Notification[]>();
  const of = (seat: number) => told.get(seat) ?? [];
  return {
    of,
    onResponse: (seat: number, reply: Reply) => {
      if (reply.body?.commit && reply.body.next) told.set(seat, [...of(seat), ...(reply.body.notifications as Notification[])]);
    },
    untold: (seat: number, feed: readonly Notification[]) => feed.filter((n) => !of(seat).some((a) => a.id === n.id)),
    unlisted: (seat: number) => of(seat).filter((n) => n.type === 'your-turn'),
  };
}

/**
 * Plays a started game to its end through the public API only, as separate
 * clients would: whoever is awaited reads their legal moves, sends one, then
 * reads their view and their new events. Returns the number of moves sent.
 */
export async function playToEnd(client: ApiClient, gameId: string, seats: readonly SeatClient[], options: PlayOptions = {}): Promise<number> {
  const rng = new Rng(rngStateFromSeed(options.seed ?? `api-play-${gameId}`));
  const choose = options.choose ?? ((moves: unknown[]) => rng.pick(moves));
  const cursors = new Map<number, number>(seats.map((s) => [s.seat, 0]));
  const observe = async (seat: number, reply: Reply) => {
    expect(reply.status, reply.text).toBeLessThan(300);
    await options.onResponse?.(seat, reply);
    return reply;
  };
  let moves = 0;
  const first = seats[0] as SeatClient;
  let view = await observe(first.seat, await client.get(`/v1/games/${gameId}`, { token: first.token }));
  for (let step = 0; step < (options.maxSteps ?? 5000); step++) {
    if (view.body.state.finished) return moves;
    const awaited: number[] = view.body.state.awaiting;
    const actor = seats.find((s) => awaited.includes(s.seat));
    if (!actor) throw new Error(`nobody of ours is awaited in ${gameId}: ${JSON.stringify(view.body.state.pending)}`);
    const legal = await observe(actor.seat, await client.get(`/v1/games/${gameId}/moves`, { token: actor.token }));
    expect(legal.body.moves.length, `seat ${actor.seat} is awaited but has no legal move`).toBeGreaterThan(0);
    const move = choose(legal.body.moves, actor.seat);
    await observe(
      actor.seat,
      await client.post(`/v1/games/${gameId}/moves`, { token: actor.token, body: { moves: [move] }, headers: { 'if-match': `"${legal.body.version}"` } }),
    );
    moves++;
    view = await observe(actor.seat, await client.get(`/v1/games/${gameId}`, { token: actor.token }));
    const events = await observe(actor.seat, await client.get(`/v1/games/${gameId}/events?after=${cursors.get(actor.seat)}`, { token: actor.token }));
    cursors.set(actor.seat, events.body.next);
  }
  throw new Error(`game ${gameId} did not end within ${options.maxSteps ?? 5000} steps`);
}

/**
 * What anyone can do after the end: fetch the seed and the log, check the
 * commitment, re-decide every command from the seed and compare every event
 * (clocks, absences and undos included: an undo puts back the state the
 * replay rebuilt before the commit it took back), then replay the events
 * alone, which must rebuild the identical state.
 */
export async function verifyThroughApi(client: ApiClient, gameId: string, token: string, engine: AnyGameEngine) {
  const verify = await client.get(`/v1/games/${gameId}/verify`, { token });
  expect(verify.status).toBe(200);
  expect(hashSeed(verify.body.seed)).toBe(verify.body.seedHash);
  // The log comes a page at a time: follow `next` while `more`.
  for (let page = verify.body; page.more;) {
    page = (await client.get(`/v1/games/${gameId}/verify?after=${page.next}`, { token })).body;
    verify.body.commits.push(...page.commits);
  }
  const init = replayInit(verify.body);
  const game = tableGame(engine);
  let state: TableState = game.setup(init);
  const statesBefore: TableState[] = [];
  const events: LoggedEvent[] = [];
  for (const commit of verify.body.commits as { command: PublishedCommand; events: unknown[] }[]) {
    const record = recordOf(commit.command, statesBefore);
    statesBefore.push(state);
    const run = runRecord(game, state, record);
    if ('rejection' in run) expect.fail(`commit ${JSON.stringify(commit.command)} refused on re-decision: ${run.rejection.code}`);
    expect(publishedEvents(run.events)).toEqual(commit.events);
    events.push(...run.events);
    state = run.state;
  }
  expect(state.finished).toBe(true);
  expect(replay(game, init, events)).toEqual(state);
  // The game's record, every page, replays the same way to the same end (undos, clocks and absences included).
  const record = (await client.get(`/v1/games/${gameId}/record`, { token })).body;
  for (let page = record; page.more;) {
    page = (await client.get(`/v1/games/${gameId}/record?after=${page.next}`, { token })).body;
    record.commits.push(...page.commits);
  }
  const whole = replayable(record);
  if (!whole) return expect.fail('the record of a finished game cannot be replayed');
  const fromRecord = replayRecord(game, whole);
  expect(fromRecord.divergence).toBeNull();
  expect(replayedEnd(fromRecord)).toEqual(state);
  return { state, commits: verify.body.commits.length as number };
}

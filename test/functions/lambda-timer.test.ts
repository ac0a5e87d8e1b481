import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCommitConflict } from '../../functions/service/conflicts.js';
import { createServiceContext, type ServiceContext } from '../../functions/service/context.js';
import { EarlyFiringError, settleDeadline, type EarlyFirings } from '../../functions/service/deadline-firing.js';
import { addBot, createGame } from '../../functions/service/lobby.js';
import { commitRecord, loadLive, SYSTEM_COMMITS_PER_REQUEST } from '../../functions/service/pipeline.js';
import { deadlineTimerOf } from '../../functions/service/deadline-timer.js';
import { readGame, submitMoves } from '../../functions/service/play.js';
import { reclaimSeat } from '../../functions/service/reclaim.js';
import { registerPlayer } from '../../functions/service/players.js';
import { followStream, type StreamLog } from '../../functions/lambda/stream-consumer.js';
import { keepTimersOf } from '../../functions/lambda/stream-timers.js';
import { onTimer } from '../../functions/lambda/timer-handler.js';
import { commitItem, seekItem, snapshotItem } from '../../functions/store/dynamo-items.js';
import type { Commit, SeekRecord } from '../../functions/store/port.js';
import { poolTimer } from '../../functions/service/automatch-timer.js';
import type { TimerHandlers } from '../../functions/timers/fire.js';
import type { Timer, Timers } from '../../functions/timers/port.js';
import { manualClock } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';
import { sealedBids, sealedBidsListing } from '../support/sealed-bids.js';

/**
 * The deadline timer against DynamoDB Local: it closes an expired window with
 * no client activity, and late, duplicate, stale or early firings change
 * nothing they should not.
 */
const clock = manualClock();
let ctx: ServiceContext;

beforeAll(async () => {
  const table = await freshTable('timer');
  ctx = createServiceContext({ store: table.store({ clock: clock.now }), games: [sealedBidsListing], clock: clock.now });
});

/** A started 2-seat game (one human, one bot that has already bid): the human's bid is awaited. */
async function gameAwaitingAHuman() {
  const player = await registerPlayer(ctx, 'Tess');
  const record = { playerId: player.playerId, name: player.name, tokenHash: '', createdAt: player.createdAt };
  const header = await createGame(ctx, record, {
    game: 'sealed-bids',
    seats: 2,
    options: { rounds: 2 },
    deadlines: { windowSeconds: 60, turnSeconds: 300 },
    join: true,
  });
  await addBot(ctx, record, header.gameId, 'random', undefined);
  const view = await readGame(ctx, record, header.gameId);
  const presented = view.state?.pending as { id: string; deadline: string };
  // The API speaks RFC 3339; the clock here, epoch milliseconds.
  const pending = { id: presented.id, deadline: Date.parse(presented.deadline) };
  return { gameId: header.gameId, record, pending, version: view.version };
}

const noWait = { maxWaitMs: 0, sleep: async () => {} };

/** The timer function's handler of every kind, here for deadlines: no reminder, webhook retry, automatch pass or digest fires in these tests. */
function handlers(early: EarlyFirings): TimerHandlers {
  const unexpected = async () => {
    throw new Error('only deadlines fire here');
  };
  return {
    deadline: (payload) => settleDeadline(ctx, payload, early),
    reminder: unexpected,
    'webhook-delivery': unexpected,
    automatch: unexpected,
    'automatch-sweep': unexpected,
    'email-digest': unexpected,
  };
}

describe('timer handler', () => {
  it('closes an expired window with no client activity, and a duplicate firing changes nothing', async () => {
    const { gameId, record, pending, version } = await gameAwaitingAHuman();
    const payload = { kind: 'deadline', gameId, seq: version, pendingId: pending.id };
    clock.advance(pending.deadline - clock.now() + 1);
    const first = await onTimer(handlers(noWait), payload);
    expect(first).toEqual({ status: 'settled', version: version + 1 });
    const [timeout] = await ctx.store.readCommits(gameId, version, 1);
    expect(timeout?.command).toMatchObject({ type: 'timeout', pendingId: pending.id });
    const after = await readGame(ctx, record, gameId);
    expect(after.state?.pending?.step).toBe('lead');

    const duplicate = await onTimer(handlers(noWait), payload);
    expect(duplicate).toEqual({ status: 'settled', version: version + 1 });
    expect(await ctx.store.latestCommit(gameId)).toMatchObject({ seq: version + 1 });
  });

  it('does nothing for a stale firing whose window a player already closed', async () => {
    const { gameId, record, pending, version } = await gameAwaitingAHuman();
    const [bid] = sealedBids.legalMoves((await loadLive(ctx, gameId)).state as never, 0);
    await submitMoves(ctx, record, gameId, { moves: [bid], ifMatch: null, idempotencyKey: null, requestHash: 'bid' });
    const latest = (await ctx.store.latestCommit(gameId))!.seq;
    clock.advance(pending.deadline - clock.now() + 1);
    // The lead turn opened by the closing bid is not due yet: a stale timer finds nothing overdue.
    expect(await onTimer(handlers(noWait), { kind: 'deadline', gameId, seq: version, pendingId: pending.id })).toEqual({ status: 'settled', version: latest });
    expect((await ctx.store.latestCommit(gameId))!.seq).toBe(latest);
  });

  it('waits out an early firing close to its deadline, and refuses one too early to wait (Scheduler retries)', async () => {
    const { gameId, pending, version } = await gameAwaitingAHuman();
    const payload = { kind: 'deadline', gameId, seq: version, pendingId: pending.id };
    clock.advance(pending.deadline - clock.now() - 5_000);
    await expect(onTimer(handlers({ maxWaitMs: 1_000, sleep: async () => {} }), payload)).rejects.toBeInstanceOf(EarlyFiringError);
    expect((await ctx.store.latestCommit(gameId))!.seq).toBe(version);
    const waited = await onTimer(handlers({ maxWaitMs: 10_000, sleep: async (ms) => clock.advance(ms) }), payload);
    expect(waited).toEqual({ status: 'settled', version: version + 1 });
  });

  it('tells conflict listeners of a lost race, once, and nothing of a won one', async () => {
    const { gameId, pending } = await gameAwaitingAHuman();
    clock.advance(pending.deadline - clock.now() + 1);
    const [first, second] = [await loadLive(ctx, gameId), await loadLive(ctx, gameId)];
    const heard: string[] = [];
    const stop = onCommitConflict((game) => heard.push(game));
    const timeout = { type: 'timeout' as const, pendingId: pending.id, at: pending.deadline };
    const meta = { actor: 'system', idempotencyKey: null, requestHash: null };
    try {
      expect((await commitRecord(ctx, first, timeout, meta)).kind).toBe('committed');
      expect(heard).toEqual([]);
      expect((await commitRecord(ctx, second, timeout, meta)).kind).toBe('conflict');
      expect(heard).toEqual([gameId]);
    } finally {
      stop();
    }
  });

  it('settles a deadline whose schedule was made before timers had kinds (`{gameId, seq, pendingId}` alone)', async () => {
    const { gameId, pending, version } = await gameAwaitingAHuman();
    clock.advance(pending.deadline - clock.now() + 1);
    expect(await onTimer(handlers(noWait), { gameId, seq: version, pendingId: pending.id })).toEqual({ status: 'settled', version: version + 1 });
  });

  it('plays the next slice of a game its request left behind, at once: a continuation is no early firing', async () => {
    const player = await registerPlayer(ctx, 'Host');
    const host = { playerId: player.playerId, name: player.name, tokenHash: '', createdAt: player.createdAt };
    const header = await createGame(ctx, host, { game: 'sealed-bids', seats: 5, options: { rounds: 40 }, deadlines: 'daily', join: false });
    for (let seat = 0; seat < 5; seat++) await addBot(ctx, host, header.gameId, 'random', undefined);
    const left = (await ctx.store.latestCommit(header.gameId))!;
    expect(left.seq).toBe(SYSTEM_COMMITS_PER_REQUEST);
    expect(left.summary).toMatchObject({ status: 'active', continues: true });
    const continuation = deadlineTimerOf(left)!;
    expect(continuation).toMatchObject({ id: `${header.gameId}.${left.summary.pendingId}.now`, dueAt: left.at, payload: { continues: true } });
    // An early deadline firing would fail here (maxWaitMs 0); a continuation plays one more slice.
    expect(await onTimer(handlers(noWait), continuation.payload)).toEqual({ status: 'settled', version: 2 * SYSTEM_COMMITS_PER_REQUEST });
    expect((await ctx.store.latestCommit(header.gameId))!.summary.continues).toBe(true);
  });

  it("marks a player's own commit made after its request spent the slice, so the game's newest commit asks for the timer at once", async () => {
    const player = await registerPlayer(ctx, 'Tess');
    const tess = { playerId: player.playerId, name: player.name, tokenHash: '', createdAt: player.createdAt };
    const deadlines = { windowSeconds: 60, turnSeconds: 60 };
    const header = await createGame(ctx, tess, {
      game: 'sealed-bids',
      seats: 5,
      options: { rounds: 40 },
      deadlines,
      table: { replaceAfterTimeouts: 1 },
      join: true,
    });
    for (let seat = 1; seat < 5; seat++) await addBot(ctx, tess, header.gameId, 'random', undefined);
    // Tess misses her bid: the greedy bot takes her seat, and every seat is a bot's.
    clock.advance(61_000);
    await readGame(ctx, tess, header.gameId);
    const before = (await ctx.store.latestCommit(header.gameId))!.seq;
    // Her reclaim's request plays its slice of bot moves first, then takes her seat back with bots still owed a move.
    const { answer } = await reclaimSeat(ctx, tess, header.gameId);
    const latest = (await ctx.store.latestCommit(header.gameId))!;
    expect(latest.seq).toBe(answer.version);
    expect(latest.seq).toBe(before + SYSTEM_COMMITS_PER_REQUEST + 1);
    expect(latest).toMatchObject({ actor: tess.playerId, command: { type: 'reclaim' }, summary: { continues: true } });
    expect(deadlineTimerOf(latest)?.payload.continues).toBe(true);
  });

  it('ignores malformed payloads and unknown games', async () => {
    expect(await onTimer(handlers(noWait), { game: 'x' })).toEqual({ status: 'malformed' });
    expect(await onTimer(handlers(noWait), { kind: 'deadline', gameId: 'g_nope', seq: 3, pendingId: 'p1' })).toEqual({ status: 'unknown-game' });
    expect(await onTimer(handlers(noWait), { gameId: 'g_nope', seq: 3, pendingId: 'p1' })).toEqual({ status: 'unknown-game' });
  });
});

describe('stream consumer', () => {
  const commit: Commit = {
    gameId: 'g_stream',
    seq: 4,
    command: { type: 'timeout', pendingId: 'p3', at: 1 },
    events: [],
    actor: 'system',
    idempotencyKey: null,
    requestHash: null,
    at: 2,
    summary: { status: 'active', awaiting: [1], deadline: 1_800_000_000_000, pendingId: 'p4' },
  };
  const silent: StreamLog = { error: () => {} };
  /** The stream consumer with the timers job alone (the push function's first: functions/lambda/push.ts). */
  const consume = (event: DynamoDBStreamEvent, timers: Timers, log = silent) => followStream(event, [(record) => keepTimersOf(record, timers)], log);
  const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', image: unknown, sequence: string) => ({
    eventID: `e-${sequence}`,
    eventName,
    dynamodb: { NewImage: image, SequenceNumber: sequence },
  });

  it('schedules the deadline of each new commit once it is durable, and nothing else', async () => {
    const scheduled: Timer[] = [];
    const scheduler: Timers = { schedule: async (timer) => void scheduled.push(timer), cancel: async () => {} };
    const finished = { ...commit, seq: 5, summary: { status: 'finished' as const, awaiting: [], deadline: null, pendingId: null } };
    const event = {
      Records: [
        record('INSERT', commitItem(commit), '1'),
        record('INSERT', commitItem(finished), '2'),
        record('INSERT', snapshotItem({ gameId: 'g_stream', seq: 4, state: {} }), '3'),
        record('MODIFY', commitItem(commit), '4'),
      ],
    } as unknown as DynamoDBStreamEvent;
    const errors: unknown[] = [];
    expect(await consume(event, scheduler, { error: (...line) => void errors.push(line) })).toEqual({ batchItemFailures: [] });
    expect(errors).toEqual([]);
    expect(scheduled).toEqual([{ id: 'g_stream.p4', dueAt: 1_800_000_000_000, payload: { kind: 'deadline', gameId: 'g_stream', seq: 4, pendingId: 'p4' } }]);
  });

  it('arms the pool pass of each new seek in a pool, and nothing for its player’s copy or a seek seated', async () => {
    const scheduled: Timer[] = [];
    const scheduler: Timers = { schedule: async (timer) => void scheduled.push(timer), cancel: async () => {} };
    const seek: SeekRecord = {
      ...{ seekId: 'sk_1', playerId: 'pl_1', name: 'Ann', game: 'village-pillage', seats: 2, deadlines: 'daily', options: {} },
      ...{ rated: true, allowBots: false, pool: 'village-pillage.abc', mu: 25, createdAt: 1_800_000_100_000, expiresAt: 1_800_086_500_000, status: 'waiting' },
    };
    const event = {
      Records: [
        record('INSERT', seekItem(seek, 'pool'), '30'),
        record('INSERT', seekItem(seek, 'player'), '31'),
        record('MODIFY', seekItem({ ...seek, status: 'seated', gameId: 'g_1' }, 'player'), '32'),
      ],
    } as unknown as DynamoDBStreamEvent;
    expect(await consume(event, scheduler)).toEqual({ batchItemFailures: [] });
    expect(scheduled).toEqual([poolTimer('village-pillage', 'village-pillage.abc', seek.createdAt)]);
  });

  it('deletes the schedule of an entry a commit closed, and asks for a continuation at once when its request left bots to play', async () => {
    const calls: string[] = [];
    const scheduler: Timers = {
      schedule: async (timer) => void calls.push(`schedule ${timer.id} at ${timer.dueAt}`),
      cancel: async (id) => void calls.push(`cancel ${id}`),
    };
    const moved = { ...commit, seq: 5, summary: { ...commit.summary, pendingId: 'p5', closedPendingId: 'p4' } };
    const behind = { ...commit, seq: 6, at: 7, summary: { ...commit.summary, pendingId: 'p6', closedPendingId: 'p5', continues: true as const } };
    const ended = { ...commit, seq: 7, summary: { status: 'finished' as const, awaiting: [], deadline: null, pendingId: null, closedPendingId: 'p6' } };
    const event = { Records: [moved, behind, ended].map((c, i) => record('INSERT', commitItem(c), String(20 + i))) } as unknown as DynamoDBStreamEvent;
    expect(await consume(event, scheduler)).toEqual({ batchItemFailures: [] });
    expect(calls).toEqual([
      'schedule g_stream.p5 at 1800000000000',
      'cancel g_stream.p4',
      'schedule g_stream.p6 at 1800000000000',
      'schedule g_stream.p6.now at 7',
      'cancel g_stream.p5',
      'cancel g_stream.p6',
    ]);
  });

  it('leaves no schedule behind a whole game: every entry resolved before its deadline has its schedule deleted', async () => {
    const player = await registerPlayer(ctx, 'Host');
    const host = { playerId: player.playerId, name: player.name, tokenHash: '', createdAt: player.createdAt };
    const header = await createGame(ctx, host, { game: 'sealed-bids', seats: 3, options: { rounds: 3 }, deadlines: 'daily', join: false });
    for (let seat = 0; seat < 3; seat++) await addBot(ctx, host, header.gameId, 'greedy', undefined);
    while ((await ctx.store.latestCommit(header.gameId))?.summary.status !== 'finished') await readGame(ctx, host, header.gameId);
    const commits = await ctx.store.readCommits(header.gameId, 0, 1000);
    const live = new Map<string, number>();
    let created = 0;
    const scheduler: Timers = {
      schedule: async (timer) => {
        if (!live.has(timer.id)) created++;
        live.set(timer.id, timer.dueAt);
      },
      cancel: async (id) => void live.delete(id),
    };
    const event = { Records: commits.map((c) => record('INSERT', commitItem(c), String(c.seq))) } as unknown as DynamoDBStreamEvent;
    expect(await consume(event, scheduler)).toEqual({ batchItemFailures: [] });
    const entries = new Set(commits.flatMap((c) => (c.summary.pendingId === null ? [] : [c.summary.pendingId])));
    expect(created).toBeGreaterThanOrEqual(entries.size);
    // Each schedule left would fire once for nothing: a continuation fires (it is due), a resolved deadline must not.
    expect([...live.keys()].filter((id) => !id.endsWith('.now'))).toEqual([]);
  });

  it('reports the first record whose schedule failed and goes no further, since Lambda retries from it on', async () => {
    let calls = 0;
    const scheduler: Timers = {
      schedule: async () => {
        if (calls++ === 0) throw new Error('throttled');
      },
      cancel: async () => {},
    };
    const event = {
      Records: [record('INSERT', commitItem(commit), '10'), record('INSERT', commitItem({ ...commit, seq: 6 }), '11')],
    } as unknown as DynamoDBStreamEvent;
    const errors: unknown[] = [];
    expect(await consume(event, scheduler, { error: (...line) => void errors.push(line) })).toEqual({ batchItemFailures: [{ itemIdentifier: '10' }] });
    expect(errors).toEqual([['stream record not handled', { stream: 'e-10', error: 'throttled' }]]);
    expect(calls).toBe(1);
  });

  it('fails a commit whose deadline was scheduled but whose closed entry’s schedule could not be deleted, once both calls are done', async () => {
    const settled: string[] = [];
    const scheduler: Timers = {
      schedule: async (timer) => void settled.push(`scheduled ${timer.id}`),
      cancel: async () => {
        throw new Error('Scheduler unavailable');
      },
    };
    const moved = { ...commit, seq: 5, summary: { ...commit.summary, pendingId: 'p5', closedPendingId: 'p4' } };
    const event = { Records: [record('INSERT', commitItem(moved), '40')] } as unknown as DynamoDBStreamEvent;
    expect(await consume(event, scheduler)).toEqual({ batchItemFailures: [{ itemIdentifier: '40' }] });
    expect(settled).toEqual(['scheduled g_stream.p5']);
  });
});

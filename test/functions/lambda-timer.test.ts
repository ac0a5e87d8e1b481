import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCommitConflict } from '../../functions/service/conflicts.js';
import { createServiceContext, type ServiceContext } from '../../functions/service/context.js';
import { EarlyFiringError, settleDeadline, type EarlyFirings } from '../../functions/service/deadline-firing.js';
import { addBot, createGame } from '../../functions/service/lobby.js';
import { commitRecord, loadLive } from '../../functions/service/pipeline.js';
import { readGame, submitMoves } from '../../functions/service/play.js';
import { registerPlayer } from '../../functions/service/players.js';
import { scheduleNewDeadlines } from '../../functions/lambda/stream-handler.js';
import { onTimer } from '../../functions/lambda/timer-handler.js';
import { commitItem, snapshotItem } from '../../functions/store/dynamo-items.js';
import type { Commit } from '../../functions/store/port.js';
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

/** The timer function's handler of every kind, here for deadlines: no reminder or webhook retry fires in these tests. */
function handlers(early: EarlyFirings): TimerHandlers {
  const unexpected = async () => {
    throw new Error('only deadlines fire here');
  };
  return { deadline: (payload) => settleDeadline(ctx, payload, early), reminder: unexpected, 'webhook-delivery': unexpected };
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
    expect(await scheduleNewDeadlines(event, scheduler, { error: (...line) => void errors.push(line) })).toEqual({ batchItemFailures: [] });
    expect(errors).toEqual([]);
    expect(scheduled).toEqual([{ id: 'g_stream.p4', dueAt: 1_800_000_000_000, payload: { kind: 'deadline', gameId: 'g_stream', seq: 4, pendingId: 'p4' } }]);
  });

  it('reports a record whose schedule failed, so only it is retried', async () => {
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
    expect(await scheduleNewDeadlines(event, scheduler, { error: (...line) => void errors.push(line) })).toEqual({
      batchItemFailures: [{ itemIdentifier: '10' }],
    });
    expect(errors).toEqual([['deadline not scheduled', { stream: 'e-10', error: 'throttled' }]]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitedSeats } from '../../core/engine/index.js';
import { batchReads } from '../../functions/push/notify/batch-reads.js';
import { passOn } from '../../functions/push/notify/channels.js';
import { GameFollower } from '../../functions/push/notify/follow.js';
import { notifyCommit } from '../../functions/push/notify/notifier.js';
import type { PushContext } from '../../functions/push/context.js';
import type { OutboxMessage } from '../../functions/push/outbox/message.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import { createWebhook, webhookSink } from '../../functions/push/webhooks/webhooks.js';
import { createGame, joinGame } from '../../functions/service/lobby.js';
import { loadLive } from '../../functions/service/pipeline.js';
import { readEvents, submitMoves } from '../../functions/service/play.js';
import { registerPlayer } from '../../functions/service/players.js';
import type { Commit, GameHeader, PlayerRecord } from '../../functions/store/port.js';
import { STORE_KINDS, storeOf } from '../support/api.js';
import { testContext } from '../support/context.js';
import { startReceiver } from '../support/webhook-receiver.js';

/**
 * The push consumer's follower keeps each followed game's header and reads it
 * again only when a commit was decided under a newer one than it holds (the
 * commit's `headerRevision`); a game's game-scope webhooks are asked for only
 * when its header says it may have some.
 */
describe.each(STORE_KINDS)('the header the push consumer holds (%s store)', (kind) => {
  const receivers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  /** A started two-seat game between Ann and Bob, every commit announced kept in `commits`. */
  async function startedGame(label: string) {
    const ctx = testContext({ store: await storeOf(kind, label), pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true } });
    const commits: Commit[] = [];
    ctx.signal.subscribe((commit) => void commits.push(commit));
    const [ann, bob, cat] = await Promise.all(['Ann', 'Bob', 'Cat'].map(async (name) => (await registerPlayer(ctx, name)).player));
    const { gameId } = await createGame(ctx, ann!, { game: 'villages-of-valeria', seats: 2, deadlines: 'daily', join: true });
    await joinGame(ctx, bob!, gameId, undefined);
    const players = new Map([ann!, bob!, cat!].map((p) => [p.playerId, p]));
    /** One move by an awaited player: the commits it made. */
    const move = async (): Promise<Commit[]> => {
      const before = commits.length;
      const live = await loadLive(ctx, gameId);
      const [seat] = awaitedSeats(live.state!.pending);
      const occupant = live.header.seats[seat!];
      const player = occupant?.kind === 'player' ? (players.get(occupant.playerId) as PlayerRecord) : null;
      const [first] = live.engine.legalMoves(live.state!, seat!);
      await submitMoves(ctx, player!, gameId, { moves: [first], ifMatch: null, idempotencyKey: null, requestHash: '' });
      return commits.slice(before);
    };
    return { ctx, commits, gameId, ann: ann!, bob: bob!, cat: cat!, move };
  }

  /** What the store is asked of a game's header while `during` runs: lone reads (GetItem) and loads (the header with the log). */
  async function headerCalls(ctx: PushContext, during: () => Promise<unknown>) {
    const getHeader = vi.spyOn(ctx.store, 'getHeader');
    const loadGame = vi.spyOn(ctx.store, 'loadGame');
    try {
      await during();
      return { reads: getHeader.mock.calls.length, loads: loadGame.mock.calls.length };
    } finally {
      getHeader.mockRestore();
      loadGame.mockRestore();
    }
  }

  /** Each commit handled as a consumer batch of its own (on AWS a batch usually holds one). */
  const observeEach = (ctx: PushContext, follower: GameFollower, commits: readonly Commit[]) =>
    headerCalls(ctx, async () => {
      for (const commit of commits) await notifyCommit(ctx, commit, follower, batchReads(ctx));
    });

  it('stamps each commit with the revision of the header it was decided under', async () => {
    const { ctx, commits, gameId, ann, move } = await startedGame('held-stamp');
    await move();
    const header = (await ctx.store.getHeader(gameId))!;
    expect(commits.length).toBeGreaterThan(1);
    expect(commits.every((c) => c.headerRevision === header.revision)).toBe(true);
    // As stored, too: the stream's record and a read back carry it.
    expect((await ctx.store.readCommits(gameId, 0, 100)).map((c) => c.headerRevision)).toEqual(commits.map(() => header.revision));
    // No client sees it: the log as a player reads it shows each commit as before.
    const events = await readEvents(ctx, ann, gameId, 0, 0);
    expect(events.commits.map((c) => Object.keys(c).sort())).toEqual(commits.map(() => ['actor', 'at', 'events', 'seq']));
  });

  it('reads no header for a commit its held header covers; reads it after a header write it has not heard of, and the notification goes to the new occupant', async () => {
    const { ctx, commits, gameId, bob, cat, move } = await startedGame('held-reads');
    const follower = new GameFollower();
    // First sight: the game is loaded, its header with it (no lone read).
    expect(await observeEach(ctx, follower, commits)).toEqual({ reads: 0, loads: 1 });
    // Commits decided under the header it holds: nothing read, nothing loaded.
    for (let i = 0; i < 3; i++) expect(await observeEach(ctx, follower, await move())).toEqual({ reads: 0, loads: 0 });

    // Bob's seat becomes Cat's between commits, and the follower is not told: the next commit's stamp is newer than what it holds.
    const before = (await ctx.store.getHeader(gameId))!;
    const seat = before.seats.findIndex((s) => s.kind === 'player' && s.playerId === bob.playerId);
    const swapped: GameHeader = {
      ...before,
      seats: before.seats.map((s, i) => (i === seat ? { kind: 'player', playerId: cat.playerId, name: 'Cat' } : s)),
      revision: before.revision + 1,
    };
    expect(await ctx.store.replaceHeader(swapped, before.revision)).toBe(true);
    const told: string[] = [];
    let reads = 0;
    for (let i = 0; i < 20 && !told.includes(cat.playerId); i++) {
      const made = await move();
      reads += (
        await headerCalls(ctx, async () => {
          for (const commit of made) told.push(...(await notifyCommit(ctx, commit, follower, batchReads(ctx))).derived.notifications.map((a) => a.playerId));
        })
      ).reads;
    }
    expect(told).toContain(cat.playerId);
    expect(told).not.toContain(bob.playerId);
    // One read, for the first commit decided under the new header; it is held since.
    expect(reads).toBe(1);

    // A header write it hears of (its stream record on AWS): held, so the commit decided under it reads nothing.
    const current = (await ctx.store.getHeader(gameId))!;
    const reordered: GameHeader = { ...current, standingOrders: {}, revision: current.revision + 1 };
    expect(await ctx.store.replaceHeader(reordered, current.revision)).toBe(true);
    follower.heard(reordered);
    const next = await move();
    expect(next[0]?.headerRevision).toBe(reordered.revision);
    expect(await observeEach(ctx, follower, next)).toEqual({ reads: 0, loads: 0 });
    // A header older than the one held changes nothing.
    follower.heard(current);
    expect(await observeEach(ctx, follower, await move())).toEqual({ reads: 0, loads: 0 });
  });

  it('reads the header for a commit without a stamp, on a redelivery as in order, and for a game it has not followed', async () => {
    const { ctx, commits, move } = await startedGame('held-unstamped');
    const follower = new GameFollower();
    await observeEach(ctx, follower, commits);
    const unstamped = (await move()).map(({ headerRevision: _stamp, ...commit }) => commit);
    expect(await observeEach(ctx, follower, unstamped)).toEqual({ reads: unstamped.length, loads: 0 });
    // Redelivered: an unstamped commit is read for again; a stamped one the held header covers is not.
    expect(await observeEach(ctx, follower, unstamped.slice(-1))).toEqual({ reads: 1, loads: 0 });
    expect(await observeEach(ctx, follower, commits.slice(-1))).toEqual({ reads: 0, loads: 0 });
    // Another process's follower meets the game at its latest commit: loaded, the header with it.
    const latest = await move();
    expect(await observeEach(ctx, new GameFollower(), latest.slice(-1))).toEqual({ reads: 0, loads: 1 });
  });

  it('asks for game-scope webhooks only of a game whose header says it may have some, and delivers to them', async () => {
    const { ctx, commits, gameId, ann, move } = await startedGame('held-hooks');
    expect((await ctx.store.getHeader(gameId))?.gameWebhooks).toBe(false);
    const queued: OutboxMessage[] = [];
    const sink = webhookSink(ctx, { enqueue: async (messages) => void queued.push(...messages) });
    const follower = new GameFollower();
    const gameWebhooks = vi.spyOn(ctx.push, 'gameWebhooks');
    const consume = async (made: readonly Commit[]) => {
      for (const commit of made) {
        const reads = batchReads(ctx);
        const { derived, observed } = await notifyCommit(ctx, commit, follower, reads);
        await passOn([sink], derived, observed, reads);
      }
    };
    await consume([...commits, ...(await move())]);
    expect(gameWebhooks).not.toHaveBeenCalled();

    // A game-scope subscription: the header says so first (a header write, its revision bumped).
    const receiver = await startReceiver();
    receivers.push(receiver);
    const before = (await ctx.store.getHeader(gameId))!;
    const hook = await createWebhook(ctx, ctx.pushPolicy, ann.playerId, { url: receiver.url, gameId });
    const flagged = (await ctx.store.getHeader(gameId))!;
    expect(flagged).toEqual({ ...before, gameWebhooks: true, revision: before.revision + 1 });
    // A second subscription writes nothing more to the header.
    await createWebhook(ctx, ctx.pushPolicy, ann.playerId, { url: receiver.url, gameId, events: ['game.turn'] });
    expect((await ctx.store.getHeader(gameId))?.revision).toBe(flagged.revision);
    const made = await move();
    expect(made.every((c) => c.headerRevision === flagged.revision)).toBe(true);
    await consume(made);
    expect(gameWebhooks).toHaveBeenCalledWith(gameId, 'eventual');
    expect(queued.filter((m) => m.targetId === hook.id).length).toBeGreaterThan(0);

    // A header written before the flag existed: its game is asked, as before.
    gameWebhooks.mockClear();
    const { gameWebhooks: _flag, ...unflagged } = flagged;
    const old: GameHeader = { ...unflagged, revision: flagged.revision + 1 };
    expect(await ctx.store.replaceHeader(old, flagged.revision)).toBe(true);
    await consume(await move());
    expect(gameWebhooks).toHaveBeenCalledWith(gameId, 'eventual');
  });
});

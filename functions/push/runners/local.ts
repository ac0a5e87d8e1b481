import { setTimeout } from 'node:timers/promises';
import type { Timers } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import type { Outbox } from '../outbox/port.js';
import { batchReads, type BatchReads } from '../notify/batch-reads.js';
import { passOn, type PushSink } from '../notify/channels.js';
import { GameFollower } from '../notify/follow.js';
import { notifyCommit, notifyJoin } from '../notify/notifier.js';
import { reminderPlanner, REMINDER_MIN_PENDING_MS } from '../reminders/reminders.js';
import { StreamHub } from '../stream/hub.js';
import { webhookSink } from '../webhooks/webhooks.js';
import { webPushSink } from '../webpush/sink.js';
import { emailSink } from '../email/sink.js';
import type { Commit } from '../../store/port.js';
import { NotifierBacklog, type NotifierBacklogSize, type NotifierWork } from './backlog.js';

export interface LocalPushOptions extends LocalNotifierOptions {
  /** Shortest pending entry that gets reminders (tests shorten it). */
  readonly reminderMinPendingMs?: number;
}

export interface LocalNotifierOptions {
  readonly onError?: (error: unknown) => void;
  /** Told how long each commit took to handle (bench:push prices the consumer's work with it). */
  readonly onHandled?: (ms: number) => void;
  /** The most commits and joins held in memory before commits are read back from the log instead (tests lower it). */
  readonly holdAtMost?: number;
}

export interface LocalNotifier {
  /**
   * Resolves once every commit signalled so far is handled: notified, and
   * its deliveries queued (not attempted nor recorded: the outbox's `idle`
   * says when those are done). Tests wait on it, never on time.
   */
  idle(): Promise<void>;
  /** How far behind it is (npm start's diagnostics print it). */
  backlog(): NotifierBacklogSize;
  stop(): void;
}

export interface LocalPush {
  readonly notifier: LocalNotifier;
  /** The open WebSocket connections of this process (attach it to the server with attachLocalStream). */
  readonly hub: StreamHub;
  stop(): void;
}

/**
 * Push in process, under `npm start` and in the API tests: the stream's hub,
 * reminders, webhooks, browser push and e-mail become channels (added to `sinks`, which the timers'
 * firings hand what they send to as well), and each commit the in-process
 * signal announces is turned into notifications handed to them. Webhook
 * and push deliveries go to `outbox`, never attempted on the way; no push for
 * a game the player has open on this process's stream.
 */
export function runLocalPush(ctx: PushContext, timers: Timers, outbox: Outbox, sinks: PushSink[], options: LocalPushOptions = {}): LocalPush {
  const hub = new StreamHub(ctx);
  sinks.push(
    hub.sink,
    reminderPlanner(timers, options.reminderMinPendingMs ?? REMINDER_MIN_PENDING_MS),
    webhookSink(ctx, outbox),
    webPushSink(ctx, outbox, async (playerId, gameId) => hub.watches(playerId, gameId)),
    emailSink(ctx, outbox),
  );
  const notifier = runLocalNotifier(ctx, sinks, options);
  return { notifier, hub, stop: () => notifier.stop() };
}

/** The most commits and joins the notifier holds in memory; beyond them it reads commits back from the log (backlog.ts). */
const HELD_AT_MOST = 1_000;
/** The most items one turn of the notifier takes, and the most commits one read back of a game's log takes. */
const TURN_SIZE = 25;
/** The pause after a read back the store failed, before the game is tried again. */
const READ_BACK_RETRY_MS = 1_000;

/**
 * Each commit the in-process signal announces (it is durable by then) is
 * turned into notifications, each game's in commit order, and handed to the
 * sinks; each join the service announces (its header stored) takes its place
 * before the game's commits, derived as the stream consumer on AWS derives it
 * from the header's record. What is yet to handle waits in a bounded backlog:
 * a notifier that falls behind reads commits back from the log instead of
 * holding them all.
 * Each turn's items are a batch, as a stream consumer's event is on AWS: the
 * channels read what they need about a player, and a game's header, once
 * per batch (a read back from the log is a batch of its own, its header read
 * after the commits it read). A game's header is read only when the one the
 * follower holds is older than a commit's stamp: joins are the only header
 * writes this process hears of, so each other (a seat left, standing
 * orders, a game's first webhook) costs the next commit decided under it
 * one read.
 */
export function runLocalNotifier(
  ctx: PushContext,
  sinks: readonly PushSink[],
  { onError = () => {}, onHandled = () => {}, holdAtMost = HELD_AT_MOST }: LocalNotifierOptions = {},
): LocalNotifier {
  // Every game's commits come through this one process: it follows as many games as the service keeps.
  const follower = new GameFollower(ctx.recentGames.capacity);
  const backlog = new NotifierBacklog(holdAtMost);
  const handle = async (work: NotifierWork, reads: BatchReads) => {
    const started = performance.now();
    try {
      if (work.kind === 'join') {
        follower.heard(work.header);
        await passOn(sinks, await notifyJoin(ctx, work.header, reads), null, reads);
      } else {
        const { derived, observed } = await notifyCommit(ctx, work.commit, follower, reads);
        await passOn(sinks, derived, observed, reads);
        onHandled(performance.now() - started);
      }
    } catch (error) {
      onError(error);
    }
  };
  const readBack = async (gameId: string, fromSeq: number) => {
    let commits: readonly Commit[];
    try {
      commits = await ctx.store.readCommits(gameId, fromSeq - 1, TURN_SIZE);
    } catch (error) {
      // The log keeps them: the game waits its turn again, after a pause that spares a store in trouble (the turn, and so every game, waits it out).
      onError(error);
      await setTimeout(READ_BACK_RETRY_MS);
      backlog.read(gameId, fromSeq - 1, true);
      return;
    }
    const reads = batchReads(ctx);
    for (const commit of commits) await handle({ kind: 'commit', commit }, reads);
    backlog.read(gameId, commits.at(-1)?.seq ?? fromSeq - 1, commits.length === TURN_SIZE);
  };
  let turn: Promise<void> | null = null;
  const work = () => {
    turn ??= (async () => {
      for (let items = backlog.take(TURN_SIZE); items.length > 0; items = backlog.take(TURN_SIZE)) {
        const reads = batchReads(ctx);
        for (const item of items) await (item.kind === 'read' ? readBack(item.gameId, item.fromSeq) : handle(item, reads));
      }
    })().finally(() => {
      turn = null;
      // Work that came as this turn was ending starts the next.
      if (!backlog.empty) work();
    });
  };
  const unsubscribe = ctx.signal.subscribe((commit) => {
    backlog.add({ kind: 'commit', commit });
    work();
  });
  const unsubscribeJoins = ctx.joins.subscribe((header) => {
    backlog.add({ kind: 'join', header });
    work();
  });
  return {
    idle: async () => {
      // A sink may cause commits of its own (none today): wait until nothing is left.
      while (turn !== null) await turn;
    },
    backlog: () => backlog.size,
    stop: () => {
      unsubscribe();
      unsubscribeJoins();
    },
  };
}

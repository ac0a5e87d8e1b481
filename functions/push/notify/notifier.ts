import type { BaseState } from '../../../core/engine/index.js';
import type { ServiceContext } from '../../service/context.js';
import { loadLive } from '../../service/pipeline.js';
import type { Commit, GameHeader } from '../../store/port.js';
import type { PushContext } from '../context.js';
import { deriveJoined, deriveNotifications, endedNow, TURN_TYPES, type Addressed, type Derived } from '../model/derive.js';
import { DEFAULT_PUSH_POLICY } from '../policy.js';
import { GameFollower, type ObservedCommit } from './follow.js';
import { withoutBlockedNames } from './blocked-names.js';
import { batchReads, type BatchReads } from './batch-reads.js';
import { feedKeeps } from './feed.js';

/** The service's context with push: its store (the composition root's choice) and its policy (the default unless given). */
export function withPush(service: ServiceContext, parts: Pick<PushContext, 'push'> & Partial<Pick<PushContext, 'pushPolicy'>>): PushContext {
  return { ...service, pushPolicy: DEFAULT_PUSH_POLICY, ...parts };
}

/** The game's title for people, e.g. "Villages of Valeria". */
export function titleOf(ctx: ServiceContext, game: string): string {
  return ctx.games.find((g) => g.meta.id === game)?.meta.title ?? game;
}

export interface Notified {
  readonly derived: Derived;
  /** Null when the game is gone (nothing to tell). */
  readonly observed: ObservedCommit | null;
}

/**
 * Derives and stores the notifications a durable commit causes. Runs where
 * commits are observed durable (the in-process signal locally, the DynamoDB
 * stream on AWS) and may run twice for one commit: ids derive from the commit
 * and the addressee, so the second run rewrites the same items. Stores what
 * the feed keeps (`feedKeeps`), and hands every derived notification on:
 * the channels skip what the commit's answer told, reminders plan from it.
 */
export async function notifyCommit(ctx: PushContext, commit: Commit, follower = new GameFollower(), reads: BatchReads = batchReads(ctx)): Promise<Notified> {
  const observed = await follower.observe(ctx, commit, reads.header);
  if (!observed) return { derived: { notifications: [], notices: [] }, observed };
  const { header, previous } = observed;
  const result = endedNow({ previous, commit }) ? await finalScore(ctx, observed) : null;
  const told = deriveNotifications({ header, title: titleOf(ctx, header.game), previous, commit, result });
  const derived = { ...told, notifications: await withoutBlockedNames(reads, header, told.notifications) };
  await storeAddressed(
    ctx,
    derived.notifications.filter((addressed) => feedKeeps(commit, addressed)),
  );
  return { derived: await withinTurnAllowance(ctx, commit, derived), observed };
}

/** How many undos of one game may announce turns again to the push channels in a minute (a submit/undo loop would announce one per round trip). */
export const UNDO_ANNOUNCEMENTS_PER_GAME_MINUTE = 10;
const MINUTE_MS = 60_000;

/**
 * An undo that hands a turn back announces it again (`your-turn` to the
 * undoer, `game.turn` to the game's webhooks): each such commit takes a place
 * in its game's minute (the minute of the commit's time, so a redelivered
 * commit finds its own place); past the allowance its turn announcements are
 * held — carried in the commit's own stream message, but sent to no webhook
 * and in no lone stream message (the undoer's own `your-turn` is not stored
 * either: their answer carried it, `feedKeeps`). Every other commit's
 * announcements always go out: a fast game (bots playing through webhooks)
 * is never held back, only a loop of undos is.
 */
async function withinTurnAllowance(ctx: PushContext, commit: Commit, derived: Derived): Promise<Derived> {
  if ((commit.command as { type?: string }).type !== 'undo') return derived;
  const turns = [...derived.notifications.map((a) => a.notification), ...derived.notices].filter((m) => TURN_TYPES.has(m.type));
  if (turns.length === 0) return derived;
  const windowStart = Math.floor(commit.at / MINUTE_MS) * MINUTE_MS;
  if (await ctx.push.takeAllowance(commit.gameId, windowStart, commit.seq, UNDO_ANNOUNCEMENTS_PER_GAME_MINUTE)) return derived;
  return { ...derived, held: new Set(turns.map((m) => m.id)) };
}

/**
 * Derives and stores what a stored header tells: `player-joined` when its
 * write seated a player (nothing otherwise). Runs where such headers are
 * observed stored — the in-process news of joins locally, the header's
 * stream record on AWS — and may run twice for one: ids and times derive
 * from the join, so the second run rewrites the same items.
 */
export async function notifyJoin(ctx: PushContext, header: GameHeader, reads: BatchReads = batchReads(ctx)): Promise<Derived> {
  const notifications = await withoutBlockedNames(reads, header, deriveJoined(header, titleOf(ctx, header.game)));
  await storeAddressed(ctx, notifications);
  return { notifications, notices: [] };
}

/** Stores notifications, one batch per addressee. */
export async function storeAddressed(ctx: PushContext, addressed: readonly Addressed[]): Promise<void> {
  const byPlayer = new Map<string, Addressed['notification'][]>();
  for (const { playerId, notification } of addressed) byPlayer.set(playerId, [...(byPlayer.get(playerId) ?? []), notification]);
  await Promise.all([...byPlayer].map(([playerId, list]) => ctx.push.putNotifications(playerId, list)));
}

async function finalScore(ctx: ServiceContext, observed: ObservedCommit) {
  const live = observed.live ?? (await loadLive(ctx, observed.commit.gameId));
  return live.state ? live.engine.score(live.state as BaseState & never) : null;
}

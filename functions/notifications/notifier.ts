import type { BaseState } from '../../core/engine/index.js';
import type { ServiceContext } from '../service/context.js';
import { loadLive } from '../service/pipeline.js';
import type { Commit } from '../store/port.js';
import { deriveNotifications, endedNow, type Addressed, type Derived } from './derive.js';

const NOTHING: Derived = { notifications: [], notices: [] };

/** The game's title for people, e.g. "Villages of Valeria". */
export function titleOf(ctx: ServiceContext, game: string): string {
  return ctx.games.find((g) => g.meta.id === game)?.meta.title ?? game;
}

/**
 * Derives and stores the notifications a durable commit causes. Runs where
 * commits are observed durable (the in-process signal locally, the DynamoDB
 * stream on AWS) and may run twice for one commit: ids derive from the commit
 * and the addressee, so the second run rewrites the same items.
 */
export async function notifyCommit(ctx: ServiceContext, commit: Commit): Promise<Derived> {
  const header = await ctx.store.getHeader(commit.gameId);
  if (!header) return NOTHING;
  const [before] = commit.seq > 1 ? await ctx.store.readCommits(commit.gameId, commit.seq - 2, 1) : [];
  const previous = before?.summary ?? null;
  const result = endedNow({ previous, commit }) ? await finalScore(ctx, commit.gameId) : null;
  const derived = deriveNotifications({ header, title: titleOf(ctx, header.game), previous, commit, result });
  await storeAddressed(ctx, derived.notifications);
  return derived;
}

/** Stores notifications, one batch per addressee. */
export async function storeAddressed(ctx: ServiceContext, addressed: readonly Addressed[]): Promise<void> {
  const byPlayer = new Map<string, Addressed['notification'][]>();
  for (const { playerId, notification } of addressed) byPlayer.set(playerId, [...(byPlayer.get(playerId) ?? []), notification]);
  await Promise.all([...byPlayer].map(([playerId, list]) => ctx.push.putNotifications(playerId, list)));
}

async function finalScore(ctx: ServiceContext, gameId: string) {
  const live = await loadLive(ctx, gameId);
  return live.state ? live.engine.score(live.state as BaseState & never) : null;
}

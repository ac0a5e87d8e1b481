import { isoInstant } from '../../core/table/index.js';
import type { PushContext } from '../push/context.js';
import { readNotifications, readPreferences } from '../push/notify/feed.js';
import { presentWebhook } from '../push/webhooks/webhooks.js';
import { listAccessTokens } from '../service/access-tokens.js';
import { fail } from '../service/errors.js';
import { listPasskeys } from '../service/passkeys.js';
import { readVacation } from '../service/vacation.js';
import { listBlocks } from '../service/blocks.js';
import { profileOf } from '../service/profiles.js';
import { presentPushSubscription } from '../push/webpush/subscriptions.js';
import { decodeCursor, encodeCursor, finishedOrderKey } from '../store/conventions.js';
import type { MembershipRow, PlayerRecord } from '../store/port.js';
import { presentAccessToken } from './routes/access-tokens.js';
import { presentPasskey } from './routes/passkeys.js';
import { presentPlayer } from './routes/players.js';
import { presentStatus } from './routes/vacation.js';

/** Finished games in one answer of the export; `next` asks for the following ones. */
export const EXPORTED_FINISHED_GAMES_PER_PAGE = 500;
/** Notifications read a page at a time, to the end (they are kept 30 days). */
const NOTIFICATION_PAGE = 100;
/** Running games read a page at a time, to the end (at most 100). */
const RUNNING_PAGE = 100;

/**
 * Everything the service keeps about a player, as one document: their
 * profile, access tokens (never a token or its hash), passkeys (never a
 * public key), vacation ledger, reminder preferences, webhooks (never a
 * signing secret), browser push devices (never an endpoint or its keys),
 * blocks, ratings and tallies per game, the
 * notifications kept for them, and their games — every running one and a
 * page of the finished ones, newest first, with the cursor of the next page
 * (`games.next`, sent back as `after`): years of play stay within one
 * answer's size. A game itself (its log, after the end) is read from the
 * game's own routes.
 */
export async function exportAccountData(ctx: PushContext, player: PlayerRecord, after: string | null) {
  const [accessTokens, passkeys, vacation, preferences, webhooks, pushDevices, { blocks }, profile, notifications, running, finished] = await Promise.all([
    listAccessTokens(ctx, player.playerId),
    listPasskeys(ctx, player.playerId),
    readVacation(ctx, player),
    readPreferences(ctx, player.playerId, 'strong'),
    ctx.push.listWebhooks(player.playerId, 'strong'),
    ctx.push.listPushSubscriptions(player.playerId, 'strong'),
    listBlocks(ctx, player),
    profileOf(ctx, player.playerId),
    everyNotification(ctx, player.playerId),
    everyRunningGame(ctx, player.playerId),
    finishedPage(ctx, player.playerId, after),
  ]);
  return {
    exportedAt: isoInstant(ctx.clock()),
    player: presentPlayer(player),
    accessTokens: accessTokens.map(presentAccessToken),
    passkeys: passkeys.map(presentPasskey),
    vacation: presentStatus(vacation),
    preferences,
    webhooks: webhooks.map(presentWebhook),
    pushDevices: pushDevices.map(presentPushSubscription),
    blocks,
    ratings: { reliability: profile.reliability, games: profile.games },
    notifications,
    games: {
      running: running.map((row) => ({ gameId: row.gameId, game: row.game, seat: row.seat, joinedAt: isoInstant(row.joinedAt) })),
      finished: finished.rows.map((row) => ({ gameId: row.gameId, game: row.game, seat: row.seat, version: row.version })),
      next: finished.next,
    },
  };
}

async function everyNotification(ctx: PushContext, playerId: string) {
  const all = [];
  for (let after: string | null = null, more = true; more;) {
    const page = await readNotifications(ctx, playerId, after, NOTIFICATION_PAGE);
    all.push(...page.notifications);
    ({ next: after, more } = page);
  }
  return all;
}

async function everyRunningGame(ctx: PushContext, playerId: string): Promise<MembershipRow[]> {
  const all: MembershipRow[] = [];
  for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
    const page = await ctx.store.listMemberships(playerId, cursor, RUNNING_PAGE);
    all.push(...page.items);
    cursor = page.next;
  }
  return all;
}

async function finishedPage(ctx: PushContext, playerId: string, after: string | null) {
  let afterKey: string | null = null;
  if (after !== null) {
    try {
      afterKey = decodeCursor(after);
    } catch {
      throw fail('invalid-cursor', { list: 'games' });
    }
  }
  // One more than a page tells whether another follows.
  const rows = await ctx.store.listFinishedGames(playerId, afterKey, EXPORTED_FINISHED_GAMES_PER_PAGE + 1);
  const page = rows.slice(0, EXPORTED_FINISHED_GAMES_PER_PAGE);
  const last = page.at(-1);
  return { rows: page, next: rows.length > page.length && last ? encodeCursor(finishedOrderKey(last.gameId)) : null };
}

import type { PushContext } from '../context.js';
import { answeredToItsAuthor } from '../../service/answered-commands.js';
import { fail } from '../../service/errors.js';
import { TURN_TYPES, type Addressed } from '../model/derive.js';
import { DEFAULT_LANGUAGE, type Language } from '../../service/languages.js';
import { InvalidCursorError } from '../store/keys.js';
import type { ReadConsistency } from '../store/port.js';
import type { Commit } from '../../store/port.js';
import { applyChange, resolvePreferences, type Preferences, type PreferencesChange } from '../model/preferences.js';

/**
 * Whether the feed stores a notification a commit tells: all but a turn
 * announced to the player whose own request made the commit (a multi-step
 * turn that stays theirs, a round that comes back to its last submitter).
 * Their answer carried it, it is no news to any of their clients (the turn
 * is theirs by the very answer), and a lost answer is made good by reading
 * the game (its legal moves); storing it would cost a write per such move,
 * most of a live table's notifications. What else that answer told them
 * (the end their move made, once a game) stays in the feed, their record of
 * what happened.
 */
export function feedKeeps(commit: Pick<Commit, 'actor' | 'command'>, { playerId, notification }: Addressed): boolean {
  return !(TURN_TYPES.has(notification.type) && answeredToItsAuthor(commit, playerId));
}

export async function readNotifications(ctx: PushContext, playerId: string, after: string | null, limit: number) {
  try {
    const page = await ctx.push.listNotifications(playerId, after, limit);
    return { notifications: [...page.items], next: page.next, more: page.more };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw fail('invalid-cursor', { list: 'notifications' });
    throw error;
  }
}

/** The language a player reads what the service writes to them in: their choice on their preferences, else `fallback` (the browser's their address was set from), else English. */
export async function readerLanguage(ctx: PushContext, playerId: string, fallback?: Language): Promise<Language> {
  return (await readPreferences(ctx, playerId, 'eventual')).language ?? fallback ?? DEFAULT_LANGUAGE;
}

/** The player's preferences, their choices over the defaults; `strong` when they read back their own, `eventual` (half the units) when a channel consults them. */
export async function readPreferences(ctx: PushContext, playerId: string, consistency: ReadConsistency): Promise<Preferences> {
  return resolvePreferences(await ctx.push.getPreferences(playerId, consistency));
}

/**
 * Applies a change to what the player chose before (the cells it names, the
 * reminders if given) and answers the whole matrix. Read, then written: two
 * changes from the same player at the same instant keep the last one's cells.
 */
export async function changePreferences(ctx: PushContext, playerId: string, change: PreferencesChange): Promise<Preferences> {
  const stored = applyChange(await ctx.push.getPreferences(playerId, 'strong'), change);
  await ctx.push.putPreferences(playerId, stored);
  return resolvePreferences(stored);
}

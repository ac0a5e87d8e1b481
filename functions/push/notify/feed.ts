import type { PushContext } from '../context.js';
import { fail } from '../../service/errors.js';
import { InvalidCursorError } from '../store/keys.js';
import type { ReadConsistency } from '../store/port.js';
import { DEFAULT_REMINDERS, type Preferences } from '../model/schemas.js';

export async function readNotifications(ctx: PushContext, playerId: string, after: string | null, limit: number) {
  try {
    const page = await ctx.push.listNotifications(playerId, after, limit);
    return { notifications: [...page.items], next: page.next, more: page.more };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw fail('invalid-cursor', { list: 'notifications' });
    throw error;
  }
}

/** The player's preferences, or the defaults; `strong` when they read back their own, `eventual` (half the units) when planning reminders. */
export async function readPreferences(ctx: PushContext, playerId: string, consistency: ReadConsistency): Promise<Preferences> {
  return (await ctx.push.getPreferences(playerId, consistency)) ?? { reminders: [...DEFAULT_REMINDERS] };
}

export async function writePreferences(ctx: PushContext, playerId: string, preferences: Preferences): Promise<Preferences> {
  const stored = { reminders: [...preferences.reminders].sort((a, b) => a - b) };
  await ctx.push.putPreferences(playerId, stored);
  return stored;
}

import type { Commit } from '@valeria-tabletop/client';
import { when } from './when.js';

type Event = Commit['events'][number];
const KIT = new Set(['clock', 'absence', 'vacation', 'undone']);

/** "a move", "3 moves in a row": the timeouts after which a seat went to the bot. */
export const missedMoves = (count: number) => (count === 1 ? 'a move' : `${count} moves in a row`);

/** Whether an event is one every game shares (banks, absence, vacations, undo) rather than the game's own. */
export const isKitEvent = (event: Event) => KIT.has(event.type);

/** A shared event in words, or null when it needs no line (a bank settled, a timeout counted). */
export function describeKitEvent(event: Event, commit: Commit, names: readonly string[]): string | null {
  const who = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;
  switch (event.type) {
    case 'absence': {
      const change = 'change' in event ? event.change : undefined;
      if (!change) return null;
      return change.kind === 'replaced'
        ? `${who(change.seat)} missed ${missedMoves(change.afterTimeouts)}: the bot plays their seat until they take it back.`
        : `${who(change.seat)} took their seat back from the bot.`;
    }
    case 'undone':
      return `${'seat' in commit.actor ? who(commit.actor.seat) : 'Someone'} took back move ${event.version}.`;
    case 'vacation': {
      if (!('away' in event)) return null;
      const back = Date.parse(event.away.backAt);
      return back <= Date.parse(commit.at) ? `${who(event.seat)} is back from vacation.` : `${who(event.seat)} is away until ${when(event.away.backAt)}.`;
    }
    default:
      return null;
  }
}

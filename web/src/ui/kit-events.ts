import type { Commit } from '@valeria-tabletop/client';
import { when } from './when.js';
import { isolate, num, t } from '../i18n/i18n.js';

type Event = Commit['events'][number];
const KIT = new Set(['clock', 'absence', 'vacation', 'undone']);

/** Whether an event is one every game shares (banks, absence, vacations, undo) rather than the game's own. */
export const isKitEvent = (event: Event) => KIT.has(event.type);

/** A shared event in words, or null when it needs no line (a bank settled, a timeout counted). */
export function describeKitEvent(event: Event, commit: Commit, names: readonly string[]): string | null {
  const who = (seat: number) => isolate(names[seat] ?? t('seat.numbered', { seat: num(seat + 1) }));
  switch (event.type) {
    case 'absence': {
      const change = 'change' in event ? event.change : undefined;
      if (!change) return null;
      return change.kind === 'replaced'
        ? t('kit.missed', { who: who(change.seat), count: change.afterTimeouts })
        : t('kit.reclaimed', { who: who(change.seat) });
    }
    case 'undone':
      return t('kit.undone', { who: 'seat' in commit.actor ? who(commit.actor.seat) : t('kit.someone'), version: num(event.version) });
    case 'vacation': {
      if (!('away' in event)) return null;
      const back = Date.parse(event.away.backAt);
      return back <= Date.parse(commit.at) ? t('kit.back', { who: who(event.seat) }) : t('kit.away', { who: who(event.seat), until: when(event.away.backAt) });
    }
    default:
      return null;
  }
}

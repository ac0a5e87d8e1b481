import type { GameHeader } from '@valeria-tabletop/client';
import { num, t, type MessageKey } from '../i18n/i18n.js';

type Seat = GameHeader['seats'][number];

/** How a seat is called at the table (a player's own name; bots and empty seats numbered from 1). */
export function seatName(seat: Seat | undefined): string {
  if (!seat) return t('seat.nobody');
  if (seat.kind === 'player') return seat.name;
  if (seat.kind === 'bot') return t('seat.bot', { seat: num(seat.seat + 1), level: seat.level });
  return t('seat.empty', { seat: num(seat.seat + 1) });
}

export const seatNames = (seats: readonly Seat[]): string[] => seats.map(seatName);

/** Each game's title as its editions in that language print it (i18n/TERMS.md). */
export const GAME_TITLE_KEYS: Record<string, MessageKey> = {
  'villages-of-valeria': 'game.villages-of-valeria',
  'valeria-card-kingdoms': 'game.valeria-card-kingdoms',
  'village-pillage': 'game.village-pillage',
};

/** A game's title in the page's language; its id for a game this client does not know. */
export const gameTitle = (game: string): string => {
  const key = GAME_TITLE_KEYS[game];
  return key ? t(key) : game;
};

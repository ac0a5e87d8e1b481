import type { GameHeader } from '@valeria-tabletop/client';

type Seat = GameHeader['seats'][number];

/** How a seat is called at the table. */
export function seatName(seat: Seat | undefined): string {
  if (!seat) return 'nobody';
  if (seat.kind === 'player') return seat.name;
  if (seat.kind === 'bot') return `Bot ${seat.seat + 1} (${seat.level})`;
  return `Empty seat ${seat.seat + 1}`;
}

export const seatNames = (seats: readonly Seat[]): string[] => seats.map(seatName);

export const GAME_TITLES: Record<string, string> = {
  'villages-of-valeria': 'Villages of Valeria',
  'valeria-card-kingdoms': 'Valeria: Card Kingdoms',
  'village-pillage': 'Village Pillage',
};

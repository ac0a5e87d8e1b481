import { playOut, type BotLevel } from '../../../core/engine/index.js';
import { MARKET_CARDS } from '../../../core/games/village-pillage/catalog/index.js';
import type { VpState } from '../../../core/games/village-pillage/state.js';
import { DEADLINES, engine } from './helpers.js';

/** Figures of a batch of seeded bot games, for the balance tests and the report. */
export interface Balance {
  readonly games: number;
  readonly medianRounds: number;
  /** Wins per seat over games (a shared victory split evenly). */
  readonly seatWinRates: number[];
  /** Per Market card: how often its owners at the end won, relative to the mean win rate of all players. */
  readonly cardOwnerRatios: Record<string, { ratio: number; owners: number }>;
  readonly gamesPerSecond: number;
}

const ownedCards = (state: VpState, seat: number): string[] => {
  const p = state.players[seat] as VpState['players'][number];
  return [...p.hand, ...p.exhausted, ...p.queue, ...state.table.filter((t) => t.seat === seat).map((t) => t.card)];
};

export function measure(seats: number, games: number, bots: (game: number) => BotLevel[], label = 'balance'): Balance {
  const rounds: number[] = [];
  const seatWins = new Array<number>(seats).fill(0);
  const owners = new Map<string, { wins: number; count: number }>(MARKET_CARDS.map((c) => [c, { wins: 0, count: 0 }]));
  const started = performance.now();
  for (let i = 0; i < games; i++) {
    const { state } = playOut(engine, {
      init: { seats, options: {}, deadlines: DEADLINES, seed: `${label}-${seats}-${i}`, at: 0 },
      bots: bots(i),
      botSeed: `${label}-bots-${i}`,
    });
    const { winners, turns } = engine.score(state);
    rounds.push(turns);
    for (let seat = 0; seat < seats; seat++) {
      const won = winners.includes(seat) ? 1 / winners.length : 0;
      seatWins[seat] = (seatWins[seat] as number) + won;
      for (const card of ownedCards(state, seat)) {
        const entry = owners.get(card);
        if (entry) [entry.wins, entry.count] = [entry.wins + won, entry.count + 1];
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const meanWinRate = seatWins.reduce((a, b) => a + b, 0) / (games * seats);
  const sorted = [...rounds].sort((a, b) => a - b);
  return {
    games,
    medianRounds: sorted[Math.floor(sorted.length / 2)] as number,
    seatWinRates: seatWins.map((w) => w / games),
    cardOwnerRatios: Object.fromEntries([...owners].map(([card, { wins, count }]) => [card, { ratio: count ? wins / count / meanWinRate : 0, owners: count }])),
    gamesPerSecond: games / seconds,
  };
}

export const allGreedy = (seats: number) => () => Array<BotLevel>(seats).fill('greedy');

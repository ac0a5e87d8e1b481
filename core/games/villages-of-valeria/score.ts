import type { ScoreSheet, Seat } from '../../engine/index.js';
import { adventurer, building, powerOf } from './catalog/index.js';
import { countType, villageSize } from './board.js';
import { soloRank } from './rules.js';
import type { PlayerState, VvState } from './state.js';

export interface ScoreDetail {
  /** Printed VP of Buildings and Adventurers. */
  readonly cards: number;
  /** End powers. */
  readonly powers: number;
  /** Coins owned: free, and on your own Castle and Resources (whoever placed them). */
  readonly gold: number;
  readonly total: number;
  readonly villageSize: number;
  readonly resources: number;
}

export function ownedGold(p: PlayerState): number {
  return p.coins + (p.castleCoin !== null ? 1 : 0) + p.resources.filter((r) => r.coin !== null).length;
}

/** End powers: +1 VP per Building of a type (the Harbor's type is Shadow, VV-R5) or per Adventurer. */
function endPowers(p: PlayerState): number {
  let vp = 0;
  for (const card of [...p.buildings, ...p.adventurers]) {
    const power = powerOf(card);
    if (power?.shape === 'end-vp-per-type') vp += countType(p, power.buildingType);
    else if (power?.shape === 'end-vp-per-adventurer') vp += p.adventurers.length;
  }
  return vp;
}

export function scoreDetail(p: PlayerState): ScoreDetail {
  const cards = p.buildings.reduce((n, id) => n + building(id).vp, 0) + p.adventurers.reduce((n, id) => n + adventurer(id).vp, 0);
  const powers = endPowers(p);
  const gold = ownedGold(p);
  return { cards, powers, gold, total: cards + powers + gold, villageSize: villageSize(p), resources: p.resources.length };
}

/** Ties: most Buildings + Adventurers, then most Gold, then most Resources, then a shared victory. */
const rankKey = (d: ScoreDetail): number[] => [d.total, d.villageSize, d.gold, d.resources];

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

export function scoreSheet(state: VvState): ScoreSheet {
  const details = state.players.map(scoreDetail);
  const scores = details.map((d) => d.total);
  let winners: Seat[] = [];
  if (state.finished) {
    const best = details.map(rankKey).reduce((a, b) => (compareKeys(a, b) >= 0 ? a : b));
    winners = details.flatMap((d, seat) => (compareKeys(rankKey(d), best) === 0 ? [seat] : []));
  }
  return {
    scores,
    winners,
    details,
    turns: state.flow.turn,
    ...(state.solo ? { verdict: soloRank(scores[0] as number) } : {}),
  };
}

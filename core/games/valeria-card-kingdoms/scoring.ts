import type { ScoreSheet, Seat } from '../../engine/index.js';
import { domainCard, dukeCard, kingdomCitizen, monsterCard, type CardId, type DukeTerm, type Role } from './catalog/index.js';
import { playerAt } from './kingdom.js';
import { resourcesOf, type VckState } from './state.js';

/**
 * Scoring ("End and scoring"): monster VP + domain VP + VP tokens + Duke VP;
 * ties go to the fewest cards, then are shared (VK-R1). Solo compares the
 * player (monsters + domains + Duke) with the Dark Lord.
 */

/** What a Duke looks at. Role-based terms count roles on Citizens and Domains. */
export interface DukeBasis {
  readonly citizens: readonly CardId[];
  readonly domains: readonly CardId[];
  readonly monsters: readonly CardId[];
  readonly resources: number;
}

function roleCount(basis: DukeBasis, role: Role): number {
  const onCitizens = basis.citizens.filter((id) => kingdomCitizen(id).role === role).length;
  const onDomains = basis.domains.reduce((n, id) => n + (domainCard(id).requirement[role] ?? 0), 0);
  return onCitizens + onDomains;
}

function termVp(term: DukeTerm, basis: DukeBasis): number {
  switch (term.per) {
    case 'role':
      return term.vp * roleCount(basis, term.role);
    case 'monster-type':
      return term.vp * basis.monsters.filter((id) => monsterCard(id).type === term.type).length;
    case 'monster':
      return term.vp * basis.monsters.length;
    case 'domain':
      return term.vp * basis.domains.length;
    case 'resources':
      return term.vp * Math.floor(basis.resources / term.every);
  }
}

export const dukeVp = (duke: CardId, basis: DukeBasis): number => dukeCard(duke).terms.reduce((sum, term) => sum + termVp(term, basis), 0);

const monsterVp = (cards: readonly CardId[]) => cards.reduce((n, id) => n + monsterCard(id).vp, 0);
const domainVp = (cards: readonly CardId[]) => cards.reduce((n, id) => n + domainCard(id).vp, 0);

export interface SeatScore {
  readonly monsters: number;
  readonly domains: number;
  readonly tokens: number;
  /** Null while the game runs: the Duke is secret. */
  readonly duke: number | null;
  readonly total: number;
  readonly cards: number;
}

export function seatScore(state: VckState, seat: Seat, withDuke: boolean): SeatScore {
  const p = playerAt(state, seat);
  const monsters = monsterVp(p.monsters);
  const domains = domainVp(p.domains);
  // Solo counts monsters, domains and the Duke only.
  const tokens = state.solo ? 0 : p.vp;
  const duke = withDuke && p.duke ? dukeVp(p.duke, { citizens: p.citizens, domains: p.domains, monsters: p.monsters, resources: resourcesOf(p) }) : null;
  return { monsters, domains, tokens, duke, total: monsters + domains + tokens + (duke ?? 0), cards: p.citizens.length + p.monsters.length + p.domains.length };
}

/** The Dark Lord: surviving monsters and captured domains, his Duke applied to them and the captured citizens. */
function darkLordScore(state: VckState): number {
  const lord = state.darkLord;
  if (!lord) return 0;
  const surviving = state.market.monsters.flatMap((s) => s.cards);
  return (
    monsterVp(surviving) + domainVp(lord.domains) + dukeVp(lord.duke, { citizens: lord.citizens, domains: lord.domains, monsters: surviving, resources: 0 })
  );
}

/** Highest total; then fewest cards in the kingdom; then a shared victory (VK-R1). */
export function winnersOf(scores: readonly SeatScore[]): Seat[] {
  const best = Math.max(...scores.map((s) => s.total));
  const top = scores.flatMap((s, seat) => (s.total === best ? [seat] : []));
  const fewest = Math.min(...top.map((seat) => (scores[seat] as SeatScore).cards));
  return top.filter((seat) => (scores[seat] as SeatScore).cards === fewest);
}

export type SoloVerdict = 'won-all-monsters-slain' | 'lost-kingdom-overrun' | 'won-on-points' | 'lost-on-points' | 'tied-on-points';

export function soloPointsVerdict(state: VckState): SoloVerdict {
  const mine = seatScore(state, 0, true).total;
  const his = darkLordScore(state);
  // The rulebook only says who wins on a higher score; equal scores are VK-R7's tie.
  return mine > his ? 'won-on-points' : mine < his ? 'lost-on-points' : 'tied-on-points';
}

// VK-R7: a solo points tie (`tied-on-points`) is a shared result, as in VK-R1: a win for the player.
const SOLO_WINS: readonly string[] = ['won-all-monsters-slain', 'won-on-points', 'tied-on-points'];

export function finalWinners(state: VckState, scores: readonly SeatScore[], verdict: string | null): Seat[] {
  if (state.solo) return verdict && SOLO_WINS.includes(verdict) ? [0] : [];
  return winnersOf(scores);
}

export function scoreSheet(state: VckState): ScoreSheet {
  const scores = state.players.map((_, seat) => seatScore(state, seat, state.finished));
  const totals = scores.map((s) => s.total);
  if (state.solo) {
    const darkLord = state.finished ? darkLordScore(state) : null;
    const winners = state.finished ? finalWinners(state, scores, state.verdict) : [];
    return { scores: totals, winners, details: [{ ...scores[0], darkLord }], turns: state.turnsPlayed, ...(state.verdict ? { verdict: state.verdict } : {}) };
  }
  return { scores: totals, winners: state.finished ? finalWinners(state, scores, null) : [], details: scores, turns: state.turnsPlayed };
}

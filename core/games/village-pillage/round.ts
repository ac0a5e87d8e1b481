import type { Seat } from '../../engine/index.js';
import { continueBuying, orderBuys } from './buy.js';
import { awaitPlans, type Draft } from './draft.js';
import { revealedPlays } from './plan.js';
import { resolveEffects } from './resolve.js';
import { RELICS_TO_WIN, turnips } from './rules.js';
import type { VpState } from './state.js';

/** The plan window closed (VP-R3): reveal, resolve, and go on as far as no decision is needed. */
export function closePlanWindow(d: Draft): void {
  d.emit({ type: 'plans-revealed', plays: revealedPlays(d.state) });
  resolveEffects(d);
  orderBuys(d);
  continueRound(d);
}

/** After the BUYs: the end of the game, or Refresh and the next round's plan window. */
export function continueRound(d: Draft): void {
  if (!continueBuying(d)) return;
  const winners = winnersOf(d.state);
  if (winners.length > 0) {
    d.emit({ type: 'game-ended', winners });
    return;
  }
  d.emit({ type: 'round-refreshed', round: d.state.round + 1 });
  awaitPlans(d);
}

/**
 * Rules "End": whoever owns 3 relics wins at once. Several in the same BUY
 * step: most turnips, then most cards in hand, then a shared victory.
 */
export function winnersOf(state: VpState): Seat[] {
  const crowned = state.players.flatMap((p, seat) => (p.relics.length >= RELICS_TO_WIN ? [seat] : []));
  const best = <T>(seats: Seat[], measure: (seat: Seat) => number) => {
    const top = Math.max(...seats.map(measure));
    return seats.filter((s) => measure(s) === top);
  };
  const player = (seat: Seat) => state.players[seat] as VpState['players'][number];
  return best(
    best(crowned, (s) => turnips(player(s))),
    (s) => player(s).hand.length,
  );
}

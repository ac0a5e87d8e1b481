import { clockwiseAfter, type Seat } from '../../engine/index.js';
import { canDraw, playerAt, villageSize } from './board.js';
import { canTakeAction } from './actions.js';
import type { Draft } from './draft.js';
import { usablePowers } from './powers.js';
import { endTrigger, HAND_LIMIT } from './rules.js';
import type { CoinSpot } from './events.js';
import type { Activity, PlayerState, VvState } from './state.js';

/**
 * The order of play: after a move's own effects, resolve what needs no choice
 * and open the next pending entry — the acting player's next decision, the
 * next follow window (VV-R6), the next turn, or the end of the game.
 */

export type DecisionStep = 'draw' | 'discard' | 'power' | 'hand-limit';

function openFor(d: Draft, seat: Seat, step: DecisionStep): void {
  d.await(d.nextDecision(step, 'window', seat));
}

/**
 * Works through what the acting player owes, after the first `settled`
 * (already done by the move). Returns the decision step it stopped at, or
 * null when the lead or follow is complete: base action first (draws,
 * discards, develop), then powers in any order, then the hand limit.
 */
function nextStep(d: Draft, act: Activity, settled: number): DecisionStep | null {
  const state = d.state;
  let done = settled;
  for (; done < act.owed.length; done++) {
    const head = act.owed[done] as Activity['owed'][number];
    if (head.kind === 'draw') {
      if (canDraw(state, act.seat)) break;
      // VV-R1: a draw with no source left is skipped (solo: a draw beyond 8 never happens).
    } else if (head.kind === 'discard') break;
    else if (head.kind === 'develop') d.emit({ type: 'developed', seat: act.seat, card: head.card });
    else if (head.kind === 'gold') {
      const n = Math.min(head.n, state.bank);
      if (n > 0) d.emit({ type: 'gold-gained', seat: act.seat, n, from: 'bank' });
    }
  }
  if (done > 0) d.emit({ type: 'owed-settled', seat: act.seat, n: done });
  const head = act.owed[0];
  if (head) return head.kind === 'draw' ? 'draw' : 'discard';
  if (!act.powersDone && usablePowers(state, act).length > 0) return 'power';
  // Hand limit 8, checked at the end of the lead or follow, after powers.
  if (playerAt(state, act.seat).hand.length > HAND_LIMIT) return 'hand-limit';
  return null;
}

/** Call after every move (`settled`: how many owed items the move itself did): moves the game on to the next thing anyone must decide. */
export function proceed(d: Draft, settled = 0): void {
  const { flow, solo, seats } = d.state;
  const act = flow.activity;
  if (act) {
    const step = nextStep(d, act, settled);
    if (step) return openFor(d, act.seat, step);
    d.emit({ type: 'action-finished', seat: act.seat, ...(act.role === 'lead' ? { followers: solo ? [] : clockwiseAfter(flow.active, seats) } : {}) });
  }
  offerNextFollow(d);
}

/** VV-R6: the next player clockwise who can pay the led action's cost gets a window; others are passed over. */
export function offerNextFollow(d: Draft): void {
  const { flow } = d.state;
  const queue = flow.queue.slice();
  while (queue.length > 0) {
    const seat = queue.shift() as Seat;
    if (flow.led && canTakeAction(d.state, seat, flow.led, 'follow')) {
      d.emit({ type: 'follow-offered', seat, queue });
      d.await(d.nextSequence('follow', 'window', [seat, ...queue]));
      return;
    }
  }
  if (flow.queue.length > 0) d.emit({ type: 'follow-offered', seat: null, queue: [] });
  endTurn(d);
}

function gameOver(state: VvState, quietTurns: number): boolean {
  // Solo: the game ends when the Building deck is empty at the end of a turn.
  if (state.solo) return state.deck.length === 0;
  const trigger = endTrigger(state.seats);
  // VV-R10: a full round of quiet turns ends a stalled game.
  return state.players.some((p) => villageSize(p) >= trigger) || quietTurns >= state.seats;
}

/**
 * VV-R10 (stalled game): with no card left to draw, a turn in which nobody
 * drew, built, developed or recruited is quiet; consecutive quiet turns are
 * counted, any progress starts the count again.
 */
function quietTurnsAfter(state: VvState): number {
  const nothingToDraw = state.deck.length === 0 && state.piles.every((p) => p.length === 0);
  return nothingToDraw && !state.flow.progressed ? state.flow.quietTurns + 1 : 0;
}

/** The game ends after the turn (lead and every follow) in which a village reached the trigger. */
function endTurn(d: Draft): void {
  const quietTurns = quietTurnsAfter(d.state);
  d.emit({ type: 'turn-ended', quietTurns });
  if (gameOver(d.state, quietTurns)) return d.emit({ type: 'game-ended' });
  startTurn(d, (d.state.flow.active + 1) % d.state.seats);
}

/** A turn begins with Replenish, then the active player leads. */
export function startTurn(d: Draft, seat: Seat): void {
  d.emit({ type: 'replenished', seat, ...replenishment(playerAt(d.state, seat), d.state.solo) });
  d.emit({ type: 'turn-started', seat, turn: d.state.flow.turn + 1 });
  d.await(d.nextTurn('lead', 'turn', seat));
}

/**
 * Replenish: take back the coins on your Castle and Resources. Solo: first
 * collect the coins that already slid to the resource spot, then slide the
 * newly placed ones, so a spent Resource stays unavailable one extra turn.
 */
function replenishment(p: PlayerState, solo: boolean): { collected: number; castleCoin: CoinSpot; resourceCoins: CoinSpot[] } {
  let collected = 0;
  const settle = (coin: CoinSpot): CoinSpot => {
    if (coin === null) return null;
    if (solo && coin === 'placed') return 'slid';
    collected++;
    return null;
  };
  const castleCoin = settle(p.castleCoin);
  const resourceCoins = p.resources.map((r) => settle(r.coin));
  return { collected, castleCoin, resourceCoins };
}

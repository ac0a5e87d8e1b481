import { clockwiseAfter, openDecision, openSequentialWindow, openTurn, type Seat } from '../../engine/index.js';
import { canDraw, playerAt, villageSize } from './board.js';
import { canTakeAction } from './actions.js';
import { usablePowers } from './powers.js';
import { endTrigger, HAND_LIMIT } from './rules.js';
import type { Activity, VvState } from './state.js';
import type { Work } from './work.js';

/**
 * The order of play: after a move's own effects, resolve what needs no choice
 * and open the next pending entry — the acting player's next decision, the
 * next follow window (VV-R6), the next turn, or the end of the game.
 */

export type DecisionStep = 'draw' | 'discard' | 'power' | 'hand-limit';

function openFor(w: Work, seat: Seat, step: DecisionStep): void {
  w.commit(openDecision({ opened: w.state.pendingOpened, at: w.at, deadlines: w.state.deadlines, step, timer: 'window', seat }));
}

/**
 * Works through what the acting player owes. Returns the decision step it
 * stopped at, or null when the lead or follow is complete: base action first
 * (draws, discards, develop), then powers in any order, then the hand limit.
 */
function nextStep(state: VvState, act: Activity, w: Work): DecisionStep | null {
  for (;;) {
    const head = act.owed[0];
    if (!head) break;
    if (head.kind === 'draw') {
      if (canDraw(state, act.seat)) return 'draw';
      // VV-R1: a draw with no source left is skipped (solo: a draw beyond 8 never happens).
    } else if (head.kind === 'discard') return 'discard';
    else if (head.kind === 'develop') w.emit({ type: 'developed', seat: act.seat, card: head.card });
    else if (head.kind === 'gold') {
      const n = Math.min(head.n, state.bank);
      if (n > 0) w.emit({ type: 'gold-gained', seat: act.seat, n, from: 'bank' });
    }
    act.owed.shift();
  }
  if (!act.powersDone && usablePowers(state, act).length > 0) return 'power';
  // Hand limit 8, checked at the end of the lead or follow, after powers.
  if (playerAt(state, act.seat).hand.length > HAND_LIMIT) return 'hand-limit';
  return null;
}

/** Call after every move: moves the game on to the next thing anyone must decide. */
export function proceed(w: Work): void {
  const flow = w.state.flow;
  const act = flow.activity;
  if (act) {
    const step = nextStep(w.state, act, w);
    if (step) return openFor(w, act.seat, step);
    flow.activity = null;
    if (act.role === 'lead') flow.queue = w.state.solo ? [] : clockwiseAfter(flow.active, w.state.seats);
  }
  offerNextFollow(w);
}

/** VV-R6: the next player clockwise who can pay the led action's cost gets a window; others are passed over. */
export function offerNextFollow(w: Work): void {
  const flow = w.state.flow;
  while (flow.queue.length > 0) {
    const seat = flow.queue.shift() as Seat;
    if (flow.led && canTakeAction(w.state, seat, flow.led, 'follow')) {
      const window = openSequentialWindow({
        opened: w.state.pendingOpened,
        at: w.at,
        deadlines: w.state.deadlines,
        step: 'follow',
        timer: 'window',
        order: [seat, ...flow.queue],
      });
      return w.commit(window);
    }
  }
  endTurn(w);
}

function gameOver(state: VvState): boolean {
  // Solo: the game ends when the Building deck is empty at the end of a turn.
  if (state.solo) return state.deck.length === 0;
  const trigger = endTrigger(state.seats);
  return state.players.some((p) => villageSize(p) >= trigger) || stalled(state);
}

/**
 * Stall end (the rules are silent; this engine's ruling, to be numbered in
 * the rules file): with no card left to draw, a full round of turns in which
 * nobody drew, built, developed or recruited ends the game — it could
 * otherwise run forever with every card locked in villages and hands.
 */
function stalled(state: VvState): boolean {
  return state.flow.quietTurns >= state.seats;
}

function countQuietTurn(state: VvState): void {
  const nothingToDraw = state.deck.length === 0 && state.piles.every((p) => p.length === 0);
  state.flow.quietTurns = nothingToDraw && !state.flow.progressed ? state.flow.quietTurns + 1 : 0;
}

/** The game ends after the turn (lead and every follow) in which a village reached the trigger. */
function endTurn(w: Work): void {
  countQuietTurn(w.state);
  if (gameOver(w.state)) {
    w.commit(null);
    w.emit({ type: 'game-ended' });
    return;
  }
  startTurn(w, (w.state.flow.active + 1) % w.state.seats);
}

/** A turn begins with Replenish, then the active player leads. */
export function startTurn(w: Work, seat: Seat): void {
  w.emit({ type: 'replenished', seat, collected: countCollectable(w.state, seat) });
  const flow = w.state.flow;
  flow.turn++;
  flow.active = seat;
  flow.led = null;
  flow.queue = [];
  flow.activity = null;
  flow.progressed = false;
  w.commit(openTurn({ opened: w.state.pendingOpened, at: w.at, deadlines: w.state.deadlines, step: 'lead', timer: 'turn', seat }));
}

/** Coins a Replenish would collect (solo: only those that already slid). */
function countCollectable(state: VvState, seat: Seat): number {
  const p = playerAt(state, seat);
  const ready = (coin: typeof p.castleCoin) => coin !== null && (!state.solo || coin === 'slid');
  return (ready(p.castleCoin) ? 1 : 0) + p.resources.filter((r) => ready(r.coin)).length;
}

import type { MoveOf, Rejection, Seat } from '../../engine/index.js';
import { type CardId } from './catalog/index.js';
import { startAction, type ActionMove } from './actions.js';
import { playerAt, reservedCard } from './board.js';
import type { Draft } from './draft.js';
import { offerNextFollow, proceed, startTurn } from './flow.js';
import type { VvMove } from './moves.js';
import { checkPile } from './payment.js';
import { checkPowerUse, usePower } from './powers.js';
import { reject } from './rejections.js';
import type { Role } from './events.js';
import type { Activity, VvState } from './state.js';

/** Each step's decision (steps.ts gives each the moves of its step); a rejection leaves nothing behind (the kit drops the draft). */

export function lead(d: Draft, seat: Seat, move: ActionMove): Rejection | null {
  return takeAction(d, seat, 'lead', move);
}

/** VV-R6: follow the led action, or let the window pass. */
export function follow(d: Draft, seat: Seat, move: MoveOf<VvMove, ActionMove['type'] | 'decline'>): Rejection | null {
  if (move.type === 'decline') {
    d.emit({ type: 'declined', seat });
    offerNextFollow(d);
    return null;
  }
  if (move.type !== d.state.flow.led) return reject('not-the-led-action', { led: String(d.state.flow.led) });
  return takeAction(d, seat, 'follow', move);
}

function takeAction(d: Draft, seat: Seat, role: Role, move: ActionMove): Rejection | null {
  const rejection = startAction(d, seat, role, move);
  if (rejection) return rejection;
  proceed(d);
  return null;
}

export function power(d: Draft, seat: Seat, move: MoveOf<VvMove, 'power' | 'end-powers'>): Rejection | null {
  if (move.type === 'end-powers') {
    d.emit({ type: 'powers-ended', seat });
    proceed(d);
    return null;
  }
  const act = activityOf(d.state);
  const rejection = checkPowerUse(d.state, act, move.card, move.target);
  if (rejection) return rejection;
  usePower(d, act, move.card, move.target);
  proceed(d);
  return null;
}

/** Decision steps only exist inside a lead or follow. */
function activityOf(state: VvState): Activity {
  const act = state.flow.activity;
  if (!act) throw new Error('a decision is pending without an action in progress');
  return act;
}

/** VV-R9: each choice stays secret until everyone has chosen; then all are revealed and the first turn begins. */
export function setupDevelop(d: Draft, seat: Seat, { card }: MoveOf<VvMove, 'setup-develop'>): Rejection | null {
  const state = d.state;
  if (state.setupChoices[seat] !== null) return reject('already-chosen');
  if (!playerAt(state, seat).hand.includes(card)) return reject('card-not-in-hand', { card });
  d.emit({ type: 'setup-chosen', seat, card });
  if (d.state.setupChoices.every((choice) => choice !== null)) revealSetup(d);
  return null;
}

function revealSetup(d: Draft): void {
  d.emit({ type: 'setup-revealed', cards: d.state.setupChoices as CardId[] });
  startTurn(d, d.state.first);
}

export function draw(d: Draft, _seat: Seat, { from }: MoveOf<VvMove, 'draw'>): Rejection | null {
  const state = d.state;
  const act = activityOf(state);
  const source = from === 'deck' ? state.deck : state.piles[from];
  if (!source) return reject('no-such-pile', { pile: from });
  const card = source[source.length - 1];
  if (card === undefined) return reject('empty-source', { source: from === 'deck' ? 'The deck' : `Pile ${from}` });
  // A pile's last card drawn is replaced at once from the deck, while the deck lasts.
  const refill = from !== 'deck' && source.length === 1 ? state.deck[state.deck.length - 1] : undefined;
  d.emit({ type: 'drew', seat: act.seat, from, card, ...(refill !== undefined ? { refill } : {}) });
  proceed(d, 1);
  return null;
}

/** A discard for an action's or a power's cost, or (the `hand-limit` step) for the hand limit. */
export function discard(d: Draft, _seat: Seat, { card, pile }: MoveOf<VvMove, 'discard'>): Rejection | null {
  const state = d.state;
  const act = activityOf(state);
  const forLimit = state.pending?.step === 'hand-limit';
  if (!playerAt(state, act.seat).hand.includes(card)) return reject('card-not-in-hand', { card });
  if (!forLimit && card === reservedCard(state)) return reject('card-reserved', { card });
  const pileRejection = checkPile(state, pile);
  if (pileRejection) return pileRejection;
  d.emit({ type: 'discarded', seat: act.seat, card, pile: pile ?? null });
  proceed(d, forLimit ? 0 : 1);
  return null;
}

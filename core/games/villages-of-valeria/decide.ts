import { awaitedStep, type Rejection, type Seat } from '../../engine/index.js';
import { type CardId } from './catalog/index.js';
import { startAction, type ActionMove } from './actions.js';
import { playerAt, reservedCard } from './board.js';
import type { Draft } from './draft.js';
import { offerNextFollow, proceed, startTurn } from './flow.js';
import type { VvMove } from './moves.js';
import { checkPile } from './payment.js';
import { checkPowerUse, usePower } from './powers.js';
import { reject } from './rejections.js';
import type { Activity, VvState } from './state.js';
import { STEPS } from './steps.js';

/** Checks one move against the draft's state and emits its events; a rejection leaves nothing behind (the kit drops the draft). */
export function decideMove(d: Draft, seat: Seat, move: VvMove): Rejection | null {
  const state = d.state;
  const accepts = awaitedStep(STEPS, state)?.accepts ?? [];
  if (!accepts.includes(move.type)) return reject('wrong-step', { move: move.type, step: String(state.pending?.step), expected: accepts.join(', ') });
  switch (move.type) {
    case 'setup-develop':
      return setupDevelop(d, seat, move.card);
    case 'decline':
      d.emit({ type: 'declined', seat });
      offerNextFollow(d);
      return null;
    case 'harvest':
    case 'develop':
    case 'build':
    case 'recruit':
    case 'tax': {
      const role = state.pending?.step === 'lead' ? 'lead' : 'follow';
      if (role === 'follow' && move.type !== state.flow.led) return reject('not-the-led-action', { led: String(state.flow.led) });
      const rejection = startAction(d, seat, role, move as ActionMove);
      if (rejection) return rejection;
      proceed(d);
      return null;
    }
    case 'draw':
      return draw(d, activityOf(state), move.from);
    case 'discard':
      return discard(d, activityOf(state), move.card, move.pile);
    case 'power': {
      const act = activityOf(state);
      const rejection = checkPowerUse(state, act, move.card, move.target);
      if (rejection) return rejection;
      usePower(d, act, move.card, move.target);
      proceed(d);
      return null;
    }
    case 'end-powers':
      d.emit({ type: 'powers-ended', seat });
      proceed(d);
      return null;
  }
}

/** Decision steps only exist inside a lead or follow. */
function activityOf(state: VvState): Activity {
  const act = state.flow.activity;
  if (!act) throw new Error('a decision is pending without an action in progress');
  return act;
}

/** VV-R9: each choice stays secret until everyone has chosen; then all are revealed and the first turn begins. */
function setupDevelop(d: Draft, seat: Seat, card: CardId): Rejection | null {
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

function draw(d: Draft, act: Activity, from: 'deck' | number): Rejection | null {
  const state = d.state;
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

function discard(d: Draft, act: Activity, card: CardId, pile: number | undefined): Rejection | null {
  const state = d.state;
  const forLimit = state.pending?.step === 'hand-limit';
  if (!playerAt(state, act.seat).hand.includes(card)) return reject('card-not-in-hand', { card });
  if (!forLimit && card === reservedCard(state)) return reject('card-reserved', { card });
  const pileRejection = checkPile(state, pile);
  if (pileRejection) return pileRejection;
  d.emit({ type: 'discarded', seat: act.seat, card, pile: pile ?? null });
  proceed(d, forLimit ? 0 : 1);
  return null;
}

/**
 * The engine's default when the pending entry is overdue (each step's own in
 * steps.ts: VV-R9 setup, VV-R6 decline, VV-R7 Tax else Harvest). An absent
 * player's lead or follow is then completed with the defaults of each of
 * their decisions (draw from the deck, decline powers, discard the most
 * recently drawn cards), so one deadline settles it.
 */
export function decideTimeout(d: Draft): void {
  const first = d.state.pending;
  if (!first) return;
  const absent = first.kind === 'simultaneous' ? null : first.seat;
  do awaitedStep(STEPS, d.state)?.timeout(d);
  while (absent !== null && d.state.pending?.kind === 'decision' && d.state.pending.seat === absent);
}

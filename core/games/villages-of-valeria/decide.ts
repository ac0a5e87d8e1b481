import { accept, everyoneSubmitted, withSubmission, type Decision, type DecideContext, type Rejection, type Seat } from '../../engine/index.js';
import { reject } from './rejections.js';
import { type CardId } from './catalog/index.js';
import { startAction, type ActionMove } from './actions.js';
import { playerAt, reservedCard } from './board.js';
import type { VvEvent } from './events.js';
import { offerNextFollow, proceed, startTurn } from './flow.js';
import type { VvMove } from './moves.js';
import { checkPile } from './payment.js';
import { checkPowerUse, usePower } from './powers.js';
import type { Activity, VvState } from './state.js';
import { Work } from './work.js';
import { applyEvent, cloneState } from './apply.js';
import { defaultMove } from './defaults.js';

/** Which moves each pending step accepts. */
const ACCEPTS: Readonly<Record<string, readonly VvMove['type'][]>> = {
  setup: ['setup-develop'],
  lead: ['harvest', 'develop', 'build', 'recruit', 'tax'],
  follow: ['harvest', 'develop', 'build', 'recruit', 'tax', 'decline'],
  draw: ['draw'],
  discard: ['discard'],
  'hand-limit': ['discard'],
  power: ['power', 'end-powers'],
};

const wrongStep = (state: VvState, move: VvMove): Rejection =>
  reject('wrong-step', { move: move.type, step: String(state.pending?.step), expected: (ACCEPTS[state.pending?.step ?? ''] ?? []).join(', ') });

export function decideMove(state: VvState, seat: Seat, move: VvMove, ctx: DecideContext): Decision<VvEvent> {
  const step = state.pending?.step ?? '';
  if (!(ACCEPTS[step] ?? []).includes(move.type)) return wrongStep(state, move);
  const w = new Work(state, ctx.at, ctx.rng);
  const rejection = decideInto(w, seat, move);
  return rejection ?? accept(w.events);
}

function decideInto(w: Work, seat: Seat, move: VvMove): Rejection | null {
  const state = w.state;
  switch (move.type) {
    case 'setup-develop':
      return setupDevelop(w, seat, move.card);
    case 'decline':
      w.emit({ type: 'declined', seat });
      offerNextFollow(w);
      return null;
    case 'harvest':
    case 'develop':
    case 'build':
    case 'recruit':
    case 'tax': {
      const role = state.pending?.step === 'lead' ? 'lead' : 'follow';
      if (role === 'follow' && move.type !== state.flow.led) return reject('not-the-led-action', { led: String(state.flow.led) });
      const rejection = startAction(w, seat, role, move as ActionMove);
      if (rejection) return rejection;
      proceed(w);
      return null;
    }
    case 'draw':
      return draw(w, activityOf(state), move.from);
    case 'discard':
      return discard(w, activityOf(state), move.card, move.pile);
    case 'power': {
      const act = activityOf(state);
      const rejection = checkPowerUse(state, act, move.card, move.target);
      if (rejection) return rejection;
      usePower(w, act, move.card, move.target);
      proceed(w);
      return null;
    }
    case 'end-powers':
      activityOf(state).powersDone = true;
      proceed(w);
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
function setupDevelop(w: Work, seat: Seat, card: CardId): Rejection | null {
  const state = w.state;
  const pending = state.pending;
  if (pending?.kind !== 'simultaneous') return wrongStep(state, { type: 'setup-develop', card });
  if (state.setupChoices[seat] !== null) return reject('already-chosen');
  if (!playerAt(state, seat).hand.includes(card)) return reject('card-not-in-hand', { card });
  w.emit({ type: 'setup-chosen', seat, card });
  const after = withSubmission(pending, seat);
  if (!everyoneSubmitted(after)) {
    w.commit(after);
    return null;
  }
  revealSetup(w);
  return null;
}

export function revealSetup(w: Work): void {
  w.emit({ type: 'setup-revealed', cards: w.state.setupChoices as CardId[] });
  startTurn(w, w.state.first);
}

function draw(w: Work, act: Activity, from: 'deck' | number): Rejection | null {
  const state = w.state;
  const source = from === 'deck' ? state.deck : state.piles[from];
  if (!source) return reject('no-such-pile', { pile: from });
  const card = source[source.length - 1];
  if (card === undefined) return reject('empty-source', { source: from === 'deck' ? 'The deck' : `Pile ${from}` });
  // A pile's last card drawn is replaced at once from the deck, while the deck lasts.
  const refill = from !== 'deck' && source.length === 1 ? state.deck[state.deck.length - 1] : undefined;
  w.emit({ type: 'drew', seat: act.seat, from, card, ...(refill !== undefined ? { refill } : {}) });
  act.owed.shift();
  proceed(w);
  return null;
}

function discard(w: Work, act: Activity, card: CardId, pile: number | undefined): Rejection | null {
  const state = w.state;
  const forLimit = state.pending?.step === 'hand-limit';
  if (!playerAt(state, act.seat).hand.includes(card)) return reject('card-not-in-hand', { card });
  if (!forLimit && card === reservedCard(state)) return reject('card-reserved', { card });
  const pileRejection = checkPile(state, pile);
  if (pileRejection) return pileRejection;
  w.emit({ type: 'discarded', seat: act.seat, card, pile: pile ?? null });
  if (!forLimit) act.owed.shift();
  proceed(w);
  return null;
}

/**
 * The engine's default when the pending entry is overdue: VV-R9 the first
 * card in hand for every missing setup choice; VV-R6 decline a follow window;
 * VV-R7 a turn plays Tax (else Harvest). An absent player's lead or follow is
 * then completed with the defaults of each decision (draw from the deck,
 * decline powers, discard the most recently drawn cards), so one deadline
 * settles it.
 */
export function decideTimeout(state: VvState, ctx: DecideContext): VvEvent[] {
  const pending = state.pending;
  if (!pending) return [];
  if (pending.kind === 'simultaneous') {
    const w = new Work(state, ctx.at, ctx.rng);
    state.setupChoices.forEach((choice, seat) => {
      if (choice === null) w.emit({ type: 'setup-chosen', seat, card: playerAt(state, seat).hand[0] as CardId });
    });
    revealSetup(w);
    return w.events;
  }
  const seat = pending.seat;
  const scratch = cloneState(state);
  const events: VvEvent[] = [];
  do {
    const decision = decideMove(scratch, seat, defaultMove(scratch), ctx);
    if (!decision.ok) throw new Error(`default move rejected: ${decision.message}`);
    for (const event of decision.events) applyEvent(scratch, event);
    events.push(...decision.events);
  } while (scratch.pending?.kind === 'decision' && scratch.pending.seat === seat);
  return events;
}

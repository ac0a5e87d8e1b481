import { dueSeats, stepRules, type PlayMove, type Seat, type StepMap } from '../../engine/index.js';
import { discard, draw, follow, lead, power, setupDevelop } from './decide.js';
import { defaultDiscard, defaultDraw, defaultLead, defaultSetup } from './defaults.js';
import type { Draft } from './draft.js';
import type { VvEvent } from './events.js';
import { actionMoves, discardMoves, drawMoves, powerMoves, setupMoves } from './legal.js';
import type { VvMove } from './moves.js';
import type { VvState } from './state.js';

/** Every step a Villages of Valeria game can await. */
export type VvStep = 'setup' | 'lead' | 'follow' | 'draw' | 'discard' | 'hand-limit' | 'power';

const rule = stepRules<VvState, VvMove, VvEvent>();

/** The awaited seat plays `move`, the engine's choice for it. */
const forAwaited = (move: (state: VvState, seat: Seat) => VvMove) => (d: Draft, play: PlayMove<VvMove>) => {
  const pending = d.state.pending;
  if (!pending || pending.kind === 'simultaneous') throw new Error('no single player is awaited');
  play(pending.seat, move(d.state, pending.seat));
};

/** Which moves each step accepts, which are legal now, how each is decided, and what the engine does at its deadline. */
export const STEPS: StepMap<VvStep, VvState, VvMove, VvEvent> = {
  setup: rule({
    accepts: ['setup-develop'],
    legal: setupMoves,
    decide: setupDevelop,
    // VV-R9: the first card in hand for every missing choice whose part is due; once all are in, all are revealed.
    timeout(d, play) {
      for (const seat of dueSeats(d.state.pending, d.at)) play(seat, defaultSetup(d.state, seat));
    },
  }),
  lead: rule({
    accepts: ['harvest', 'develop', 'build', 'recruit', 'tax'],
    legal: (state, seat) => actionMoves(state, seat, 'lead'),
    decide: lead,
    timeout: forAwaited(defaultLead),
  }),
  // VV-R6: an absent follower declines.
  follow: rule({
    accepts: ['harvest', 'develop', 'build', 'recruit', 'tax', 'decline'],
    legal: (state, seat) => [{ type: 'decline' }, ...actionMoves(state, seat, 'follow')],
    decide: follow,
    timeout: forAwaited(() => ({ type: 'decline' })),
  }),
  draw: rule({ accepts: ['draw'], legal: drawMoves, decide: draw, timeout: forAwaited(defaultDraw) }),
  discard: rule({
    accepts: ['discard'],
    legal: (state, seat) => discardMoves(state, seat, true),
    decide: discard,
    timeout: forAwaited((state, seat) => defaultDiscard(state, seat, true)),
  }),
  'hand-limit': rule({
    accepts: ['discard'],
    legal: (state, seat) => discardMoves(state, seat, false),
    decide: discard,
    timeout: forAwaited((state, seat) => defaultDiscard(state, seat, false)),
  }),
  power: rule({ accepts: ['power', 'end-powers'], legal: powerMoves, decide: power, timeout: forAwaited(() => ({ type: 'end-powers' })) }),
};

/**
 * How far one timeout runs (each step's own default above: VV-R9 setup,
 * VV-R6 decline, VV-R7 Tax else Harvest). An absent player's lead or follow
 * is completed with the defaults of each of their decisions (draw from the
 * deck, decline powers, discard the most recently drawn cards), so one
 * deadline settles it.
 */
export function completeAbsentAction(d: Draft, settleStep: () => void): void {
  const first = d.state.pending;
  if (!first) return;
  const absent = first.kind === 'simultaneous' ? null : first.seat;
  do settleStep();
  while (absent !== null && d.state.pending?.kind === 'decision' && d.state.pending.seat === absent);
}

import { dueSeats, type Seat, type StepMap } from '../../engine/index.js';
import { decideMove } from './decide.js';
import { defaultDiscard, defaultDraw, defaultLead, defaultSetup } from './defaults.js';
import type { Draft } from './draft.js';
import type { VvEvent } from './events.js';
import { actionMoves, discardMoves, drawMoves, powerMoves, setupMoves } from './legal.js';
import type { VvMove } from './moves.js';
import type { VvState } from './state.js';

/** Every step a Villages of Valeria game can await. */
export type VvStep = 'setup' | 'lead' | 'follow' | 'draw' | 'discard' | 'hand-limit' | 'power';

/** The awaited seat plays `move`, the engine's choice for it. */
function play(d: Draft, move: (state: VvState, seat: Seat) => VvMove): void {
  const pending = d.state.pending;
  if (!pending || pending.kind === 'simultaneous') throw new Error('no single player is awaited');
  const refusal = decideMove(d, pending.seat, move(d.state, pending.seat));
  if (refusal) throw new Error(`default move refused: ${refusal.message}`);
}

/** Which moves each step accepts, which are legal now, and what the engine does at its deadline. */
export const STEPS: StepMap<VvStep, VvState, VvMove, VvEvent> = {
  setup: {
    accepts: ['setup-develop'],
    legal: setupMoves,
    // VV-R9: the first card in hand for every missing choice whose part is due; once all are in, all are revealed.
    timeout(d) {
      for (const seat of dueSeats(d.state.pending, d.at)) {
        const refusal = decideMove(d, seat, defaultSetup(d.state, seat));
        if (refusal) throw new Error(`default setup choice refused: ${refusal.message}`);
      }
    },
  },
  lead: {
    accepts: ['harvest', 'develop', 'build', 'recruit', 'tax'],
    legal: (state, seat) => actionMoves(state, seat, 'lead'),
    timeout: (d) => play(d, defaultLead),
  },
  // VV-R6: an absent follower declines.
  follow: {
    accepts: ['harvest', 'develop', 'build', 'recruit', 'tax', 'decline'],
    legal: (state, seat) => [{ type: 'decline' }, ...actionMoves(state, seat, 'follow')],
    timeout: (d) => play(d, () => ({ type: 'decline' })),
  },
  draw: { accepts: ['draw'], legal: drawMoves, timeout: (d) => play(d, defaultDraw) },
  discard: {
    accepts: ['discard'],
    legal: (state, seat) => discardMoves(state, seat, true),
    timeout: (d) => play(d, (state, seat) => defaultDiscard(state, seat, true)),
  },
  'hand-limit': {
    accepts: ['discard'],
    legal: (state, seat) => discardMoves(state, seat, false),
    timeout: (d) => play(d, (state, seat) => defaultDiscard(state, seat, false)),
  },
  power: { accepts: ['power', 'end-powers'], legal: powerMoves, timeout: (d) => play(d, () => ({ type: 'end-powers' })) },
};

import { redactFor, type LoggedEvent, type Seat } from '../../../core/engine/index.js';
import type { VpEvent } from '../../../core/games/village-pillage/events.js';
import type { VpMove } from '../../../core/games/village-pillage/moves.js';
import { bankCapacity, turnips } from '../../../core/games/village-pillage/rules.js';
import type { VpOptions, VpState } from '../../../core/games/village-pillage/state.js';
import { fail, playChecked as playCheckedGame, type GameChecks } from '../../support/play-checked.js';
import { DEADLINES, engine } from './helpers.js';

/**
 * One bot game through the kit's checked play-out (test/support/play-checked.ts),
 * with the invariants of issue 6: turnips accounted for by events, no plan
 * or face-down card visible to anyone else before the reveal.
 */

/** Supply is unlimited: the turnips in play are the starting ones plus every GAIN less every payment. */
function account(state: VpState, events: readonly LoggedEvent<VpEvent>[], expected: number): number {
  let total = expected;
  for (const event of events) {
    if (event.type === 'gained') total += event.amount;
    if (event.type === 'relic-bought' || event.type === 'card-bought') total -= event.paid.stockpile + event.paid.bank;
  }
  const held = state.players.reduce((sum, p) => sum + turnips(p), 0);
  if (held !== total) fail(`turnips do not add up: ${held} held, ${total} by the events`);
  for (const p of state.players) if (p.stockpile < 0 || p.bank < 0 || p.bank > bankCapacity(state)) fail(`impossible turnips ${JSON.stringify(p)}`);
  return total;
}

function checkPlansHidden(state: VpState, events: readonly LoggedEvent<VpEvent>[]): void {
  const viewers: (Seat | null)[] = [null, ...state.players.map((_, s) => s)];
  for (const event of events)
    for (const viewer of viewers) {
      const shown = redactFor(engine, event, viewer) as Record<string, unknown> | null;
      if (event.type === 'plan-submitted' && event.seat !== viewer && shown && 'cards' in shown) fail(`a plan leaks to ${viewer}`);
    }
}

/** A move the rules must refuse: a legal move bent out of shape. */
function bend(move: VpMove, state: VpState, seat: Seat): VpMove {
  const stranger = [...state.market.row, ...state.market.deck, 'Nobody'].find((c) => !state.players[seat]?.hand.includes(c)) as string;
  switch (move.type) {
    case 'plan':
      return state.round % 2 ? { ...move, left: stranger } : { ...move, right: move.left };
    case 'queue':
      return { ...move, back: move.front };
    case 'enqueue':
      return { ...move, card: state.players[seat]?.queue[0] ?? stranger };
    case 'take-card':
      return { ...move, card: state.players[seat]?.hand[0] ?? 'Nobody' };
    case 'order-merchants':
      return { type: 'take-card', card: 'Nobody' };
  }
}

export function playChecked(seats: number, seed: string, bots: readonly ('random' | 'greedy')[], options: VpOptions = {}): VpState {
  let inPlay = seats * 2;
  const checks: GameChecks<VpState, VpMove, VpEvent> = {
    bend: (state, seat, move) => bend(move, state, seat),
    afterCommand(state, events, _before, sampled) {
      inPlay = account(state, events, inPlay);
      if (sampled || state.pending?.step === 'plan') checkPlansHidden(state, events);
    },
  };
  const init = { seats, options, deadlines: DEADLINES, seed, at: 1_700_000_000_000 };
  return playCheckedGame(engine, checks, { init, bots, botSeed: `bots:${seed}`, timeoutOneIn: 25, checkEvery: 7, maxCommands: 2000 }).state;
}

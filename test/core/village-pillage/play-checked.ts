import {
  awaitedSeats,
  execute,
  executeInPlace,
  redactFor,
  replay,
  Rng,
  rngStateFromSeed,
  type BotLevel,
  type LoggedEvent,
  type Seat,
} from '../../../core/engine/index.js';
import { cloneState } from '../../../core/games/village-pillage/draft.js';
import type { VpEvent } from '../../../core/games/village-pillage/events.js';
import type { VpMove } from '../../../core/games/village-pillage/moves.js';
import { planMoves, plannedCards } from '../../../core/games/village-pillage/plan.js';
import { bankCapacity, turnips } from '../../../core/games/village-pillage/rules.js';
import type { VpState } from '../../../core/games/village-pillage/state.js';
import { DEADLINES, engine } from './helpers.js';

/**
 * Plays one bot game while checking the invariants of issue 6 along the way:
 * turnips accounted for by events, no plan or face-down card visible to
 * anyone else before the reveal, illegal moves rejected without change (on a
 * deep-frozen state), the game ends, and the log replays to the same state.
 * Plain checks (not `expect`): this runs many times per game.
 */
function fail(message: string): never {
  throw new Error(message);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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

/** What others see must not depend on a seat's secret placements: its plan, and which of its cards lie face down. */
function checkSecrets(state: VpState, events: readonly LoggedEvent<VpEvent>[], rng: Rng): void {
  const viewers: (Seat | null)[] = [null, ...state.players.map((_, s) => s)];
  for (const event of events)
    for (const viewer of viewers) {
      const shown = redactFor(engine, event, viewer) as Record<string, unknown> | null;
      if (event.type === 'plan-submitted' && event.seat !== viewer && shown && 'cards' in shown) fail(`a plan leaks to ${viewer}`);
    }
  state.players.forEach((p, seat) => {
    const alternatives: VpState[] = [];
    const plan = state.plans[seat];
    if (plan && state.pending?.step === 'plan') {
      const other = rng.pick(planMoves(state, seat));
      const copy = cloneState(state);
      copy.plans[seat] = plannedCards(other);
      alternatives.push(copy);
    }
    if (p.queue.length > 0 && p.hand.length > 0) {
      const copy = cloneState(state);
      const mover = copy.players[seat] as VpState['players'][number];
      const h = rng.int(mover.hand.length);
      [mover.hand[h], mover.queue[0]] = [mover.queue[0] as string, mover.hand[h] as string];
      alternatives.push(copy);
    }
    for (const alt of alternatives)
      for (const viewer of viewers)
        if (viewer !== seat && !same(engine.view(alt, viewer), engine.view(state, viewer)))
          fail(`seat ${seat}'s face-down cards show in the view of ${viewer}`);
  });
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

function checkIllegal(state: VpState, seat: Seat, legal: readonly VpMove[], rng: Rng, at: number): void {
  const frozen = deepFreeze(structuredClone(state));
  const before = JSON.stringify(frozen);
  const chosen = rng.pick(legal);
  const bent = bend(chosen, frozen, seat);
  if (!legal.some((m) => same(m, bent)) && execute(engine, frozen, { type: 'move', seat, move: bent, at }).ok) fail(`${JSON.stringify(bent)} accepted`);
  const idle = frozen.players.findIndex(
    (_, s) => !awaitedSeats(frozen.pending).includes(s) && !(frozen.pending?.kind === 'simultaneous' && frozen.pending.seats.includes(s)),
  );
  if (idle >= 0 && execute(engine, frozen, { type: 'move', seat: idle, move: chosen, at }).ok) fail(`seat ${idle} moved out of turn`);
  // Deciding a legal move on the frozen state must not write to it.
  if (!engine.decideMove(frozen, seat, chosen, { at, rng: new Rng(frozen.rng) }).ok) fail(`legal move ${JSON.stringify(chosen)} refused`);
  if (JSON.stringify(frozen) !== before) fail('a rejected or decided move changed the state');
}

export function playChecked(seats: number, seed: string, bots: readonly BotLevel[]): VpState {
  const init = { seats, options: {}, deadlines: DEADLINES, seed, at: 1_700_000_000_000 };
  const state = engine.setup(init);
  const rng = new Rng(rngStateFromSeed(`bots:${seed}`));
  const log: LoggedEvent<VpEvent>[] = [];
  let at = init.at;
  let inPlay = account(state, [], seats * 2);
  for (let step = 0; !state.finished; step++) {
    if (step >= 2000) fail(`the game never ends: round ${state.round}`);
    at += 1000;
    const seat = awaitedSeats(state.pending)[0];
    const overdue = seat === undefined || rng.int(25) === 0;
    let result;
    if (overdue) {
      at = Math.max(at, state.pending?.deadline ?? at);
      result = executeInPlace(engine, state, { type: 'timeout', at });
    } else {
      const legal = engine.legalMoves(state, seat);
      if (legal.length === 0) fail(`no legal move at ${state.pending?.step}`);
      if (step % 7 === 0) checkIllegal(state, seat, legal, rng, at);
      const move = engine.bots[bots[seat] ?? 'random'](state, seat, rng);
      if (!legal.some((m) => same(m, move))) fail(`the ${bots[seat]} bot chose a move legalMoves does not list`);
      result = executeInPlace(engine, state, { type: 'move', seat, move, at });
    }
    if (!result.ok) fail(`${result.code}: ${result.message}`);
    log.push(...result.events);
    inPlay = account(state, result.events, inPlay);
    if (!state.finished && (state.pending?.step === 'plan' || step % 5 === 0)) checkSecrets(state, result.events, rng);
  }
  if (!same(replay(engine, init, log), state)) fail('the log does not replay to the state');
  return state;
}

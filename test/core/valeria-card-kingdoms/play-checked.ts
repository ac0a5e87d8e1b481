import { expect } from 'vitest';
import {
  awaitedSeats,
  execute,
  executeInPlace,
  redactFor,
  replay,
  Rng,
  rngStateFromSeed,
  viewFor,
  type BotLevel,
  type LoggedEvent,
  type Seat,
} from '../../../core/engine/index.js';
import { allCardIds } from '../../../core/games/valeria-card-kingdoms/catalog/index.js';
import type { VckEvent } from '../../../core/games/valeria-card-kingdoms/events.js';
import type { VckMove } from '../../../core/games/valeria-card-kingdoms/moves.js';
import type { VckOptions, VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import { DEADLINES, engine } from './helpers.js';

/**
 * Plays one bot game while checking the invariants of issue 5 along the way:
 * cards conserved, no view or redacted event leaks a Duke or a pending
 * harvest submission, illegal moves rejected without change (on a deep-frozen
 * state), the game ends, and the log replays to the same state.
 */

const EVERY_CARD = [...allCardIds()].sort();

export function cardsInPlay(state: VckState): string[] {
  const { market, players, darkLord, box } = state;
  return [
    ...[...market.monsters, ...market.citizens, ...market.domains].flatMap((s) => s.cards),
    ...players.flatMap((p) => [...p.citizens, ...p.monsters, ...p.domains, ...p.dukeOffer, ...(p.duke ? [p.duke] : [])]),
    ...(darkLord ? [darkLord.duke, ...darkLord.citizens, ...darkLord.domains] : []),
    ...box,
  ].sort();
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The secrets of a running game that a viewer must not see. */
function secretsHiddenFrom(state: VckState, viewer: Seat | null): string[] {
  const dukes = state.players.flatMap((p, seat) => (seat === viewer ? [] : [...p.dukeOffer, ...(p.duke ? [p.duke] : [])]));
  return state.darkLord ? [...dukes, state.darkLord.duke] : dukes;
}

/** Plain checks (not `expect`): this runs thousands of times per game batch. */
function fail(message: string): never {
  throw new Error(message);
}

function checkNoLeak(state: VckState, events: readonly LoggedEvent<VckEvent>[]): void {
  if (state.finished) return;
  const viewers: (Seat | null)[] = [null, ...state.players.map((_, s) => s)];
  for (const viewer of viewers) {
    const secrets = secretsHiddenFrom(state, viewer).map((secret) => `"${secret}"`);
    const view = viewFor(engine, state, viewer) as { board: { harvest: { yours: unknown } | null } };
    const text = JSON.stringify(view);
    for (const secret of secrets) if (text.includes(secret)) fail(`the view of ${viewer} leaks ${secret}`);
    const own = viewer === null ? null : (state.harvest?.submissions[viewer] ?? null);
    if (view.board.harvest && JSON.stringify(view.board.harvest.yours) !== JSON.stringify(own)) fail(`the view of ${viewer} shows another harvest submission`);
    for (const event of events) {
      const shown = JSON.stringify(redactFor(engine, event, viewer));
      for (const secret of secrets) if (shown.includes(secret)) fail(`event ${event.type} leaks ${secret} to ${viewer}`);
      if (event.type === 'harvest-submitted' && event.seat !== viewer && shown.includes('answers')) fail(`a harvest submission leaks to ${viewer}`);
    }
  }
}

const sameCards = (state: VckState) => {
  const cards = cardsInPlay(state);
  if (cards.length !== EVERY_CARD.length || cards.some((c, i) => c !== EVERY_CARD[i])) fail('cards are not conserved');
};

/** A move the rules must refuse: a legal move bent out of shape. */
function bend(move: VckMove, rng: Rng): VckMove {
  switch (move.type) {
    case 'keep-duke':
      return { ...move, duke: 'Nobody' };
    case 'roll':
    case 'keep-dice':
      return { type: 'choose', option: 0 };
    case 'change-die':
      return { ...move, domain: 'Nowhere' };
    case 'harvest':
      return { ...move, answers: rng.coin() ? move.answers.slice(1) : [...move.answers, { prompt: 99, option: 0 }] };
    case 'slay':
      return rng.coin() ? { ...move, stack: move.stack + 20 } : { ...move, strength: move.strength + 1 };
    case 'recruit':
    case 'build':
      return rng.coin() ? { ...move, stack: move.stack + 20 } : { ...move, gold: move.gold + 1 };
    case 'take':
      return { type: 'slay', stack: 99, strength: 1, magic: 0 };
    case 'steal':
      return { ...move, amount: move.amount + 4 };
    case 'choose':
      return { ...move, option: move.option + 50 };
  }
}

function checkIllegal(state: VckState, seat: Seat, legal: readonly VckMove[], rng: Rng, at: number): void {
  const frozen = deepFreeze(structuredClone(state));
  const before = JSON.stringify(frozen);
  const chosen = rng.pick(legal);
  const bent = bend(chosen, rng);
  if (!legal.some((m) => JSON.stringify(m) === JSON.stringify(bent))) {
    const result = execute(engine, frozen, { type: 'move', seat, move: bent, at });
    expect(result.ok, `${JSON.stringify(bent)} accepted`).toBe(false);
  }
  const idle = frozen.players.findIndex(
    (_, s) => !awaitedSeats(frozen.pending).includes(s) && !(frozen.pending?.kind === 'simultaneous' && frozen.pending.seats.includes(s)),
  );
  if (idle >= 0) expect(execute(engine, frozen, { type: 'move', seat: idle, move: chosen, at }).ok).toBe(false);
  // Deciding a legal move on the frozen state must not try to write to it.
  expect(engine.decideMove(frozen, seat, chosen, { at, rng: new Rng(frozen.rng) }).ok).toBe(true);
  expect(JSON.stringify(frozen)).toBe(before);
}

/** Every listed move is accepted exactly as listed. */
function checkAllLegal(state: VckState, seat: Seat, legal: readonly VckMove[], at: number): void {
  for (const move of legal) {
    const decided = engine.decideMove(state, seat, engine.moveSchema.parse(move), { at, rng: new Rng(state.rng) });
    if (!decided.ok) fail(`legal move ${JSON.stringify(move)} rejected: ${decided.message}`);
  }
}

export interface CheckedGame {
  readonly state: VckState;
  readonly moves: number;
}

export function playChecked(seats: number, options: VckOptions, seed: string, bots: readonly BotLevel[]): CheckedGame {
  const init = { seats, options, deadlines: DEADLINES, seed, at: 1_700_000_000_000 };
  const state = engine.setup(init);
  const rng = new Rng(rngStateFromSeed(`bots:${seed}`));
  const log: LoggedEvent<VckEvent>[] = [];
  let at = init.at;
  let moves = 0;
  expect(cardsInPlay(state)).toEqual(EVERY_CARD);
  for (let step = 0; !state.finished; step++) {
    if (step >= 3000)
      fail(`the game never ends: ${JSON.stringify({ turns: state.turnsPlayed, pending: state.pending, market: viewFor(engine, state, null) })}`);
    at += 1000;
    const seat = awaitedSeats(state.pending)[0];
    const overdue = seat === undefined || rng.int(40) === 0;
    let result;
    if (overdue) {
      at = Math.max(at, state.pending?.deadline ?? at);
      result = executeInPlace(engine, state, { type: 'timeout', at });
    } else {
      const legal = engine.legalMoves(state, seat);
      if (legal.length === 0) fail(`no legal move at ${state.pending?.step}`);
      if (step % 37 === 0) checkIllegal(state, seat, legal, rng, at);
      if (step % 41 === 0) checkAllLegal(state, seat, legal, at);
      const move = engine.bots[bots[seat] ?? 'random'](state, seat, rng);
      result = executeInPlace(engine, state, { type: 'move', seat, move, at });
      moves++;
    }
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    log.push(...result.events);
    // Sampled, as these checks cost more than the game: a quarter of the steps
    // where a secret submission is pending, and a regular sample of the rest.
    const secretWindow = state.pending?.kind === 'simultaneous' && state.pending.submitted.length > 0;
    if ((secretWindow && rng.int(4) === 0) || step % 31 === 0) checkNoLeak(state, result.events);
    if (step % 19 === 0) sameCards(state);
  }
  expect(cardsInPlay(state)).toEqual(EVERY_CARD);
  expect(replay(engine, init, log)).toEqual(state);
  return { state, moves };
}

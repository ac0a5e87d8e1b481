import { expect } from 'vitest';
import { redactFor, viewFor, type LoggedEvent, type Rng, type Seat } from '../../../core/engine/index.js';
import { allCardIds } from '../../../core/games/valeria-card-kingdoms/catalog/index.js';
import type { VckEvent } from '../../../core/games/valeria-card-kingdoms/events.js';
import type { VckMove } from '../../../core/games/valeria-card-kingdoms/moves.js';
import type { VckOptions, VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import { fail, playChecked as playCheckedGame, type GameChecks } from '../../support/play-checked.js';
import { DEADLINES, engine } from './helpers.js';

/**
 * One bot game through the kit's checked play-out (test/support/play-checked.ts),
 * with the invariants of issue 5: cards conserved, no view or redacted event
 * leaks a Duke or a pending harvest submission.
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

/** The secrets of a running game that a viewer must not see. */
function secretsHiddenFrom(state: VckState, viewer: Seat | null): string[] {
  const dukes = state.players.flatMap((p, seat) => (seat === viewer ? [] : [...p.dukeOffer, ...(p.duke ? [p.duke] : [])]));
  return state.darkLord ? [...dukes, state.darkLord.duke] : dukes;
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

export interface CheckedGame {
  readonly state: VckState;
  readonly moves: number;
}

export function playChecked(seats: number, options: VckOptions, seed: string, bots: readonly ('random' | 'greedy')[]): CheckedGame {
  const init = { seats, options, deadlines: DEADLINES, seed, at: 1_700_000_000_000 };
  expect(cardsInPlay(engine.setup(init))).toEqual(EVERY_CARD);
  const checks: GameChecks<VckState, VckMove, VckEvent> = {
    bend: (_state, _seat, move, rng) => bend(move, rng),
    afterCommand(state, events, _before, sampled) {
      // Sampled, as these checks cost more than the game, and wherever a secret submission is pending.
      const secretWindow = state.pending?.kind === 'simultaneous' && state.pending.submitted.length > 0;
      if (sampled || secretWindow) checkNoLeak(state, events);
      if (sampled) sameCards(state);
    },
  };
  const game = playCheckedGame(engine, checks, { init, bots, botSeed: `bots:${seed}`, timeoutOneIn: 40, checkEvery: 37, maxCommands: 3000 });
  expect(cardsInPlay(game.state)).toEqual(EVERY_CARD);
  return game;
}

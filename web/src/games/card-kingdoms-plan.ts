import { citizenCard, domainCard, monsterCard, type Effect } from '../../../core/games/valeria-card-kingdoms/catalog/index.js';
import { copiesOwned, meetsRequirement } from '../../../core/games/valeria-card-kingdoms/kingdom.js';
import { goldPayments, monsterPayments } from '../../../core/games/valeria-card-kingdoms/payment.js';
import type { Player } from '../../../core/games/valeria-card-kingdoms/state.js';
import type { Move } from './move.js';

/**
 * Planning a turn's two actions at once, to send them as one batch: the
 * second actions that stay legal after the first, worked out from what this
 * player sees, with the engine's own payment and requirement rules. It is a
 * safe subset: the stack the first action takes from is left out (the card
 * under its top is hidden), and of the first action's rewards only fixed
 * token gains are counted.
 */

/** What a player's view of their own kingdom holds (the engine's Player without the secrets of others). */
type Kingdom = Pick<Player, 'gold' | 'strength' | 'magic' | 'citizens' | 'monsters' | 'domains'>;

/** What the view shows of a market stack: its top card and how many cards it holds. */
interface StackView {
  readonly top: string | null;
  readonly size: number;
}
interface MarketView {
  readonly monsters: readonly StackView[];
  readonly citizens: readonly StackView[];
  readonly domains: readonly StackView[];
}

const ZONE = { slay: 'monsters', recruit: 'citizens', build: 'domains' } as const;

/** The effects an action queues: the card's reward or built power, and the player's Domains it triggers. */
function queuedEffects(kingdom: Kingdom, move: Move, card: string): readonly Effect[] {
  const triggered = (when: 'you-slay' | 'you-recruit') =>
    kingdom.domains.flatMap((id) => {
      const power = domainCard(id).power;
      return power.when === when ? power.effects : [];
    });
  if (move.type === 'slay') return [...monsterCard(card).reward, ...triggered('you-slay')];
  if (move.type === 'recruit') return triggered('you-recruit');
  const power = domainCard(card).power;
  return power.when === 'built' ? power.effects : [];
}

/** The kingdom after `move`, or null when what follows it cannot be known (a choice it may ask, a game it may end). */
function after(kingdom: Kingdom, market: MarketView, solo: boolean, move: Move): Kingdom | null {
  if (move.type === 'take') return { ...kingdom, [move.resource as 'gold']: kingdom[move.resource as 'gold'] + 1 };
  const zone = ZONE[move.type as keyof typeof ZONE];
  const stack = zone && market[zone][move.stack as number];
  const card = stack?.top;
  if (!card) return null;
  // Solo: emptying a stack may end the game at once (the last monster slain, or a fifth stack exhausted).
  if (solo && stack.size === 1) return null;
  const effects = queuedEffects(kingdom, move, card);
  // Only fixed gains and counted gains resolve without asking; counted ones are left out (never negative).
  if (effects.some((e) => e.kind !== 'gain' && e.kind !== 'per')) return null;
  const gained = (r: 'gold' | 'strength' | 'magic') => effects.reduce((n, e) => n + (e.kind === 'gain' ? (e.gain[r] ?? 0) : 0), 0);
  const paid = (r: 'gold' | 'strength' | 'magic') => Number(move[r] ?? 0);
  return {
    gold: kingdom.gold - paid('gold') + gained('gold'),
    strength: kingdom.strength - paid('strength') + gained('strength'),
    magic: kingdom.magic - paid('magic') + gained('magic'),
    citizens: move.type === 'recruit' ? [...kingdom.citizens, card] : kingdom.citizens,
    monsters: move.type === 'slay' ? [...kingdom.monsters, card] : kingdom.monsters,
    domains: move.type === 'build' ? [...kingdom.domains, card] : kingdom.domains,
  };
}

/**
 * The second actions that may follow `first` in one batch, each listed as the
 * engine lists actions (every payment split, fewest Magic first); null when
 * the first action must be sent alone.
 */
export function secondActions(board: any, you: number, first: Move): Move[] | null {
  const market: MarketView = board.market;
  const kingdom = after(board.players[you], market, !!board.solo, first);
  if (!kingdom) return null;
  const as = kingdom as Player; // the payment rules read only the tokens and the citizens
  const open = (zone: 'monsters' | 'citizens' | 'domains') =>
    market[zone].flatMap((stack, i) => (stack.top && !(ZONE[first.type as keyof typeof ZONE] === zone && first.stack === i) ? [{ i, top: stack.top }] : []));
  return [
    ...open('monsters').flatMap(({ i, top }) =>
      monsterPayments(as, monsterCard(top).strength, monsterCard(top).magic).map((pay): Move => ({ type: 'slay', stack: i, ...pay })),
    ),
    ...open('citizens').flatMap(({ i, top }) =>
      goldPayments(as, citizenCard(top).cost + copiesOwned(as, citizenCard(top).name)).map((pay): Move => ({ type: 'recruit', stack: i, ...pay })),
    ),
    ...open('domains')
      .filter(({ top }) => meetsRequirement(as, domainCard(top)))
      .flatMap(({ i, top }) => goldPayments(as, domainCard(top).cost).map((pay): Move => ({ type: 'build', stack: i, ...pay }))),
    ...(['gold', 'strength', 'magic'] as const).map((resource): Move => ({ type: 'take', resource })),
  ];
}

import type { Rng, Seat } from '../../engine/index.js';
import { cloneState } from './apply.js';
import type { CardId } from './catalog/index.js';
import type { PlayerState, VvState } from './state.js';

/**
 * Everything a viewer cannot see, dealt again (`GameEngine.redeal`; view.ts
 * says what a viewer sees): the Building deck, the cards under each pile's
 * top, the cards out of the game (solo), the other players' hands (the card
 * a Develop of theirs keeps and an unrevealed setup choice of theirs chosen
 * again among their new cards), the Adventurer deck, and the generator.
 * Sizes, tops, villages and the viewer's own hand stay as they are.
 */
export function redeal(state: VvState, viewer: Seat | null, rng: Rng): VvState {
  const world = cloneState(state);
  const others = world.players.filter((_, seat) => seat !== viewer);
  const under = world.piles.map((pile) => pile.slice(0, -1));
  const hidden = [world.deck, world.box, ...under, ...others.map((p) => p.hand)];
  const [deck, box, ...rest] = rng.deal(
    hidden.flat(),
    hidden.map((cards) => cards.length),
  ) as CardId[][];
  world.deck = deck as CardId[];
  world.box = box as CardId[];
  world.piles = world.piles.map((pile, i) => [...(rest[i] as CardId[]), ...pile.slice(-1)]);
  others.forEach((p, i) => (p.hand = rest[world.piles.length + i] as CardId[]));
  world.advDeck = rng.shuffle(world.advDeck);
  world.players.forEach((p, seat) => {
    if (seat === viewer) return;
    if (world.setupChoices[seat]) world.setupChoices[seat] = rng.pick(p.hand);
    keepDevelopIn(world, seat, p, rng);
  });
  world.rng = rng.split();
  return world;
}

/** The card another player's Develop keeps in hand until its discards are paid, chosen again among their new cards. */
function keepDevelopIn(world: VvState, seat: Seat, p: PlayerState, rng: Rng): void {
  const act = world.flow.activity;
  if (act?.seat !== seat) return;
  act.owed = act.owed.map((owed) => (owed.kind === 'develop' ? { kind: 'develop', card: rng.pick(p.hand) } : owed));
}

import type { Rng, Seat } from '../../engine/index.js';
import { cardName, isDomain, isDuke, type CardId } from './catalog/index.js';
import { cloneState } from './draft.js';
import { harvestSubmissions } from './harvest.js';
import { SETUPS } from './setup.js';
import type { VckState } from './state.js';

/**
 * Everything a viewer cannot see, dealt again (`GameEngine.redeal`; view.ts
 * says what a viewer sees): the cards under each stack's top (face-down
 * Domains, with those left out of the game; Mixed Citizens, with the copies
 * of their names left out; Monsters), the other players' Dukes and the Dark
 * Lord's until the end (VK-R4), with those never dealt, the others' secret
 * harvest answers (VK-R2), and the generator. A stack of one citizen name
 * hides nothing (its cards are alike), nor do the Domains a themed setup
 * removes by name.
 */
export function redeal(state: VckState, viewer: Seat | null, rng: Rng): VckState {
  const world = cloneState(state);
  if (!world.finished) redealDukes(world, viewer, rng);
  const removed = world.options.setup === 'random' ? [] : SETUPS[world.options.setup].removedDomains;
  redealUnder(world, world.market.domains, (id) => isDomain(id) && !removed.includes(id), rng);
  for (const stack of world.market.citizens) if (stack.names.length > 1) redealUnder(world, [stack], (id) => stack.names.includes(cardName(id)), rng);
  for (const stack of world.market.monsters) stack.cards = [...stack.cards.slice(0, 1), ...rng.shuffle(stack.cards.slice(1))];
  redealAnswers(world, viewer, rng);
  world.rng = rng.split();
  return world;
}

/** The cards under the tops of these stacks, with the cards of the box that could be there, dealt again. */
function redealUnder(world: VckState, stacks: readonly { cards: CardId[] }[], spare: (id: CardId) => boolean, rng: Rng): void {
  const left = world.box.filter(spare);
  const under = stacks.map((stack) => stack.cards.slice(1));
  const dealt = rng.deal(
    [...under.flat(), ...left],
    under.map((cards) => cards.length),
  );
  stacks.forEach((stack, i) => (stack.cards = [...stack.cards.slice(0, 1), ...(dealt[i] as CardId[])]));
  world.box = [...world.box.filter((id) => !spare(id)), ...(dealt.at(-1) as CardId[])];
}

/** The Dukes the viewer has not seen: the others' (kept or offered), the Dark Lord's, and those never dealt. */
function redealDukes(world: VckState, viewer: Seat | null, rng: Rng): void {
  const others = world.players.filter((_, seat) => seat !== viewer);
  const slots = [...others.flatMap((p) => [p.duke === null ? [] : [p.duke], p.dukeOffer]), world.darkLord ? [world.darkLord.duke] : []];
  const spare = world.box.filter(isDuke);
  const dealt = rng.deal(
    [...slots.flat(), ...spare],
    slots.map((cards) => cards.length),
  );
  others.forEach((p, i) => {
    p.duke = p.duke === null ? null : (dealt[2 * i]?.[0] as CardId);
    p.dukeOffer = dealt[2 * i + 1] as CardId[];
  });
  if (world.darkLord) world.darkLord = { ...world.darkLord, duke: dealt[2 * others.length]?.[0] as CardId };
  world.box = [...world.box.filter((id) => !isDuke(id)), ...(dealt.at(-1) as CardId[])];
}

/** The others' harvest answers, still secret (VK-R2): another submission each could have sent. A part defaulted at its deadline has none, and keeps none. */
function redealAnswers(world: VckState, viewer: Seat | null, rng: Rng): void {
  const harvest = world.harvest;
  if (!harvest) return;
  harvest.submissions = harvest.submissions.map((answers, seat) =>
    seat === viewer || answers === null ? answers : rng.pick(harvestSubmissions(harvest.prompts[seat] ?? [])),
  );
}

import type { Seat } from '../../engine/index.js';
import { CATALOG, cardName } from './catalog/index.js';
import type { VckEvent, VckVisibleEvent } from './events.js';
import { exhaustedStacks } from './kingdom.js';
import type { VckState } from './state.js';

/**
 * What a viewer may see (null = spectator). Hidden: other players' Dukes and
 * the Dark Lord until the end (VK-R4), others' harvest submissions until the
 * window closes (VK-R2), every card under the top of a stack (face-down
 * Domains, Mixed Citizens), the box, the seed and the generator.
 */
export function viewState(state: VckState, viewer: Seat | null) {
  const reveal = state.finished;
  const stack = (cards: readonly string[]) => ({ top: cards[0] ?? null, size: cards.length });
  return {
    options: state.options,
    solo: state.solo,
    firstPlayer: state.firstPlayer,
    phase: state.phase,
    turn: { ...state.turn },
    turnsPlayed: state.turnsPlayed,
    endTriggered: state.endTriggered,
    exhaustedStacks: exhaustedStacks(state.market),
    market: {
      monsters: state.market.monsters.map((s) => ({ area: s.area, ...stack(s.cards) })),
      citizens: state.market.citizens.map((s) => ({ slot: CATALOG.slots[s.slot]?.label, names: s.names, ...stack(s.cards) })),
      domains: state.market.domains.map((s) => stack(s.cards)),
    },
    players: state.players.map((p, seat) => {
      const own = seat === viewer;
      return {
        gold: p.gold,
        strength: p.strength,
        magic: p.magic,
        vp: p.vp,
        citizens: p.citizens,
        monsters: p.monsters,
        domains: p.domains,
        dukeKept: p.duke !== null,
        duke: own || reveal ? p.duke : null,
        dukeOffer: own ? p.dukeOffer : [],
      };
    }),
    darkLord: state.darkLord && { citizens: state.darkLord.citizens, domains: state.darkLord.domains, duke: reveal ? state.darkLord.duke : null },
    harvest: state.harvest && {
      kind: state.harvest.kind,
      activated: state.harvest.activated,
      prompts: state.harvest.prompts,
      yours: viewer === null ? null : (state.harvest.submissions[viewer] ?? null),
      // VK-R8: the amounts Thieves' owners chose so far, and the take awaiting its amount (the window has closed).
      thefts: state.harvest.thefts,
      theft: state.harvest.theft,
    },
    tasks: state.tasks,
    choice: state.choice,
    verdict: state.verdict,
  };
}

export type VckBoard = ReturnType<typeof viewState>;

/**
 * The once-hidden cards a view shows (`GameEngine.shown`), by name (copies
 * of a name are alike): each stack's top, every card of a stack holding one
 * name (all alike, so all known), every kingdom and victory pile, the Dark
 * Lord's captures, and the Dukes the viewer may see. A Mixed Citizens stack
 * shows its top only: recruiting from it turns up a card nobody had seen.
 */
export function shownIn(board: VckBoard): string[] {
  const { market, players, darkLord } = board;
  const shown: string[] = [];
  const tops = [...market.monsters, ...market.domains, ...market.citizens.filter((s) => s.names.length > 1)];
  for (const stack of tops) if (stack.top !== null) shown.push(cardName(stack.top));
  for (const stack of market.citizens) if (stack.names.length === 1) shown.push(...Array<string>(stack.size).fill(stack.names[0] as string));
  for (const p of players) shown.push(...[...p.citizens, ...p.monsters, ...p.domains, ...(p.duke === null ? [] : [p.duke]), ...p.dukeOffer].map(cardName));
  if (darkLord) shown.push(...[...darkLord.citizens, ...darkLord.domains, ...(darkLord.duke === null ? [] : [darkLord.duke])].map(cardName));
  return shown;
}

export function redactEvent(event: VckEvent, viewer: Seat | null): VckVisibleEvent {
  if ((event.type === 'duke-kept' || event.type === 'harvest-submitted') && event.seat !== viewer) return { type: event.type, seat: event.seat };
  return event;
}

import type { Seat } from '../../engine/index.js';
import { CATALOG } from './catalog/index.js';
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
      // VK-R8: the Thief take awaiting its amount (the window has closed).
      theft: state.harvest.theft,
    },
    tasks: state.tasks,
    choice: state.choice,
    verdict: state.verdict,
  };
}

export function redactEvent(event: VckEvent, viewer: Seat | null): VckVisibleEvent {
  if ((event.type === 'duke-kept' || event.type === 'harvest-submitted') && event.seat !== viewer) return { type: event.type, seat: event.seat };
  return event;
}

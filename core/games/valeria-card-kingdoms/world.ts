import { baseFromView, type Rng, type SeatView } from '../../engine/index.js';
import { allCardIds, CATALOG, citizenIds, type CardId } from './catalog/index.js';
import { harvestSubmissions, windowSeats } from './harvest.js';
import { redeal } from './redeal.js';
import { areaMonsters, SETUPS } from './setup.js';
import type { Answer } from './events.js';
import type { CitizenStack, Harvest, Player, VckState } from './state.js';
import type { VckBoard } from './view.js';

/**
 * A world a seat may be in: a state rebuilt from its view alone, with what
 * the view hides dealt at random (redeal.ts), for a bot that looks ahead. The
 * view holds every public fact of the state but the table's deadlines and the
 * seed, which no look-ahead reads (`baseFromView`).
 */
export function worldOf(view: SeatView<VckBoard>, rng: Rng): VckState {
  return redeal(stateFromView(view), view.you, rng);
}

/** The state a view describes, its hidden cards placed in catalog order (to be dealt again). */
function stateFromView(view: SeatView<VckBoard>): VckState {
  const { board, seats } = view;
  const seen = new Set<CardId>(
    [
      ...[...board.market.monsters, ...board.market.citizens, ...board.market.domains].map((s) => s.top),
      ...board.players.flatMap((p) => [...p.citizens, ...p.monsters, ...p.domains, p.duke, ...p.dukeOffer]),
      ...(board.darkLord ? [...board.darkLord.citizens, ...board.darkLord.domains, board.darkLord.duke] : []),
    ].filter((id): id is CardId => id !== null),
  );
  const unseen = (ids: readonly CardId[]) => ids.filter((id) => !seen.has(id));
  // Under each top, the stack's unseen cards; a stack of one citizen name keeps its first copies, as it was set up.
  const stack = (top: CardId | null, size: number, pool: CardId[]) => (top === null ? [] : [top, ...pool.splice(0, size - 1)]);
  const monsters = board.market.monsters.map((s) => ({ area: s.area, cards: stack(s.top, s.size, unseen(areaMonsters(s.area, seats))) }));
  const citizens = board.market.citizens.map((s, slot): CitizenStack => ({
    slot,
    names: s.names,
    cards: stack(s.top, s.size, unseen(s.names.flatMap(citizenIds))),
  }));
  const removed: readonly string[] = board.options.setup === 'random' ? [] : SETUPS[board.options.setup].removedDomains;
  const domainPool = unseen(CATALOG.domains.map((d) => d.name).sort((a, b) => Number(removed.includes(a)) - Number(removed.includes(b))));
  const domains = board.market.domains.map((s) => ({ cards: stack(s.top, s.size, domainPool) }));
  const dukePool = unseen(CATALOG.dukes.map((d) => d.name));
  const players = board.players.map((p): Player => ({
    gold: p.gold,
    strength: p.strength,
    magic: p.magic,
    vp: p.vp,
    citizens: [...p.citizens],
    monsters: [...p.monsters],
    domains: [...p.domains],
    duke: p.duke ?? (p.dukeKept ? (dukePool.shift() as CardId) : null),
    // Two Dukes are dealt to each seat, which keeps one (VK-R4).
    dukeOffer: p.dukeKept ? [] : p.dukeOffer.length > 0 ? [...p.dukeOffer] : dukePool.splice(0, 2),
  }));
  const darkLord = board.darkLord && {
    citizens: [...board.darkLord.citizens],
    domains: [...board.darkLord.domains],
    duke: board.darkLord.duke ?? (dukePool.shift() as CardId),
  };
  const market = { monsters, citizens, domains };
  const placed = new Set([
    ...seen,
    ...[...monsters, ...citizens, ...domains].flatMap((s) => s.cards),
    ...players.flatMap((p) => [...(p.duke ? [p.duke] : []), ...p.dukeOffer]),
    ...(darkLord ? [darkLord.duke] : []),
  ]);
  return {
    ...baseFromView(view),
    options: board.options,
    solo: board.solo,
    firstPlayer: board.firstPlayer,
    market,
    players,
    darkLord,
    box: allCardIds().filter((id) => !placed.has(id)),
    phase: board.phase,
    turn: { ...board.turn, dice: board.turn.dice && [...board.turn.dice], diceChangers: [...board.turn.diceChangers] },
    turnsPlayed: board.turnsPlayed,
    endTriggered: board.endTriggered,
    tasks: [...board.tasks],
    choice: board.choice,
    harvest: board.harvest && harvestFromView(view, board.harvest),
    verdict: board.verdict,
  };
}

/**
 * The harvest a view describes: the seat's own answers, and for every other
 * seat that has answered (or, once the window closed, that had a choice)
 * answers it could have sent, to be dealt again.
 */
function harvestFromView(view: SeatView<VckBoard>, harvest: NonNullable<VckBoard['harvest']>): Harvest {
  const pending = view.pending;
  const open = pending?.kind === 'simultaneous';
  const answered = open ? pending.submitted : windowSeats(harvest);
  const submissions = harvest.prompts.map((prompts, seat): Answer[] | null => {
    if (seat === view.you) return harvest.yours;
    return answered.includes(seat) ? (harvestSubmissions(prompts)[0] as Answer[]) : null;
  });
  const { yours: _, ...plan } = harvest;
  return { ...plan, submissions };
}

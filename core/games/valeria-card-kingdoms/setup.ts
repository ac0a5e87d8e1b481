import { initialBase, openSimultaneousWindow, Rng, rngStateFromSeed, type GameInit } from '../../engine/index.js';
import { allCardIds, CATALOG, citizenIds, monsterCard, monsterIds, starterIds, type Area, type CardId } from './catalog/index.js';
import type { CitizenStack, DomainStack, Market, MonsterStack, Player, SetupKind, VckOptions, VckState } from './state.js';

/**
 * Setup ("Setup (2-4 players)", "Five players", "Solo", "Mixed Citizens").
 * The recommended first game and the rulebook's three themed setups
 * ("Mise en place alternatives") are data; `random` draws areas and names.
 */
interface ThemedSetup {
  readonly areas: readonly Area[];
  /** One name per two-name slot; single-name slots (Peasant, Knight) need no choice. */
  readonly citizens: readonly string[];
  readonly removedDomains: readonly string[];
}

export const SETUPS: Record<Exclude<SetupKind, 'random'>, ThemedSetup> = {
  'first-game': {
    areas: ['Hills', 'Ruins', 'Forest', 'Valley', 'Mountains'],
    citizens: ['Cleric', 'Merchant', 'Mercenary', 'Archer', 'Peasant', 'Knight', 'Rogue', 'Champion', 'Paladin', 'Butcher'],
    removedDomains: [],
  },
  'shining-gold': {
    areas: ['Hills', 'Ruins', 'Forest', 'Swamp', 'Cave'],
    citizens: ['Monk', 'Merchant', 'Alchemist', 'Archer', 'Rogue', 'Champion', 'Paladin', 'Butcher'],
    removedDomains: ['Forgotten Sorrows', 'The Violet Thorn', 'Golden Obelisk of Nae', 'Monolith of Ostendaar'],
  },
  'mastery-of-magic': {
    areas: ['Moors', 'Ruins', 'Forest', 'Valley', 'Mountains'],
    citizens: ['Cleric', 'Merchant', 'Alchemist', 'Wizard', 'Thief', 'Champion', 'Paladin', 'Butcher'],
    removedDomains: ['Eye of Asteraten', 'Blood Crow Army', 'Foxgrove Palisade', "Gargan's Embrace"],
  },
  'monstrous-blood': {
    areas: ['Moors', 'Ruins', 'Forest', 'Swamp', 'Mountains'],
    citizens: ['Cleric', 'Blacksmith', 'Mercenary', 'Archer', 'Rogue', 'Warlord', 'Priestess', 'Miner'],
    removedDomains: ['Forgotten Sorrows', 'Nest of the Weaver Witch', 'Cathedral of St. Aquila', "Cutthroat's Truce"],
  },
};

function themeFor(kind: SetupKind, rng: Rng): ThemedSetup {
  if (kind !== 'random') return SETUPS[kind];
  const areas = rng.shuffle(CATALOG.monsters.map((m) => m.area).filter((a, i, all) => all.indexOf(a) === i)).slice(0, 5);
  return { areas, citizens: CATALOG.slots.map((slot) => rng.pick(slot.names)), removedDomains: [] };
}

/** An area's monsters as its stack starts, weakest on top. */
export function areaMonsters(area: Area, seats: number): CardId[] {
  return CATALOG.monsters
    .filter((m) => m.area === area)
    .sort((a, b) => a.tier - b.tier)
    .flatMap((m) => monsterIds(m, seats));
}

/** Each area's stack weakest on top; stacks left to right by the strength of their top monster. */
function monsterStacks(areas: readonly Area[], seats: number): MonsterStack[] {
  const areaOrder = CATALOG.monsters.map((m) => m.area);
  const stacks = areas.map((area) => ({ area, cards: areaMonsters(area, seats) }));
  const topStrength = (s: MonsterStack) => monsterCard(s.cards[0] as CardId).strength;
  return stacks.sort((a, b) => topStrength(a) - topStrength(b) || areaOrder.indexOf(a.area) - areaOrder.indexOf(b.area));
}

/** Ten stacks, lowest slot first: 5 cards (6 with five players); Mixed: both names shuffled, 4 + 1 (5 + 1). */
function citizenStacks(theme: ThemedSetup, options: VckOptions, seats: number, rng: Rng): CitizenStack[] {
  const size = seats === 5 ? 6 : 5;
  return CATALOG.slots.map((slot, i) => {
    if (options.mixedCitizens) return { slot: i, names: [...slot.names], cards: rng.shuffle(slot.names.flatMap(citizenIds)).slice(0, size) };
    const name = slot.names.find((n) => theme.citizens.includes(n)) ?? (slot.names[0] as string);
    return { slot: i, names: [name], cards: citizenIds(name).slice(0, size) };
  });
}

/** Shuffled, in 5 stacks of 3 (4 with five players): only each top card is face up. */
function domainStacks(theme: ThemedSetup, seats: number, rng: Rng): DomainStack[] {
  const size = seats === 5 ? 4 : 3;
  const deck = rng.shuffle(CATALOG.domains.map((d) => d.name).filter((name) => !theme.removedDomains.includes(name)));
  return Array.from({ length: 5 }, (_, i) => ({ cards: deck.slice(i * size, (i + 1) * size) }));
}

const inMarket = (market: Market): CardId[] => [...market.monsters, ...market.citizens, ...market.domains].flatMap((s) => s.cards);

export function setupGame(init: GameInit<VckOptions>): VckState {
  const { seats, options, deadlines, seed, at } = init;
  if (!Number.isInteger(seats) || seats < 1 || seats > 5) throw new RangeError(`Valeria: Card Kingdoms seats 1 to 5 players, not ${seats}`);
  const rng = new Rng(rngStateFromSeed(seed));
  const theme = themeFor(options.setup, rng);
  const market: Market = {
    monsters: monsterStacks(theme.areas, seats),
    citizens: citizenStacks(theme, options, seats, rng),
    domains: domainStacks(theme, seats, rng),
  };
  const dukes = rng.shuffle(CATALOG.dukes.map((d) => d.name));
  const [peasants, knights] = CATALOG.starters.map((s) => starterIds(s.name)) as [CardId[], CardId[]];
  const players: Player[] = Array.from({ length: seats }, (_, seat) => ({
    gold: 2,
    strength: 0,
    magic: 1,
    vp: 0,
    citizens: [peasants[seat] as CardId, knights[seat] as CardId],
    monsters: [],
    domains: [],
    duke: null,
    dukeOffer: dukes.slice(seat * 2, seat * 2 + 2),
  }));
  const firstPlayer = rng.int(seats);
  // Solo: a random Duke of those not dealt becomes the face-down Dark Lord.
  const darkLord = seats === 1 ? { duke: rng.pick(dukes.slice(2)), citizens: [], domains: [] } : null;
  const used = new Set([...inMarket(market), ...players.flatMap((p) => [...p.citizens, ...p.dukeOffer]), ...(darkLord ? [darkLord.duke] : [])]);
  const pending = openSimultaneousWindow({ opened: 0, at, deadlines, step: 'duke', timer: 'window', seats: players.map((_, s) => s) });
  return {
    ...initialBase('valeria-card-kingdoms', init, rng.state, pending),
    options,
    solo: seats === 1,
    firstPlayer,
    market,
    players,
    darkLord,
    box: allCardIds().filter((id) => !used.has(id)),
    phase: 'dukes',
    turn: { active: firstPlayer, resting: null, dice: null, diceChangers: [], actionsLeft: 0, deadline: at, budgetMs: 0 },
    turnsPlayed: 0,
    endTriggered: false,
    tasks: [],
    choice: null,
    harvest: null,
    verdict: null,
  };
}

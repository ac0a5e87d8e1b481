import { CATALOG_DATA } from './data.js';
import type { CitizenCard, DomainCard, DukeCard, MonsterCard, Role, StarterCard } from './schema.js';

export type * from './schema.js';
export * from './vocabulary.js';

/**
 * The catalog of record: typed data, checked against its schema (schema.ts)
 * by the catalog test rather than here, where building and running the
 * schemas would cost every cold start of the service tens of milliseconds.
 */
export const CATALOG = CATALOG_DATA;

/**
 * Physical cards are identified by strings: Domains and Dukes by their unique
 * name, multi-copy cards by `name#copy` (copies counted from 1).
 */
export type CardId = string;
const NAMES = new Map<CardId, string>();
export function cardName(id: CardId): string {
  let name = NAMES.get(id);
  if (name === undefined) NAMES.set(id, (name = id.split('#')[0] as string));
  return name;
}
const copyIds = (name: string, copies: number): CardId[] => Array.from({ length: copies }, (_, i) => `${name}#${i + 1}`);

const byName = <T extends { name: string }>(cards: readonly T[]) => new Map(cards.map((c) => [c.name, c] as const));
const CITIZENS = byName(CATALOG.citizens);
const STARTERS = byName(CATALOG.starters);
const MONSTERS = byName(CATALOG.monsters);
const DOMAINS = byName(CATALOG.domains);
const DUKES = byName(CATALOG.dukes);

function lookup<T>(map: Map<string, T>, id: CardId, kind: string): T {
  const card = map.get(cardName(id));
  if (!card) throw new Error(`Unknown ${kind} card ${id}`);
  return card;
}

export const citizenCard = (id: CardId): CitizenCard => lookup(CITIZENS, id, 'citizen');
export const monsterCard = (id: CardId): MonsterCard => lookup(MONSTERS, id, 'monster');
export const domainCard = (id: CardId): DomainCard => lookup(DOMAINS, id, 'domain');
export const dukeCard = (id: CardId): DukeCard => lookup(DUKES, id, 'duke');
export const isStarter = (id: CardId): boolean => STARTERS.has(cardName(id));
export const isDomain = (id: CardId): boolean => DOMAINS.has(cardName(id));
export const isDuke = (id: CardId): boolean => DUKES.has(cardName(id));

/** A Citizen in a kingdom: a market citizen or a starter (which has no role). */
export interface KingdomCitizen {
  readonly name: string;
  /** The market name it counts as (its own name, or the starter's `countsAs`). */
  readonly countsAs: string;
  readonly role: Role | null;
  readonly activation: readonly number[];
  readonly active: CitizenCard['active'];
  readonly passive: CitizenCard['passive'];
}

const KINGDOM_CITIZENS = new Map<CardId, KingdomCitizen>();
export function kingdomCitizen(id: CardId): KingdomCitizen {
  let citizen = KINGDOM_CITIZENS.get(id);
  if (!citizen) KINGDOM_CITIZENS.set(id, (citizen = describeCitizen(id)));
  return citizen;
}

function describeCitizen(id: CardId): KingdomCitizen {
  const starter: StarterCard | undefined = STARTERS.get(cardName(id));
  if (starter)
    return { name: starter.name, countsAs: starter.countsAs, role: null, activation: starter.activation, active: starter.active, passive: starter.passive };
  const card = citizenCard(id);
  return { name: card.name, countsAs: card.name, role: card.role, activation: card.activation, active: card.active, passive: card.passive };
}

export const citizenIds = (name: string): CardId[] => copyIds(name, CATALOG.citizenCopies);
export const starterIds = (name: string): CardId[] => copyIds(name, CATALOG.starterCopies);

/** A monster kind's copies; the last `fivePlayerCopies` of them are the "5 players only" cards. */
export function monsterIds(card: MonsterCard, seats: number): CardId[] {
  const ids = copyIds(card.name, card.copies);
  return seats === 5 ? ids : ids.slice(0, card.copies - card.fivePlayerCopies);
}

/** Every physical card of the game (Exhausted cards aside), for conservation checks. */
export function allCardIds(): CardId[] {
  return [
    ...CATALOG.citizens.flatMap((c) => citizenIds(c.name)),
    ...CATALOG.starters.flatMap((c) => starterIds(c.name)),
    ...CATALOG.monsters.flatMap((m) => monsterIds(m, 5)),
    ...CATALOG.domains.map((d) => d.name),
    ...CATALOG.dukes.map((d) => d.name),
  ];
}

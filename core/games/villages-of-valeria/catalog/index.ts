import data from './catalog.json' with { type: 'json' };
import { Catalog, type AdventurerCard, type BuildingCard, type Power } from './schema.js';

export * from './schema.js';

/** The catalog of record, validated once at load: an official list can replace the JSON without code changes. */
export const CATALOG: Catalog = Catalog.parse(data);

/** Cards are identified by their catalog id: `b…` Buildings, `a…` Adventurers, `c…` Castles. */
export type CardId = string;

const BUILDINGS: Readonly<Record<CardId, BuildingCard>> = Object.fromEntries(CATALOG.buildings.map((c) => [c.id, c]));
const ADVENTURERS: Readonly<Record<CardId, AdventurerCard>> = Object.fromEntries(CATALOG.adventurers.map((c) => [c.id, c]));

export function building(id: CardId): BuildingCard {
  const card = BUILDINGS[id];
  if (!card) throw new Error(`Unknown Building ${id}`);
  return card;
}

export function adventurer(id: CardId): AdventurerCard {
  const card = ADVENTURERS[id];
  if (!card) throw new Error(`Unknown Adventurer ${id}`);
  return card;
}

export const isBuilding = (id: CardId): boolean => BUILDINGS[id] !== undefined;
export const isAdventurer = (id: CardId): boolean => ADVENTURERS[id] !== undefined;

/** The power of a village card (Building or Adventurer), if any. */
export function powerOf(id: CardId): Power | null {
  return (BUILDINGS[id] ?? ADVENTURERS[id])?.power ?? null;
}

export function nameOf(id: CardId): string {
  return (BUILDINGS[id] ?? ADVENTURERS[id])?.name ?? 'Castle';
}

export const ALL_BUILDING_IDS: readonly CardId[] = CATALOG.buildings.map((c) => c.id);
export const ALL_ADVENTURER_IDS: readonly CardId[] = CATALOG.adventurers.map((c) => c.id);
export const CASTLE_IDS: readonly CardId[] = CATALOG.castles.map((c) => c.id);

import data from './catalog.json' with { type: 'json' };
import { Catalog, type AdventurerCard, type BuildingCard, type Power } from './schema.js';

export * from './schema.js';

/** The catalog of record, validated once at load: an official list can replace the JSON without code changes. */
export const CATALOG: Catalog = Catalog.parse(data);

/** Cards are identified by their catalog id: `b…` Buildings, `a…` Adventurers, `c…` Castles. */
export type CardId = string;

const BUILDINGS: ReadonlyMap<CardId, BuildingCard> = new Map(CATALOG.buildings.map((c) => [c.id, c]));
const ADVENTURERS: ReadonlyMap<CardId, AdventurerCard> = new Map(CATALOG.adventurers.map((c) => [c.id, c]));

export function building(id: CardId): BuildingCard {
  const card = BUILDINGS.get(id);
  if (!card) throw new Error(`Unknown Building ${id}`);
  return card;
}

export function adventurer(id: CardId): AdventurerCard {
  const card = ADVENTURERS.get(id);
  if (!card) throw new Error(`Unknown Adventurer ${id}`);
  return card;
}

/** The power of a village card (Building or Adventurer), if any. */
export function powerOf(id: CardId): Power | null {
  return (BUILDINGS.get(id) ?? ADVENTURERS.get(id))?.power ?? null;
}

export function nameOf(id: CardId): string {
  return (BUILDINGS.get(id) ?? ADVENTURERS.get(id))?.name ?? 'Castle';
}

export const ALL_BUILDING_IDS: readonly CardId[] = CATALOG.buildings.map((c) => c.id);
export const ALL_ADVENTURER_IDS: readonly CardId[] = CATALOG.adventurers.map((c) => c.id);
export const CASTLE_IDS: readonly CardId[] = CATALOG.castles.map((c) => c.id);

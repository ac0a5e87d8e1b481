import data from './catalog.json' with { type: 'json' };
import type { AdventurerCard, BuildingCard, Catalog, Power } from './schema.js';

export type * from './schema.js';
export * from './vocabulary.js';

/**
 * The catalog of record. An official list can replace the JSON without code
 * changes: the catalog test checks it against its schema (schema.ts). The
 * rulings on the named cards live in its data: VV-R3 (the Cathedral is Tax:
 * +2 cards), VV-R4 revised (the Oracle is a Building, Tax: +1 Gold; a
 * designed Seer is the 16th Adventurer; `designedFacts` says which facts of a
 * named card are designed) and VV-R5 (the Harbor counts Shadow). It is
 * not parsed here because building and running those schemas would cost every
 * cold start of the service tens of milliseconds for data that never changes
 * at run time.
 */
export const CATALOG = data as Catalog;

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

import * as z from 'zod';
import { ACTION_NAMES, BUILDING_TYPES, RESOURCES } from './vocabulary.js';

/** Shapes of the catalog: the rules' card anatomy and power vocabulary, nothing more. */
export const Resource = z.enum(RESOURCES);
export type Resource = z.infer<typeof Resource>;

export const BuildingType = z.enum(BUILDING_TYPES);
export type BuildingType = z.infer<typeof BuildingType>;

export const ActionName = z.enum(ACTION_NAMES);
export type ActionName = z.infer<typeof ActionName>;

const count = z.number().int().min(1).max(3);

/**
 * The power vocabulary of the rules file, one variant per shape. Action
 * powers name their action; instant powers fire once when the card enters a
 * village; resource powers pay part of a Build; end powers score.
 */
export const Power = z.discriminatedUnion('shape', [
  /** Harvest/Build/Develop/Tax/Recruit: +N card */
  z.strictObject({ shape: z.literal('action-cards'), action: ActionName, n: count }),
  /** Tax/Develop/Build: +N Gold */
  z.strictObject({ shape: z.literal('action-gold'), action: z.enum(['tax', 'develop', 'build']), n: count }),
  /** Build: +1 resource of a type (resource power) */
  z.strictObject({ shape: z.literal('build-resource'), resource: Resource }),
  /** Build: +1 Wild for a Building type (resource power) */
  z.strictObject({ shape: z.literal('build-wild-for-type'), buildingType: BuildingType }),
  /** Build: discard 2 → +1 Wild for any Building (resource power, the Fountain) */
  z.strictObject({ shape: z.literal('build-discard-for-wild') }),
  /** Build: discard 2 → +1 Gold */
  z.strictObject({ shape: z.literal('build-discard-for-gold') }),
  /** Instant: draw N */
  z.strictObject({ shape: z.literal('instant-draw'), n: count }),
  /** Instant: +1 Gold from the bank */
  z.strictObject({ shape: z.literal('instant-bank-gold') }),
  /** Instant: discard 1 → +1 Gold */
  z.strictObject({ shape: z.literal('instant-discard-for-gold') }),
  /** Instant: take 1 Gold from an opponent's free coins */
  z.strictObject({ shape: z.literal('instant-steal-gold') }),
  /** Instant: take N random cards from one opponent's hand */
  z.strictObject({ shape: z.literal('instant-steal-cards'), n: count }),
  /** Instant: draw 1 per Shadow Building you have */
  z.strictObject({ shape: z.literal('instant-draw-per-shadow') }),
  /** End: +1 VP per Building of a type */
  z.strictObject({ shape: z.literal('end-vp-per-type'), buildingType: BuildingType }),
  /** End: +1 VP per Adventurer */
  z.strictObject({ shape: z.literal('end-vp-per-adventurer') }),
]);
export type Power = z.infer<typeof Power>;
export type PowerShape = Power['shape'];

/** `source`: the card is named in the rulebooks (its facts there are fixed); `designed`: made for this catalog. */
export const Provenance = z.enum(['source', 'designed']);

/**
 * VV-R4 (revised): provenance is recorded per fact. A `source` card lists the
 * facts the sources do not give (designed for this catalog); a `designed`
 * card lists none, every fact of it being designed.
 */
export const BuildingFact = z.enum(['type', 'vp', 'cost', 'resource', 'power']);
export const AdventurerFact = z.enum(['vp', 'requires', 'power']);
const designedFacts = <F extends z.ZodEnum>(fact: F) =>
  z
    .array(fact)
    .refine((facts) => new Set(facts).size === facts.length, 'a fact is listed twice')
    .optional();

export const BuildingCard = z.strictObject({
  id: z.string().regex(/^b\d+$/),
  name: z.string().min(1),
  type: BuildingType,
  vp: z.number().int().min(0).max(9),
  cost: z.array(Resource).min(1).max(4),
  /** The resource section, used when the card is developed instead of built. */
  resource: Resource,
  power: Power.nullable(),
  provenance: Provenance,
  designedFacts: designedFacts(BuildingFact),
});
export type BuildingCard = z.infer<typeof BuildingCard>;

export const AdventurerCard = z.strictObject({
  id: z.string().regex(/^a\d+$/),
  name: z.string().min(1),
  vp: z.number().int().min(0).max(9),
  /** Building types the village must hold, as a multiset. */
  requires: z.array(BuildingType).min(1).max(3),
  power: Power.nullable(),
  provenance: Provenance,
  designedFacts: designedFacts(AdventurerFact),
});
export type AdventurerCard = z.infer<typeof AdventurerCard>;

/** Each Castle gives its owner one Wild resource. */
export const CastleCard = z.strictObject({
  id: z.string().regex(/^c\d+$/),
  name: z.string().min(1),
  provenance: Provenance,
});
export type CastleCard = z.infer<typeof CastleCard>;

export const Catalog = z
  .strictObject({
    buildings: z.array(BuildingCard).length(84),
    adventurers: z.array(AdventurerCard).length(16),
    castles: z.array(CastleCard).length(5),
  })
  .superRefine((catalog, ctx) => {
    const ids = [...catalog.buildings, ...catalog.adventurers, ...catalog.castles].map((c) => c.id);
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', message: `duplicate card id ${id}` });
      seen.add(id);
    }
    // A source card says which of its facts are designed; a designed card has nothing to say.
    for (const card of [...catalog.buildings, ...catalog.adventurers]) {
      const listed = card.designedFacts !== undefined;
      if (listed !== (card.provenance === 'source'))
        ctx.addIssue({ code: 'custom', message: `${card.id} (${card.name}): designedFacts belongs to source cards, and every source card has it` });
    }
    const adventurerNames = new Set(catalog.adventurers.map((a) => a.name));
    if (adventurerNames.size !== catalog.adventurers.length) ctx.addIssue({ code: 'custom', message: 'adventurer names must be unique' });
  });
export type Catalog = z.infer<typeof Catalog>;

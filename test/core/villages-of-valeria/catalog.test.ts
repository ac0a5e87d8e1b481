import { describe, expect, it } from 'vitest';
import { CATALOG, type AdventurerCard, type BuildingCard, type Power } from '../../../core/games/villages-of-valeria/catalog/index.js';
import { Catalog } from '../../../core/games/villages-of-valeria/catalog/schema.js';
import data from '../../../core/games/villages-of-valeria/catalog/catalog.json' with { type: 'json' };

/** Every card the rules file names, with exactly the facts the sources give it. */
const SOURCE_BUILDINGS: Record<string, (card: BuildingCard) => void> = {
  'Guard Tower': (c) => expect(c.power).toEqual({ shape: 'action-cards', action: 'harvest', n: 1 }),
  Armory: (c) => {
    expect(c.power).toEqual({ shape: 'action-cards', action: 'build', n: 1 });
    expect(c.cost.slice().sort()).toEqual(['stone', 'stone', 'wood']);
  },
  Barracks: (c) => expect(c.power).toEqual({ shape: 'action-cards', action: 'develop', n: 1 }),
  // VV-R3: Cathedral is Tax: +2 cards.
  Cathedral: (c) => expect(c.power).toEqual({ shape: 'action-cards', action: 'tax', n: 2 }),
  "Wizard's Tower": (c) => expect(c.power).toEqual({ shape: 'action-gold', action: 'build', n: 1 }),
  Farm: (c) => expect(c.power).toEqual({ shape: 'build-resource', resource: 'food' }),
  Tannery: (c) => expect(c.cost).toContain('food'),
  'Wood Mill': () => {},
  "Witch's Hut": (c) => expect(c.power).toEqual({ shape: 'instant-discard-for-gold' }),
  Fountain: (c) => expect(c.power).toEqual({ shape: 'build-discard-for-wild' }),
  Monastery: (c) => expect(c.power).toEqual({ shape: 'build-wild-for-type', buildingType: 'holy' }),
  Tavern: (c) => expect(c.power).toEqual({ shape: 'end-vp-per-adventurer' }),
  // VV-R5: the Harbor counts Shadow Buildings.
  Harbor: (c) => expect(c.power).toEqual({ shape: 'end-vp-per-type', buildingType: 'shadow' }),
  Keep: (c) => expect(c.power).toEqual({ shape: 'instant-steal-cards', n: 1 }),
  // VV-R4 (revised): the Oracle is a Building (« les 2 mêmes Bâtiments »), Tax: +1 Gold.
  Oracle: (c) => expect(c.power).toEqual({ shape: 'action-gold', action: 'tax', n: 1 }),
};

const SOURCE_ADVENTURERS: Record<string, (card: AdventurerCard) => void> = {
  Knight: (c) => expect(c.power).toEqual({ shape: 'end-vp-per-type', buildingType: 'soldier' }),
  Rogue: (c) => expect(c.power).toEqual({ shape: 'instant-steal-cards', n: 2 }),
  Necromancer: (c) => expect(c.power).toEqual({ shape: 'instant-draw-per-shadow' }),
  Warlord: (c) => expect(c.power).toEqual({ shape: 'build-wild-for-type', buildingType: 'soldier' }),
  Thief: (c) => {
    expect(c.power).toEqual({ shape: 'instant-steal-gold' });
    expect(c.requires).toEqual(['shadow', 'shadow']);
  },
  Paladin: (c) => expect(c.requires.slice().sort()).toEqual(['holy', 'soldier']),
};

/**
 * VV-R4 (revised): per fact, what the sources do not give a named card (the
 * rules file's table lists what they do give). The Tannery's cost is designed
 * around the Food the sources give it.
 */
const DESIGNED_FACTS: Record<string, string[]> = {
  'Guard Tower': ['type', 'vp', 'cost', 'resource'],
  Armory: ['type', 'vp', 'resource'],
  Barracks: ['type', 'vp', 'cost', 'resource'],
  Cathedral: ['type', 'vp', 'cost', 'resource'],
  Oracle: ['type', 'vp', 'cost', 'resource'],
  "Wizard's Tower": ['type', 'vp', 'cost', 'resource'],
  Farm: ['type', 'vp', 'cost', 'resource'],
  Tannery: ['type', 'vp', 'cost', 'resource', 'power'],
  'Wood Mill': ['type', 'vp', 'cost', 'resource', 'power'],
  "Witch's Hut": ['type', 'vp', 'cost', 'resource'],
  Fountain: ['type', 'vp', 'cost', 'resource'],
  Monastery: ['type', 'vp', 'cost', 'resource'],
  Tavern: ['type', 'vp', 'cost', 'resource'],
  Harbor: ['type', 'vp', 'cost', 'resource'],
  Keep: ['type', 'vp', 'cost', 'resource'],
  Knight: ['vp', 'requires'],
  Rogue: ['vp', 'requires'],
  Necromancer: ['vp', 'requires'],
  Warlord: ['vp', 'requires'],
  Thief: ['vp'],
  Paladin: ['vp', 'power'],
};

const countBy = <T>(items: readonly T[], key: (t: T) => string) =>
  items.reduce<Record<string, number>>((acc, t) => ({ ...acc, [key(t)]: (acc[key(t)] ?? 0) + 1 }), {});

describe('the Villages of Valeria catalog', () => {
  it('passes its schema and holds 84 Buildings, 16 Adventurers and 5 Castles', () => {
    // The engine reads the JSON as it is, so the schema must accept it unchanged.
    expect(Catalog.parse(data)).toEqual(CATALOG);
    expect(CATALOG.buildings).toHaveLength(84);
    expect(CATALOG.adventurers).toHaveLength(16);
    expect(CATALOG.castles).toHaveLength(5);
  });

  it('marks exactly the cards the sources name as `source`', () => {
    for (const card of CATALOG.buildings) expect([card.name, card.provenance]).toEqual([card.name, card.name in SOURCE_BUILDINGS ? 'source' : 'designed']);
    for (const card of CATALOG.adventurers) expect([card.name, card.provenance]).toEqual([card.name, card.name in SOURCE_ADVENTURERS ? 'source' : 'designed']);
    for (const castle of CATALOG.castles) expect(castle.provenance).toBe('source');
  });

  it('gives every card the sources name exactly its facts, on every copy', () => {
    for (const [name, check] of Object.entries(SOURCE_BUILDINGS)) {
      const copies = CATALOG.buildings.filter((c) => c.name === name);
      expect(copies.length, name).toBeGreaterThan(0);
      copies.forEach(check);
    }
    for (const [name, check] of Object.entries(SOURCE_ADVENTURERS)) {
      const copies = CATALOG.adventurers.filter((c) => c.name === name);
      expect(copies, name).toHaveLength(1);
      copies.forEach(check);
    }
  });

  it('VV-R4: the Oracle is a Building in two copies, and a designed 16th Adventurer takes its place', () => {
    expect(CATALOG.adventurers.map((c) => c.name)).not.toContain('Oracle');
    expect(CATALOG.buildings.filter((c) => c.name === 'Oracle')).toHaveLength(2);
    expect(CATALOG.adventurers.filter((c) => c.provenance === 'designed')).toHaveLength(16 - Object.keys(SOURCE_ADVENTURERS).length);
  });

  it('VV-R4: records per fact which facts of a named card are designed', () => {
    for (const card of [...CATALOG.buildings, ...CATALOG.adventurers])
      expect([card.name, card.designedFacts]).toEqual([card.name, card.provenance === 'source' ? DESIGNED_FACTS[card.name] : undefined]);
  });

  it('rejects a source card without its designed facts, a designed card with them, and an unknown fact', () => {
    const broken = (change: (c: { buildings: Record<string, unknown>[] }) => void) => {
      const copy = structuredClone(data) as unknown as { buildings: Record<string, unknown>[] };
      change(copy);
      return Catalog.safeParse(copy).success;
    };
    const sourceAt = data.buildings.findIndex((b) => b.provenance === 'source');
    const designedAt = data.buildings.findIndex((b) => b.provenance === 'designed');
    expect(broken(() => {})).toBe(true);
    expect(broken((c) => delete c.buildings[sourceAt]!.designedFacts)).toBe(false);
    expect(broken((c) => (c.buildings[designedAt]!.designedFacts = ['vp']))).toBe(false);
    expect(broken((c) => (c.buildings[sourceAt]!.designedFacts = ['flavour']))).toBe(false);
    expect(broken((c) => (c.buildings[sourceAt]!.designedFacts = ['vp', 'vp']))).toBe(false);
  });

  it('spreads Buildings evenly over the four types and the four resource sections', () => {
    expect(Object.values(countBy(CATALOG.buildings, (c) => c.type))).toEqual([21, 21, 21, 21]);
    expect(Object.values(countBy(CATALOG.buildings, (c) => c.resource))).toEqual([21, 21, 21, 21]);
  });

  it('keeps copies of one name identical but for the resource section', () => {
    const byName = new Map<string, BuildingCard>();
    for (const card of CATALOG.buildings) {
      const first = byName.get(card.name) ?? card;
      byName.set(card.name, first);
      expect({ ...card, id: '', resource: '' }).toEqual({ ...first, id: '', resource: '' });
    }
  });

  it('designs costs of 1 to 4 resources and VP of 1 to 5 rising with cost', () => {
    const designed = CATALOG.buildings.filter((c) => c.provenance === 'designed');
    const vpBySize = [1, 2, 3, 4].map((size) => designed.filter((c) => c.cost.length === size).map((c) => c.vp));
    for (const vps of vpBySize) expect(vps.length).toBeGreaterThan(0);
    for (const card of CATALOG.buildings) {
      expect(card.vp).toBeGreaterThanOrEqual(1);
      expect(card.vp).toBeLessThanOrEqual(5);
    }
    for (let i = 1; i < vpBySize.length; i++) {
      expect(Math.min(...vpBySize[i]!)).toBeGreaterThanOrEqual(Math.min(...vpBySize[i - 1]!));
      expect(Math.max(...vpBySize[i]!)).toBeGreaterThan(Math.max(...vpBySize[i - 1]!) - 1);
    }
  });

  it('designs Adventurers with 1 to 3 required types and 2 to 6 VP, more VP for harder requirements', () => {
    for (const card of CATALOG.adventurers) {
      expect(card.vp).toBeGreaterThanOrEqual(2);
      expect(card.vp).toBeLessThanOrEqual(6);
      expect(card.power, card.name).not.toBeNull();
    }
    const meanVp = (n: number) => {
      const vps = CATALOG.adventurers.filter((c) => c.requires.length === n).map((c) => c.vp);
      return vps.reduce((a, b) => a + b, 0) / vps.length;
    };
    expect(meanVp(1)).toBeLessThan(meanVp(2));
    expect(meanVp(2)).toBeLessThan(meanVp(3));
  });

  it('uses every shape of the power vocabulary', () => {
    const shapes = new Set([...CATALOG.buildings, ...CATALOG.adventurers].map((c) => c.power?.shape).filter(Boolean));
    const vocabulary: Power['shape'][] = [
      'action-cards',
      'action-gold',
      'build-resource',
      'build-wild-for-type',
      'build-discard-for-wild',
      'build-discard-for-gold',
      'instant-draw',
      'instant-bank-gold',
      'instant-discard-for-gold',
      'instant-steal-gold',
      'instant-steal-cards',
      'instant-draw-per-shadow',
      'end-vp-per-type',
      'end-vp-per-adventurer',
    ];
    expect([...shapes].sort()).toEqual(vocabulary.sort());
  });

  it('rejects a catalog with a power outside the vocabulary', () => {
    const broken = structuredClone(data) as { buildings: { power: unknown }[] };
    broken.buildings[0]!.power = { shape: 'instant-win' };
    expect(Catalog.safeParse(broken).success).toBe(false);
  });
});

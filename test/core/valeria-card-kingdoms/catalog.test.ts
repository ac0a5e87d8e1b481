import { describe, expect, it } from 'vitest';
import { allCardIds, CATALOG, monsterIds, type MonsterCard } from '../../../core/games/valeria-card-kingdoms/catalog/index.js';
import { Catalog } from '../../../core/games/valeria-card-kingdoms/catalog/schema.js';
import { CATALOG_DATA } from '../../../core/games/valeria-card-kingdoms/catalog/data.js';
import { SETUPS } from '../../../core/games/valeria-card-kingdoms/setup.js';

const citizen = (name: string) => CATALOG.citizens.find((c) => c.name === name);
const monster = (name: string) => CATALOG.monsters.find((m) => m.name === name) as MonsterCard;
const domain = (name: string) => CATALOG.domains.find((d) => d.name === name);
const sourceFacts = (card: { provenance: { kind: string; facts?: string[] } }) => (card.provenance.kind === 'source' ? (card.provenance.facts ?? []) : []);

describe('Valeria: Card Kingdoms catalog — counts and provenance', () => {
  it('passes its schema unchanged: the engine uses the data exactly as written', () => {
    expect(Catalog.parse(CATALOG)).toEqual(CATALOG);
  });

  it('holds 108 citizens (18 names × 6), 48 monsters, 24 domains, 10 dukes and 10 starters', () => {
    expect(CATALOG.citizens).toHaveLength(18);
    expect(CATALOG.citizenCopies).toBe(6);
    expect(CATALOG.monsters.reduce((n, m) => n + m.copies, 0)).toBe(48);
    expect(CATALOG.domains).toHaveLength(24);
    expect(CATALOG.dukes).toHaveLength(10);
    expect(CATALOG.starters.length * CATALOG.starterCopies).toBe(10);
    expect(CATALOG.exhaustedCards).toBe(10);
    const ids = allCardIds();
    expect(ids).toHaveLength(108 + 48 + 24 + 10 + 10);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has 8 areas × 3 strength tiers, 6 cards per area of which exactly one is for 5 players', () => {
    const areas = [...new Set(CATALOG.monsters.map((m) => m.area))];
    expect(areas).toEqual(['Hills', 'Ruins', 'Forest', 'Valley', 'Mountains', 'Moors', 'Swamp', 'Cave']);
    for (const area of areas) {
      const kinds = CATALOG.monsters.filter((m) => m.area === area);
      expect(kinds.map((m) => m.tier).sort()).toEqual([1, 2, 3]);
      expect(kinds.reduce((n, m) => n + m.copies, 0)).toBe(6);
      expect(kinds.reduce((n, m) => n + m.fivePlayerCopies, 0)).toBe(1);
      const strengths = [...kinds].sort((a, b) => a.tier - b.tier).map((m) => m.strength);
      expect(strengths).toEqual([...strengths].sort((a, b) => a - b));
    }
  });

  it('records a provenance for every card; every `source` fact names a field of the card', () => {
    const cards = [...CATALOG.citizens, ...CATALOG.starters, ...CATALOG.monsters, ...CATALOG.domains, ...CATALOG.dukes];
    for (const card of cards) {
      expect(['source', 'designed']).toContain(card.provenance.kind);
      for (const fact of sourceFacts(card)) expect(Object.keys(card)).toContain(fact);
    }
    const broken = structuredClone(CATALOG_DATA);
    (broken.citizens[0] as { role: string }).role = 'Wizardry';
    expect(Catalog.safeParse(broken).success).toBe(false);
    const unknownFact = structuredClone(CATALOG_DATA);
    unknownFact.citizens[0]!.provenance = { kind: 'source', facts: ['colour'] };
    expect(Catalog.safeParse(unknownFact).error?.issues[0]?.message).toMatch(/unknown fact field colour/);
  });

  it('marks every card the rules of record name as `source`', () => {
    // Grouped as the rules list them: starters, monsters by area, domains, dukes.
    // prettier-ignore
    const named = [
      ...CATALOG.slots.flatMap((s) => s.names),
      'Starter Peasant', 'Starter Knight',
      'Goblin', 'Goblin Mage', 'Goblin King', 'Skeleton', 'Flaming Skeleton', 'Skeleton King', 'Treant', 'Bane Spider', 'Spider Queen',
      'Owlbear', 'Giant', 'Troll', 'Dire Bear', 'Orc Warrior', 'Orc Chieftain', 'Gelatinous Cube', 'Wraith',
      'Palace of the Dawn', 'Foxgrove Palisade', "Gargan's Embrace", 'Nest of the Weaver Witch', "Purloiner's Perch", 'The Desert Orchid',
      'Watcher on the Water', 'Forgotten Sorrows', 'The Violet Thorn', 'Golden Obelisk of Nae', 'Monolith of Ostendaar', 'Eye of Asteraten',
      'Blood Crow Army', 'Cathedral of St. Aquila', "Cutthroat's Truce", 'Waryn',
    ];
    const all = [...CATALOG.citizens, ...CATALOG.starters, ...CATALOG.monsters, ...CATALOG.domains, ...CATALOG.dukes];
    for (const name of named) expect(all.find((c) => c.name === name)?.provenance.kind, name).toBe('source');
  });
});

describe('Valeria: Card Kingdoms catalog — every fact of the rules of record', () => {
  it('citizen slots and names', () => {
    const slots = CATALOG.slots.map((s) => `${s.label}: ${s.names.join(' | ')}`);
    expect(slots).toEqual([
      '1: Cleric | Monk',
      '2: Merchant | Blacksmith',
      '3: Mercenary | Alchemist',
      '4: Archer | Wizard',
      '5: Peasant',
      '6: Knight',
      '7: Rogue | Thief',
      '8: Champion | Warlord',
      '9-10: Paladin | Priestess',
      '11-12: Butcher | Miner',
    ]);
    for (const slot of CATALOG.slots) {
      const values = slot.label.split('-').map(Number);
      for (const name of slot.names) expect(citizen(name)?.activation, name).toEqual(values);
    }
  });

  it('Peasant 2+ Worker; Archer Soldier; Monk, Miner and Thief powers', () => {
    expect(citizen('Peasant')).toMatchObject({ cost: 2, role: 'Worker' });
    expect(citizen('Archer')?.role).toBe('Soldier');
    expect(citizen('Monk')?.passive).toEqual([{ kind: 'pay-for', pay: { gold: 1 }, gain: { magic: 2 } }]);
    expect(citizen('Miner')?.active).toEqual([
      { kind: 'gain', gain: { gold: 1 } },
      { kind: 'per', count: { of: 'domain' }, gain: { gold: 1 } },
    ]);
    expect(citizen('Thief')?.active).toEqual([{ kind: 'take-from-player', amount: 3, resources: ['gold', 'magic'] }]);
  });

  it('starters have no role and count as Peasant and Knight', () => {
    expect(CATALOG.starters.map((s) => [s.name, s.countsAs, 'role' in s])).toEqual([
      ['Starter Peasant', 'Peasant', false],
      ['Starter Knight', 'Knight', false],
    ]);
  });

  it('first-game stacks, top to bottom, for 2-4 players (and the Ruins stack for 5)', () => {
    const stack = (area: string, seats: number) =>
      CATALOG.monsters
        .filter((m) => m.area === area)
        .sort((a, b) => a.tier - b.tier)
        .flatMap((m) => monsterIds(m, seats).map(() => m.name));
    const counted = (names: string[]) =>
      names
        .map((n, i) => (i === 0 || names[i - 1] !== n ? n : null))
        .filter(Boolean)
        .map((n) => `${names.filter((x) => x === n).length} ${n}`);
    expect(counted(stack('Hills', 4))).toEqual(['3 Goblin', '1 Goblin Mage', '1 Goblin King']);
    expect(counted(stack('Ruins', 4))).toEqual(['2 Skeleton', '2 Flaming Skeleton', '1 Skeleton King']);
    expect(counted(stack('Forest', 4))).toEqual(['2 Treant', '2 Bane Spider', '1 Spider Queen']);
    expect(counted(stack('Valley', 4))).toEqual(['3 Owlbear', '1 Giant', '1 Troll']);
    expect(counted(stack('Mountains', 4))).toEqual(['2 Dire Bear', '2 Orc Warrior', '1 Orc Chieftain']);
    expect(counted(stack('Ruins', 5))).toEqual(['3 Skeleton', '2 Flaming Skeleton', '1 Skeleton King']);
    expect(SETUPS['first-game'].areas).toEqual(['Hills', 'Ruins', 'Forest', 'Valley', 'Mountains']);
  });

  it('Treant, Gelatinous Cube, Bane Spider, Spider Queen, Orc Warrior and Wraith', () => {
    expect(monster('Treant')).toMatchObject({ area: 'Forest', strength: 3, reward: [{ kind: 'gain', gain: { gold: 1, magic: 1 } }] });
    expect(monster('Gelatinous Cube')).toMatchObject({ area: 'Swamp', strength: 4, magic: 1, tier: 1 });
    expect(monster('Bane Spider').reward).toEqual([
      { kind: 'choice', options: [[{ kind: 'gain', gain: { gold: 3 } }], [{ kind: 'free-recruit', maxCost: null, name: 'Knight' }]] },
    ]);
    expect(monster('Spider Queen').reward).toEqual([
      {
        kind: 'choice',
        options: [
          [{ kind: 'per', count: { of: 'monster-area', area: 'Forest' }, gain: { gold: 2 } }],
          [
            { kind: 'free-recruit', maxCost: null },
            { kind: 'gain', gain: { vp: 1 } },
          ],
        ],
      },
    ]);
    expect(monster('Orc Warrior').reward).toEqual([{ kind: 'free-recruit', maxCost: 3 }]);
    expect(monster('Wraith').reward).toEqual([{ kind: 'free-recruit', maxCost: 2 }]);
  });

  it('the domains the rules describe', () => {
    expect(domain('Palace of the Dawn')).toMatchObject({
      requirement: { Worker: 1, Soldier: 2 },
      cost: 11,
      power: { when: 'roll', change: { kind: 'change-die', change: { by: -1 }, cost: { gold: 0 } } },
    });
    expect(domain('Foxgrove Palisade')?.power).toEqual({ when: 'roll', change: { kind: 'change-die', change: { to: 6 }, cost: { gold: 2 } } });
    expect(domain("Gargan's Embrace")?.power).toEqual({ when: 'any-double', effects: [{ kind: 'gain', gain: { vp: 1 } }] });
    expect(domain('Nest of the Weaver Witch')?.power).toEqual({ when: 'built', effects: [{ kind: 'return-to-stack', card: 'citizen' }] });
    expect(domain("Purloiner's Perch")?.power).toEqual({ when: 'built', effects: [{ kind: 'steal-monster' }] });
    expect(domain('The Desert Orchid')?.power).toEqual({ when: 'roll', change: { kind: 'change-die', change: { to: 1 }, cost: { gold: 0, perRole: 'Holy' } } });
    expect(domain('Watcher on the Water')?.power).toEqual({ when: 'built', effects: [{ kind: 'return-to-stack', card: 'monster' }] });
  });

  it('Waryn: 1 VP per Worker + 2 VP per Shadow + 1 VP per 3 resources', () => {
    expect(CATALOG.dukes.find((d) => d.name === 'Waryn')?.terms).toEqual([
      { per: 'role', role: 'Worker', vp: 1 },
      { per: 'role', role: 'Shadow', vp: 2 },
      { per: 'resources', every: 3, vp: 1 },
    ]);
  });

  it('themed setups name existing areas, one citizen per two-name slot, and existing domains', () => {
    const areas = new Set(CATALOG.monsters.map((m) => m.area));
    for (const [kind, setup] of Object.entries(SETUPS)) {
      expect(
        setup.areas.every((a) => areas.has(a)),
        kind,
      ).toBe(true);
      for (const slot of CATALOG.slots.filter((s) => s.names.length === 2))
        expect(
          slot.names.filter((n) => setup.citizens.includes(n)),
          `${kind} ${slot.label}`,
        ).toHaveLength(1);
      for (const name of setup.removedDomains) expect(domain(name), name).toBeDefined();
    }
  });
});

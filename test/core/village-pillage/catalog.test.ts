import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARD_TYPES, CATALOG, effectsAgainst } from '../../../core/games/village-pillage/catalog/index.js';
import { Catalog } from '../../../core/games/village-pillage/catalog/schema.js';

const json = JSON.parse(readFileSync(new URL('../../../core/games/village-pillage/catalog/cards.json', import.meta.url), 'utf8'));

describe('Village Pillage catalog', () => {
  it('holds the 4 starting cards and 20 Market cards, every card checked by its schema', () => {
    // The engine reads the JSON as it is, so the schema must accept it unchanged.
    expect(Catalog.parse(json)).toEqual(CATALOG);
    expect(CATALOG.starting.map((c) => c.name)).toEqual(['Farmer', 'Wall', 'Raider', 'Merchant']);
    expect(CATALOG.market).toHaveLength(20);
    // Stronger or stranger variants of the four types, five of each.
    for (const type of CARD_TYPES) expect(CATALOG.market.filter((c) => c.type === type)).toHaveLength(5);
  });

  it('records provenance: the Wall, Raider and Merchant from the rules (the Merchant price designed), the rest designed', () => {
    const provenance = Object.fromEntries([...CATALOG.starting, ...CATALOG.market].map((c) => [c.name, [c.provenance, c.designedFacts]]));
    expect(provenance.Wall).toEqual(['source', []]);
    expect(provenance.Raider).toEqual(['source', []]);
    expect(provenance.Merchant).toEqual(['source', ['cardPrice']]);
    expect(provenance.Farmer).toEqual(['designed', []]);
    for (const card of CATALOG.market) expect(card.provenance).toBe('designed');
  });

  it('states the facts readable in the rules exactly', () => {
    // The Wall: against a Raider STEAL 1 from it and BANK 1; against a Farmer, Wall or Merchant GAIN 1 and BANK 1 (VP-R2).
    expect(effectsAgainst('Wall', 'Raider')).toEqual([
      { kind: 'steal', amount: 1, from: 'stockpile' },
      { kind: 'bank', amount: 1 },
    ]);
    for (const type of ['Farmer', 'Wall', 'Merchant'] as const)
      expect(effectsAgainst('Wall', type)).toEqual([
        { kind: 'gain', amount: 1 },
        { kind: 'bank', amount: 1 },
      ]);
    // The Raider: against a Farmer or Merchant STEAL 4; against a Wall or Raider nothing.
    for (const type of ['Farmer', 'Merchant'] as const) expect(effectsAgainst('Raider', type)).toEqual([{ kind: 'steal', amount: 4, from: 'stockpile' }]);
    for (const type of ['Wall', 'Raider'] as const) expect(effectsAgainst('Raider', type)).toEqual([]);
    // The Merchant: BUY RELIC, else BUY CARD at its printed price, against every type.
    for (const type of CARD_TYPES)
      expect(effectsAgainst('Merchant', type)).toEqual([{ kind: 'buy', relic: true, relicDiscount: 0, cardPrice: expect.any(Number) }]);
  });

  it('has designed EXHAUST cards and cards that reach into the Bank', () => {
    expect(CATALOG.market.filter((c) => c.exhaust).length).toBeGreaterThanOrEqual(3);
    const reachesBank = CATALOG.market.filter((c) => Object.values(c.against).some((effects) => effects.some((e) => e.kind === 'steal' && e.from === 'bank')));
    expect(reachesBank.length).toBeGreaterThanOrEqual(3);
  });

  it('rejects malformed cards: effects out of order, a BUY off a Merchant, a wrong count', () => {
    const withCard = (index: number, card: unknown) => ({ ...json, market: json.market.map((c: unknown, i: number) => (i === index ? card : c)) });
    const wall = json.market.find((c: { type: string }) => c.type === 'Wall');
    const index = json.market.indexOf(wall);
    expect(
      Catalog.safeParse(
        withCard(index, {
          ...wall,
          against: {
            Raider: [
              { kind: 'bank', amount: 1 },
              { kind: 'gain', amount: 1 },
            ],
          },
        }),
      ).success,
    ).toBe(false);
    expect(Catalog.safeParse(withCard(index, { ...wall, against: { Raider: [{ kind: 'buy', relic: true, relicDiscount: 0, cardPrice: 2 }] } })).success).toBe(
      false,
    );
    expect(Catalog.safeParse({ ...json, market: json.market.slice(1) }).success).toBe(false);
    expect(Catalog.safeParse(withCard(index, { ...wall, name: 'Farmer' })).success).toBe(false);
  });
});

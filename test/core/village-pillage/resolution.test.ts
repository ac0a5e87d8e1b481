import { describe, expect, it } from 'vitest';
import { Rng, rngStateFromSeed } from '../../../core/engine/index.js';
import { effectsAgainst, type CardType } from '../../../core/games/village-pillage/catalog/index.js';
import { splitSteal } from '../../../core/games/village-pillage/steal.js';
import { edit, move, newGame, ofType, player, playRound, sides, timeout, withPlayer } from './helpers.js';

/** The designed BUY of a Merchant card (the same against every type). */
function buyOf(card: string) {
  const buy = effectsAgainst(card, 'Wall').find((e) => e.kind === 'buy');
  if (buy?.kind !== 'buy') throw new Error(`${card} does not buy`);
  return buy;
}

/** A designed number read from the catalog, so these tests follow the design's tuning. */
function amount(card: string, against: CardType, kind: 'gain' | 'steal' | 'bank'): number {
  return effectsAgainst(card, against).reduce((n, e) => n + (e.kind === kind ? e.amount : 0), 0);
}

describe('Village Pillage resolution', () => {
  it('resolves one type simultaneously: a turnip stolen in a step cannot be stolen again in it (Nicole, Tania and Tom)', () => {
    // Nicole (0) has 1 turnip. Tania's (2) Raider steals from Nicole while Nicole's Raider steals from Tom (1).
    const start = withPlayer(newGame(3), 0, { stockpile: 1 });
    const { events } = playRound(start, [sides('Raider', 'Merchant'), sides('Wall', 'Farmer'), sides('Raider', 'Wall')]);
    const stolen = ofType(events, 'stolen').map(({ seat, from, amount: n }) => ({ seat, from, n }));
    const tomHad = 1 + amount('Farmer', 'Raider', 'gain') + amount('Wall', 'Wall', 'gain') - amount('Wall', 'Wall', 'bank');
    expect(stolen).toEqual([
      { seat: 0, from: 1, n: Math.min(4, tomHad) },
      { seat: 2, from: 0, n: 1 },
    ]);
  });

  it('resolves types in the order Farmer, Wall, Raider, Merchant, and GAIN, STEAL, BANK, BUY within a type', () => {
    const { events } = playRound(newGame(3), [sides('Farmer', 'Wall'), sides('Raider', 'Merchant'), sides('Wall', 'Farmer')]);
    const order = events
      .filter((e) => ['gained', 'stolen', 'banked', 'buys-ordered'].includes(e.type))
      .map((e) => ('card' in e ? `${e.type}:${e.card}` : e.type));
    // Both Farmers gain (against a Merchant, against a Raider); the two Walls face each other; the Raider robs seat 2's Farmer.
    expect(order).toEqual(['gained:Farmer', 'gained:Farmer', 'gained:Wall', 'gained:Wall', 'banked:Wall', 'banked:Wall', 'stolen:Raider', 'buys-ordered']);
  });

  describe('split steals', () => {
    it('two thieves on a short Stockpile split it evenly, the remainder to the higher STEAL', () => {
      // Seat 0 plays two Farmers; seat 1's Raider (STEAL 4) and seat 2's Burglar (STEAL 3) both rob it.
      let start = withPlayer(newGame(3), 0, { give: ['Orchardist'] });
      start = withPlayer(start, 2, { give: ['Burglar'] });
      const gains = amount('Farmer', 'Raider', 'gain') + amount('Orchardist', 'Raider', 'gain');
      start = withPlayer(start, 0, { stockpile: 5 - gains });
      const { events } = playRound(start, [sides('Farmer', 'Orchardist'), sides('Wall', 'Raider'), sides('Burglar', 'Wall')]);
      const fromZero = ofType(events, 'stolen').filter((e) => e.from === 0);
      expect(fromZero.map((e) => [e.card, e.amount])).toEqual([
        ['Raider', 3],
        ['Burglar', 2],
      ]);
    });

    it('splits evenly, caps each share at its STEAL, gives the remainder to the higher STEAL, and flips a coin between equal ones', () => {
      const rng = new Rng(rngStateFromSeed('split'));
      expect(splitSteal([4, 4], 9, rng)).toEqual([4, 4]);
      expect(splitSteal([4, 3], 5, rng)).toEqual([3, 2]);
      expect(splitSteal([1, 4], 3, rng)).toEqual([1, 2]);
      expect(splitSteal([3, 4], 0, rng)).toEqual([0, 0]);
      const lucky = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const shares = splitSteal([4, 4], 5, new Rng(rngStateFromSeed(`flip-${i}`)));
        expect(shares[0]! + shares[1]!).toBe(5);
        lucky.add(JSON.stringify(shares));
      }
      expect([...lucky].sort()).toEqual(['[2,3]', '[3,2]']);
    });

    it('draws no coin when the remainder goes to the higher STEAL', () => {
      const rng = new Rng(rngStateFromSeed('no-flip'));
      const before = rng.state;
      expect(splitSteal([4, 2, 2], 4, rng)).toEqual([2, 1, 1]);
      expect(rng.state).toEqual(before);
    });
  });

  describe('BUY order and mandatory purchases', () => {
    // Seat 0: Merchant toward seat 1; seat 1: Merchant toward seat 2; seat 2 plays Walls and Farmers only.
    const buyers = [sides('Merchant', 'Wall'), sides('Merchant', 'Wall'), sides('Wall', 'Farmer')];
    /** A seat left with 1 turnip (its Wall's GAIN) at the BUY step: it buys first and can pay nothing. */
    const broke = (state: ReturnType<typeof newGame>, seat: number) => withPlayer(state, seat, { stockpile: 0, bank: 0 });

    it('buyers go fewest turnips first', () => {
      let start = withPlayer(newGame(3), 0, { stockpile: 5 });
      start = withPlayer(start, 1, { stockpile: 2 });
      const { state, events } = playRound(start, buyers);
      expect(ofType(events, 'buys-ordered')[0]?.tasks.map((t) => t.seat)).toEqual([1, 0]);
      expect(state.pending).toMatchObject({ kind: 'decision', step: 'market-card', seat: 1 });
      const afterFirst = move(state, 1, { type: 'take-card', card: state.market.row[2] as string });
      expect(afterFirst.state.pending).toMatchObject({ kind: 'decision', step: 'market-card', seat: 0 });
    });

    it('equal turnips: a coin flip orders the buyers', () => {
      const firsts = new Set<number>();
      for (let i = 0; i < 30; i++) {
        let start = withPlayer(newGame(3, `tie-${i}`), 0, { stockpile: 3 });
        // Seat 1's Wall gains 1 against seat 0's Merchant; seat 0's Wall gains 1 against seat 2's Wall: equal again.
        start = withPlayer(start, 1, { stockpile: 3 });
        const { events } = playRound(start, buyers);
        firsts.add(ofType(events, 'buys-ordered')[0]?.tasks[0]?.seat as number);
      }
      expect([...firsts].sort()).toEqual([0, 1]);
    });

    it('a Merchant buys the next relic when affordable, paying from the Stockpile first', () => {
      const start = broke(withPlayer(newGame(3), 0, { stockpile: 6, bank: 1 }), 1);
      // Seat 0's Wall gains 1 and banks 1 against seat 2's Wall: Stockpile 6, Bank 2 when the Merchant buys.
      const { state, events } = playRound(start, buyers);
      expect(ofType(events, 'relic-bought').filter((e) => e.seat === 0)).toEqual([
        { type: 'relic-bought', seat: 0, card: 'Merchant', relic: 'Sceptre', paid: { stockpile: 6, bank: 2 } },
      ]);
      expect(player(state, 0)).toMatchObject({ stockpile: 0, bank: 0, relics: ['Sceptre'] });
    });

    it('a Merchant that cannot pay a relic must buy a card, refilled in place from the deck; the timeout takes the leftmost', () => {
      const start = broke(withPlayer(newGame(3), 1, { stockpile: 4 }), 0);
      const { state } = playRound(start, buyers);
      expect(state.pending).toMatchObject({ step: 'market-card', seat: 1 });
      const [leftmost] = state.market.row;
      const top = state.market.deck[0];
      const after = timeout(state);
      const bought = ofType(after.events, 'card-bought')[0];
      expect(bought).toMatchObject({ seat: 1, bought: leftmost, refill: top, paid: { stockpile: buyOf('Merchant').cardPrice, bank: 0 } });
      expect(after.state.market.row[0]).toBe(top);
      expect(player(after.state, 1).hand).toContain(leftmost);
    });

    it('a Merchant that can pay nothing buys nothing; with the Market empty a card purchase does nothing', () => {
      const poor = playRound(withPlayer(newGame(3), 1, { stockpile: 0, bank: 0 }), buyers);
      expect(ofType(poor.events, 'buy-skipped')).toContainEqual({ type: 'buy-skipped', seat: 1, card: 'Merchant', reason: 'cannot-pay' });
      const empty = edit(broke(withPlayer(newGame(3), 1, { stockpile: 5 }), 0), (s) => {
        s.market = { deck: [], row: [] };
      });
      const { events } = playRound(empty, buyers);
      expect(ofType(events, 'buy-skipped')).toContainEqual({ type: 'buy-skipped', seat: 1, card: 'Merchant', reason: 'market-empty' });
    });

    it('with a single face-up card the purchase needs no decision', () => {
      const one = edit(broke(withPlayer(newGame(3), 1, { stockpile: 4 }), 0), (s) => {
        s.market = { deck: [], row: [s.market.row[0] as string] };
      });
      const { state, events } = playRound(one, buyers);
      expect(ofType(events, 'card-bought')[0]).toMatchObject({ seat: 1, refill: null });
      expect(state.market.row).toEqual([]);
    });

    it('a player with two different Merchants chooses their order (VP-R4); the timeout resolves the left one first', () => {
      // Seat 0: Merchant left, Royal Envoy right; both face Walls. Exactly the Envoy's relic price at the BUY step.
      const envoyPrice = 8 - buyOf('Royal Envoy').relicDiscount;
      const start = withPlayer(newGame(3), 0, { stockpile: envoyPrice - 1, bank: 1, give: ['Royal Envoy'] });
      const plans = [sides('Merchant', 'Royal Envoy'), sides('Farmer', 'Wall'), sides('Wall', 'Farmer')];
      const { state } = playRound(start, plans);
      expect(state.pending).toMatchObject({ kind: 'decision', step: 'merchant-order', seat: 0 });
      // The Envoy first: a relic at its discounted price; then the Merchant cannot pay a card.
      const envoyFirst = move(state, 0, { type: 'order-merchants', first: 'right' });
      expect(ofType(envoyFirst.events, 'relic-bought')).toMatchObject([{ card: 'Royal Envoy', paid: { stockpile: envoyPrice - 1, bank: 1 } }]);
      expect(ofType(envoyFirst.events, 'buy-skipped')).toMatchObject([{ card: 'Merchant', reason: 'cannot-pay' }]);
      // Default: the Merchant first cannot pay a relic (8), so it buys a card; the Envoy then cannot pay its relic.
      const byDefault = timeout(state);
      expect(byDefault.state.pending).toMatchObject({ step: 'market-card', seat: 0 });
      const rest = timeout(byDefault.state);
      expect(ofType(rest.events, 'buy-skipped')).toMatchObject([{ card: 'Royal Envoy', reason: 'cannot-pay' }]);
    });

    it('two Merchants with the same BUY need no decision', () => {
      const start = withPlayer(newGame(3), 0, { stockpile: 1, give: ['Tax Collector'] });
      const { state, events } = playRound(start, [sides('Merchant', 'Tax Collector'), sides('Farmer', 'Wall'), sides('Wall', 'Farmer')]);
      expect(ofType(events, 'merchants-ordered')).toEqual([]);
      expect(state.pending?.step).not.toBe('merchant-order');
    });
  });

  describe('the Bank', () => {
    it('BANK stops at the capacity: 5, or 4 in the Duel', () => {
      const full = withPlayer(newGame(3), 0, { stockpile: 3, bank: 4, give: ['Watchtower'] });
      const { events } = playRound(full, [sides('Watchtower', 'Farmer'), sides('Farmer', 'Wall'), sides('Wall', 'Farmer')]);
      expect(ofType(events, 'banked').filter((e) => e.seat === 0)).toMatchObject([{ card: 'Watchtower', amount: 1 }]);
      const duel = withPlayer(newGame(2), 0, { stockpile: 3, bank: 3 });
      let state = move(duel, 0, { type: 'queue', front: 'Wall', back: 'Farmer' }).state;
      const round = move(state, 1, { type: 'queue', front: 'Wall', back: 'Farmer' });
      state = round.state;
      expect(ofType(round.events, 'banked').filter((e) => e.seat === 0)).toMatchObject([{ amount: 1 }]);
      expect(player(state, 0).bank).toBe(4);
    });

    it('banked turnips cannot be stolen, except by a card that reaches into the Bank', () => {
      const safe = withPlayer(newGame(3), 0, { stockpile: 0, bank: 5 });
      // Seat 1's Raider faces seat 0's Merchant, which has nothing in its Stockpile.
      const raid = playRound(safe, [sides('Merchant', 'Raider'), sides('Farmer', 'Raider'), sides('Wall', 'Farmer')]);
      expect(ofType(raid.events, 'stolen').filter((e) => e.from === 0)).toEqual([]);
      const burgled = withPlayer(withPlayer(newGame(3), 0, { stockpile: 0, bank: 5 }), 1, { give: ['Burglar'] });
      const { events } = playRound(burgled, [sides('Wall', 'Farmer'), sides('Farmer', 'Burglar'), sides('Wall', 'Farmer')]);
      // Seat 0's Wall is on its left, facing seat 1: the Burglar reaches past it into the Bank.
      expect(ofType(events, 'stolen').filter((e) => e.from === 0)).toEqual([
        { type: 'stolen', seat: 1, card: 'Burglar', from: 0, pool: 'bank', amount: amount('Burglar', 'Wall', 'steal') },
      ]);
    });
  });

  it('an exhausted card skips one Refresh: out of hand for the next round, back after it', () => {
    const start = withPlayer(newGame(3), 0, { give: ['Harvester'] });
    const plans = [sides('Harvester', 'Wall'), sides('Farmer', 'Wall'), sides('Wall', 'Farmer')];
    const first = playRound(start, plans).state;
    expect(player(first, 0).exhausted).toEqual(['Harvester']);
    expect(player(first, 0).hand).not.toContain('Harvester');
    expect(player(first, 0).hand).toContain('Wall');
    const second = playRound(first, [sides('Farmer', 'Wall'), sides('Farmer', 'Wall'), sides('Wall', 'Farmer')]).state;
    expect(player(second, 0).exhausted).toEqual([]);
    expect(player(second, 0).hand).toContain('Harvester');
  });

  describe('the end', () => {
    // Seats 0 and 1 each hold two relics; both Merchants buy at once.
    const finale = (stock0: number, stock1: number, extraCardFor1 = false) => {
      let start = withPlayer(newGame(3), 0, { stockpile: stock0, bank: 0, relics: ['Sceptre', 'Throne'] });
      start = withPlayer(start, 1, { stockpile: stock1, bank: 0, relics: ['Crown', 'Sceptre'], give: extraCardFor1 ? ['Peddler'] : [] });
      return playRound(start, [sides('Merchant', 'Wall'), sides('Merchant', 'Wall'), sides('Wall', 'Farmer')]);
    };

    it('the first to own 3 relics wins at once: no Refresh, no new round', () => {
      const { state, events } = finale(12, 0);
      expect(state.finished).toBe(true);
      expect(state.winners).toEqual([0]);
      expect(state.pending).toBeNull();
      expect(ofType(events, 'round-refreshed')).toEqual([]);
      expect(events.at(-1)).toEqual({ type: 'seed-revealed', seed: 'vp-test' });
      expect(player(state, 0).relics).toEqual(['Sceptre', 'Throne', 'Crown']);
    });

    it('several third relics at once: most turnips win', () => {
      expect(finale(12, 13).state.winners).toEqual([1]);
    });

    it('then most cards in hand', () => {
      expect(finale(12, 12, true).state.winners).toEqual([1]);
    });

    it('then a shared victory', () => {
      expect(finale(12, 12).state.winners).toEqual([0, 1]);
    });

    it('VP-R1: the relic bought is a kind the buyer does not own yet', () => {
      const { state } = finale(12, 12);
      for (const seat of [0, 1]) expect(new Set(player(state, seat).relics).size).toBe(3);
    });
  });
});

import data from './cards.json' with { type: 'json' };
import type { Card, CardType, Catalog, Effect } from './schema.js';

export type * from './schema.js';
export * from './vocabulary.js';

/**
 * The catalog of record, every field written out. The catalog test checks it
 * against its schema (schema.ts); it is not parsed here because building and
 * running those schemas would cost every cold start of the service tens of
 * milliseconds for data that never changes at run time.
 */
export const CATALOG = data as Catalog;

/**
 * Cards are named by their catalog name: every player's starting cards share
 * the four starting names (each player owns one of each), and every Market
 * card exists once, so a name is unambiguous inside one player's cards.
 */
export type CardId = string;

const CARDS: ReadonlyMap<CardId, Card> = new Map([...CATALOG.starting, ...CATALOG.market].map((card) => [card.name, card]));

export function card(id: CardId): Card {
  const found = CARDS.get(id);
  if (!found) throw new Error(`Unknown Village Pillage card ${id}`);
  return found;
}

export const isCard = (id: string): boolean => CARDS.has(id);

/** What `id` does when the faced neighbour played a card of type `opposing` toward it (none: nothing). */
export function effectsAgainst(id: CardId, opposing: CardType): readonly Effect[] {
  return card(id).against[opposing] ?? [];
}

/**
 * The four starting cards. VP-R2: the source's icons are lost; the starting
 * Wall's row in cards.json (against a Raider STEAL 1 and BANK 1, otherwise
 * GAIN 1 and BANK 1) is the card the source describes as protecting against
 * Raiders.
 */
export const STARTING_HAND: readonly CardId[] = CATALOG.starting.map((c) => c.name);
export const MARKET_CARDS: readonly CardId[] = CATALOG.market.map((c) => c.name);

import * as z from 'zod';
import { CARD_TYPES, EFFECT_ORDER } from './vocabulary.js';

/**
 * Shapes of the Village Pillage catalog. A card is an effect table keyed by
 * the type of the card the faced neighbour played toward it; a type missing
 * from the table means "no effect against that type".
 */
export const CardType = z.enum(CARD_TYPES);
export type CardType = z.infer<typeof CardType>;

export type EffectKind = (typeof EFFECT_ORDER)[number];

const amount = z.number().int().min(1);

/** GAIN n: from the supply into your Stockpile. */
const Gain = z.strictObject({ kind: z.literal('gain'), amount });
/** STEAL n from the faced neighbour's Stockpile, or from their Bank where a card says so. */
const Steal = z.strictObject({ kind: z.literal('steal'), amount, from: z.enum(['stockpile', 'bank']) });
/** BANK n: from your Stockpile into your Bank, up to its capacity. */
const Bank = z.strictObject({ kind: z.literal('bank'), amount });
/**
 * BUY: your next relic if `relic` and you can pay (its price less `relicDiscount`),
 * else a Market card at `cardPrice` if the card has one and you can pay it.
 */
const Buy = z
  .strictObject({
    kind: z.literal('buy'),
    relic: z.boolean(),
    relicDiscount: z.number().int().min(0),
    cardPrice: z.number().int().min(0).nullable(),
  })
  .refine((b) => b.relic || b.cardPrice !== null, 'a buy buys something');

export const Effect = z.discriminatedUnion('kind', [Gain, Steal, Bank, Buy]);
export type Effect = z.infer<typeof Effect>;
export type BuyEffect = Extract<Effect, { kind: 'buy' }>;

/** Effects of one matchup, listed in the order they apply (GAIN, STEAL, BANK, BUY). */
const Effects = z
  .array(Effect)
  .min(1)
  .refine(
    (effects) => effects.every((e, i) => i === 0 || EFFECT_ORDER.indexOf(effects[i - 1]!.kind) <= EFFECT_ORDER.indexOf(e.kind)),
    'effects are listed in the order GAIN, STEAL, BANK, BUY',
  )
  .refine((effects) => effects.filter((e) => e.kind === 'buy').length <= 1, 'at most one BUY per matchup');

export const Card = z
  .strictObject({
    name: z.string().min(1),
    type: CardType,
    /** EXHAUST: after resolving it skips one Refresh before returning to hand. */
    exhaust: z.boolean(),
    against: z.partialRecord(CardType, Effects),
    /** `source`: the rules of record fix this card's effects; `designed`: this service's design. */
    provenance: z.enum(['source', 'designed']),
    /** On a `source` card, the numbers the rules leave unreadable and this service designed. */
    designedFacts: z.array(z.string()),
  })
  .refine((card) => card.type === 'Merchant' || Object.values(card.against).every((effects) => effects.every((e) => e.kind !== 'buy')), 'only Merchants buy')
  .refine((card) => card.provenance === 'source' || card.designedFacts.length === 0, 'designedFacts belong on source cards');
export type Card = z.infer<typeof Card>;

export const Catalog = z
  .strictObject({
    /** One of each per player: their starting hand. */
    starting: z.array(Card).length(4),
    /** The 20 Market cards, each a single copy. */
    market: z.array(Card).length(20),
  })
  .refine((c) => CARD_TYPES.every((type) => c.starting.filter((card) => card.type === type).length === 1), 'one starting card of each type')
  .refine((c) => new Set([...c.starting, ...c.market].map((card) => card.name)).size === 24, 'card names are unique');
export type Catalog = z.infer<typeof Catalog>;

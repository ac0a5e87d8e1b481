import * as z from 'zod';

const buildingId = z.string().regex(/^b\d{1,3}$/);
const villageCardId = z.string().regex(/^[ab]\d{1,3}$/);
const adventurerId = z.string().regex(/^a\d{1,3}$/);
const seat = z.number().int().min(0).max(4);
const pile = z.number().int().min(0).max(4);

/** A discard lands face up on a pile of the discarder's choice (solo: no pile, the card leaves the game). */
export const DiscardChoice = z.strictObject({ card: buildingId, pile: pile.optional() });
export type DiscardChoice = z.infer<typeof DiscardChoice>;

/**
 * One unit of a Build's cost: a free coin on your Castle (Wild, owner only),
 * a coin on a Resource (yours or another player's), a resource power, or the
 * Fountain-shaped power with its two discards.
 */
export const PaymentUnit = z.discriminatedUnion('use', [
  z.strictObject({ use: z.literal('castle') }),
  z.strictObject({ use: z.literal('resource'), seat, card: buildingId }),
  z.strictObject({ use: z.literal('power'), card: villageCardId }),
  z.strictObject({
    use: z.literal('fountain'),
    card: villageCardId,
    discards: z.array(DiscardChoice).min(2).max(2),
  }),
]);
export type PaymentUnit = z.infer<typeof PaymentUnit>;

/**
 * Every move of the game. The five actions are the same move whether led (on
 * your turn) or followed (in your follow window); the pending step says which.
 * VV-R8: every choice is part of a move, and each draw is a move of its own,
 * so a choice that depends on a card just drawn waits for the next move.
 */
export const VvMove = z.discriminatedUnion('type', [
  /** VV-R9: the free develop of the setup round. */
  z.strictObject({ type: z.literal('setup-develop'), card: buildingId }),
  z.strictObject({ type: z.literal('harvest') }),
  /** Develop: the hand card to put under the Castle; the discards that pay for it follow as decisions. */
  z.strictObject({ type: z.literal('develop'), card: buildingId }),
  /** Build: an explicit payment or "auto" (the engine's payment finder). */
  z.strictObject({ type: z.literal('build'), card: buildingId, payment: z.union([z.literal('auto'), z.array(PaymentUnit).min(1).max(4)]) }),
  z.strictObject({ type: z.literal('recruit'), adventurer: adventurerId }),
  z.strictObject({ type: z.literal('tax') }),
  /** VV-R6: let a follow window pass. */
  z.strictObject({ type: z.literal('decline') }),
  /** One draw: the top of a pile or of the deck. */
  z.strictObject({ type: z.literal('draw'), from: z.union([z.literal('deck'), pile]) }),
  /** One discard, for an action's or a power's cost, or for the hand limit. */
  z.strictObject({ type: z.literal('discard'), card: buildingId, pile: pile.optional() }),
  /** Use one power after the base action; `target` names the opponent of a steal. */
  z.strictObject({ type: z.literal('power'), card: villageCardId, target: seat.optional() }),
  /** Decline the remaining powers of this action. */
  z.strictObject({ type: z.literal('end-powers') }),
]);
export type VvMove = z.infer<typeof VvMove>;
export type BuildPayment = Extract<VvMove, { type: 'build' }>['payment'];

import * as z from 'zod';

const cardName = z.string().min(1).max(60);

/** Every move a seat can send, validated by the kit before the rules see it. */
export const VpMove = z.discriminatedUnion('type', [
  /** 3-5 players: one hand card toward each neighbour. */
  z.strictObject({ type: z.literal('plan'), left: cardName, right: cardName }),
  /** Duel, first round: two hand cards face down, front then back. */
  z.strictObject({ type: z.literal('queue'), front: cardName, back: cardName }),
  /** Duel, later rounds: one hand card behind the queued one. */
  z.strictObject({ type: z.literal('enqueue'), card: cardName }),
  /** BUY CARD decision: the face-up Market card to take (VP-R4). */
  z.strictObject({ type: z.literal('take-card'), card: cardName }),
  /** Two Merchants: which of them buys first (VP-R4). */
  z.strictObject({ type: z.literal('order-merchants'), first: z.enum(['left', 'right']) }),
]);
export type VpMove = z.infer<typeof VpMove>;

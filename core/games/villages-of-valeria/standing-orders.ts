import * as z from 'zod';
import { legalByStep, type StandingOrders } from '../../engine/index.js';
import type { VvMove } from './moves.js';
import type { VvState } from './state.js';
import { STEPS } from './steps.js';

/**
 * Standing follow orders: how a player answers, in advance, the follow
 * windows of other players' actions (VV-R6), so an asynchronous round does
 * not wait a day for each follower. Per led action: `decline`, or — for
 * Harvest and Tax, whose follow needs no choice but where to draw — follow
 * and draw from the deck or a pile. Choices the orders do not cover (power
 * use, the hand limit, a draw source that has run out) stay the player's.
 */
const DrawFrom = z.union([z.literal('deck'), z.number().int().min(0).max(4)]);
const FollowAndDraw = z.strictObject({ follow: z.literal(true), drawFrom: DrawFrom.default('deck') });

export const VvStandingOrders = z
  .strictObject({
    harvest: z.union([z.literal('decline'), FollowAndDraw]).optional(),
    tax: z.union([z.literal('decline'), FollowAndDraw]).optional(),
    develop: z.literal('decline').optional(),
    build: z.literal('decline').optional(),
    recruit: z.literal('decline').optional(),
  })
  .describe('e.g. {"tax": "decline", "harvest": {"follow": true, "drawFrom": "deck"}}');
export type VvStandingOrders = z.infer<typeof VvStandingOrders>;

const isListed = (state: VvState, seat: number, move: VvMove) => legalByStep(STEPS, state, seat).some((m) => JSON.stringify(m) === JSON.stringify(move));

function answer(state: VvState, seat: number, orders: VvStandingOrders): VvMove | null {
  const pending = state.pending;
  const led = state.flow.led;
  if (!pending || pending.kind === 'simultaneous' || pending.seat !== seat || !led) return null;
  const order = orders[led];
  if (order === undefined) return null;
  if (pending.step === 'follow') {
    // Only Harvest and Tax orders can say "follow" (the schema allows no other).
    const move: VvMove | null = order === 'decline' ? { type: 'decline' } : led === 'harvest' || led === 'tax' ? { type: led } : null;
    return move && isListed(state, seat, move) ? move : null;
  }
  // The draws of a follow these orders started.
  const activity = state.flow.activity;
  if (pending.step === 'draw' && order !== 'decline' && activity?.seat === seat && activity.role === 'follow') {
    const move: VvMove = { type: 'draw', from: order.drawFrom };
    return isListed(state, seat, move) ? move : null;
  }
  return null;
}

export const vvStandingOrders: StandingOrders<VvState, VvMove, VvStandingOrders> = { schema: VvStandingOrders, answer };

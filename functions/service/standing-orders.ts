import type { GameHeader, PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { ServiceError } from './errors.js';
import { engineOf, replayableListing, seatOf } from './live-game.js';
import { RETRY, settle, withFreshGame } from './pipeline.js';

export interface StandingOrdersAnswer {
  readonly gameId: string;
  readonly seat: number;
  /** Null when none are set. */
  readonly orders: unknown;
}

async function seatedHeader(ctx: ServiceContext, player: PlayerRecord, gameId: string): Promise<{ header: GameHeader; seat: number }> {
  const header = await ctx.store.getHeader(gameId);
  if (!header) throw new ServiceError(404, 'game-not-found', `No game with id ${gameId}.`);
  replayableListing(ctx.games, header);
  const seat = seatOf(header, player.playerId);
  if (seat === null) throw new ServiceError(403, 'not-seated', 'Only a seated player has standing orders in a game.');
  return { header, seat };
}

/** Your standing orders in a game (private: nobody else sees them). */
export async function readStandingOrders(ctx: ServiceContext, player: PlayerRecord, gameId: string): Promise<StandingOrdersAnswer> {
  const { header, seat } = await seatedHeader(ctx, player, gameId);
  return { gameId, seat, orders: header.standingOrders?.[String(seat)] ?? null };
}

/**
 * Sets (or with null, clears) your standing orders. They answer your windows
 * the moment they open — including one open right now.
 */
export async function writeStandingOrders(ctx: ServiceContext, player: PlayerRecord, gameId: string, orders: unknown): Promise<StandingOrdersAnswer> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const { header, seat } = await seatedHeader(ctx, player, gameId);
    if (header.status === 'finished') throw new ServiceError(409, 'game-finished', 'The game is over; standing orders no longer answer anything.');
    const schema = (await engineOf(ctx.games, header)).standingOrders?.schema;
    if (!schema) throw new ServiceError(422, 'no-standing-orders', `${header.game} has no standing orders.`);
    let value: unknown = null;
    if (orders !== null) {
      const parsed = schema.safeParse(orders);
      if (!parsed.success)
        throw new ServiceError(422, 'invalid-standing-orders', 'These standing orders do not fit this game.', {
          errors: parsed.error.issues.map((i) => ({ path: ['orders', ...i.path].join('.'), message: i.message })),
        });
      value = parsed.data;
    }
    const { [String(seat)]: _previous, ...others } = header.standingOrders ?? {};
    const next: GameHeader = { ...header, standingOrders: value === null ? others : { ...others, [String(seat)]: value }, revision: header.revision + 1 };
    if (!(await ctx.store.replaceHeader(next, header.revision))) continue;
    if (next.status === 'active') await withFreshGame(ctx, gameId, async (live) => ((await settle(ctx, live)) === RETRY ? RETRY : undefined));
    return { gameId, seat, orders: value };
  }
  throw new ServiceError(409, 'contention', 'The game changed while your orders were saved; send them again.');
}

import type { GameHeader, PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { engineOf, replayableListing, seatOf } from './live-game.js';
import { readHeader, RETRY, settle, untilWon, withFreshGame } from './pipeline.js';

export interface StandingOrdersAnswer {
  readonly gameId: string;
  readonly seat: number;
  /** Null when none are set. */
  readonly orders: unknown;
}

async function seatedHeader(ctx: ServiceContext, player: PlayerRecord, gameId: string): Promise<{ header: GameHeader; seat: number }> {
  const header = await readHeader(ctx, gameId);
  replayableListing(ctx.games, header);
  const seat = seatOf(header, player.playerId);
  if (seat === null) throw fail('not-seated', { to: 'keep standing orders' });
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
export function writeStandingOrders(ctx: ServiceContext, player: PlayerRecord, gameId: string, orders: unknown): Promise<StandingOrdersAnswer> {
  return untilWon('standing orders', 6, async () => {
    const { header, seat } = await seatedHeader(ctx, player, gameId);
    if (header.status === 'finished') throw fail('game-finished', { to: 'keep standing orders' });
    const schema = (await engineOf(ctx.games, header)).standingOrders?.schema;
    if (!schema) throw fail('no-standing-orders', { game: header.game });
    let value: unknown = null;
    if (orders !== null) {
      const parsed = schema.safeParse(orders);
      if (!parsed.success)
        throw fail('invalid-standing-orders', { errors: parsed.error.issues.map((i) => ({ path: ['orders', ...i.path].join('.'), message: i.message })) });
      value = parsed.data;
    }
    const { [String(seat)]: _previous, ...others } = header.standingOrders ?? {};
    const next: GameHeader = { ...header, standingOrders: value === null ? others : { ...others, [String(seat)]: value }, revision: header.revision + 1 };
    if (!(await ctx.store.replaceHeader(next, header.revision))) return RETRY;
    if (next.status === 'active') await withFreshGame(ctx, gameId, async (live) => ((await settle(ctx, live)) === RETRY ? RETRY : undefined));
    return { gameId, seat, orders: value };
  });
}

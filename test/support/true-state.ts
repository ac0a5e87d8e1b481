import { applyInPlace, type AnyGameEngine, type BaseState, type LoggedEvent } from '../../core/engine/index.js';
import { tableGame, type TableGame } from '../../core/table/index.js';
import type { ServiceContext } from '../../functions/service/context.js';

/**
 * A game's true, unredacted state, folded here from its stored log as the game
 * goes: what the privacy checks judge each response against.
 */
export class TrueState<S extends BaseState> {
  private folded = 0;

  private constructor(
    private readonly ctx: ServiceContext,
    private readonly gameId: string,
    private readonly engine: TableGame,
    readonly state: S,
  ) {}

  static async of<S extends BaseState>(ctx: ServiceContext, gameId: string, engine: AnyGameEngine): Promise<TrueState<S>> {
    const header = await ctx.store.getHeader(gameId);
    if (!header?.startedAt) throw new Error(`game ${gameId} has not started`);
    const game = tableGame(engine);
    const state = game.setup({
      seats: header.seats.length,
      options: header.options,
      deadlines: header.deadlines,
      seed: header.seed,
      at: header.startedAt,
    }) as S;
    return new TrueState(ctx, gameId, game, state);
  }

  /** Folds every commit made since the last call; `onEvent` sees each event as it is folded. */
  async catchUp(onEvent: (event: LoggedEvent, seq: number) => void = () => {}): Promise<S> {
    for (const commit of await this.ctx.store.readCommits(this.gameId, this.folded, 1000)) {
      for (const event of commit.events as LoggedEvent[]) {
        onEvent(event, commit.seq);
        applyInPlace(this.engine, this.state, event);
      }
      this.folded = commit.seq;
    }
    return this.state;
  }
}

import type { ServiceContext } from '../../service/context.js';
import { foldCommit, summarize, type LiveGame } from '../../service/live-game.js';
import { loadLive } from '../../service/pipeline.js';
import type { Commit, CommitSummary, GameHeader } from '../../store/port.js';

/** A durable commit as the push channels see it. */
export interface ObservedCommit {
  readonly commit: Commit;
  /** The header as stored now (seats may change during a game): read once per consumer batch, after every commit of it was durable. */
  readonly header: GameHeader;
  /** The summary of the commit before (null for the first). */
  readonly previous: CommitSummary | null;
  /** The game right after this commit, when this process has it at exactly that version; null when only a later state was at hand. */
  readonly live: LiveGame | null;
}

/** How many games one stream consumer follows at once by default; the least recently seen is dropped first. */
const FOLLOWED_GAMES = 200;

/**
 * Follows games commit by commit where durable commits are observed (the
 * in-process signal, the stream consumer), so that deriving notifications and
 * presenting each subscriber's state after a commit costs one header read a batch:
 * a commit that continues a game this process already holds is folded into
 * it; any other (a first sight, a gap, a redelivery) reads the commit before
 * and loads the game. Commits of one game arrive in order on both paths.
 */
export class GameFollower {
  private readonly games = new Map<string, LiveGame>();

  constructor(private readonly capacity = FOLLOWED_GAMES) {}

  /** `readHeader` reads the game's header as stored now (the batch's one read of it). */
  async observe(
    ctx: ServiceContext,
    commit: Commit,
    readHeader: (gameId: string) => Promise<GameHeader | null> = (gameId) => ctx.store.getHeader(gameId),
  ): Promise<ObservedCommit | null> {
    const header = await readHeader(commit.gameId);
    if (!header) return null;
    const held = this.games.get(commit.gameId);
    let previous: CommitSummary | null;
    let live: LiveGame;
    if (held?.state && held.version === commit.seq - 1) {
      previous = summarize(held.state);
      // A copy: the fold may keep event parts in the state, and the commit object is shared with its publisher.
      foldCommit(held, structuredClone(commit));
      live = held;
    } else {
      const [before] = commit.seq > 1 ? await ctx.store.readCommits(commit.gameId, commit.seq - 2, 1) : [];
      previous = before?.summary ?? null;
      live = held && held.version >= commit.seq ? held : ownCopy(await loadLive(ctx, commit.gameId));
    }
    this.games.delete(commit.gameId);
    if (commit.summary.status !== 'finished') this.games.set(commit.gameId, live);
    if (this.games.size > this.capacity) this.games.delete(this.games.keys().next().value as string);
    return { commit, header, previous, live: live.version === commit.seq ? live : null };
  }
}

/** A loaded game whose state this follower may fold into: a load's state may be the one the process keeps (ctx.recentGames), which nobody changes in place. */
function ownCopy(live: LiveGame): LiveGame {
  return live.state ? { ...live, state: live.engine.clone(live.state) } : live;
}

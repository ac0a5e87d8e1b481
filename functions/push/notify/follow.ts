import type { ServiceContext } from '../../service/context.js';
import { ServiceError } from '../../service/errors.js';
import { foldCommit, summarize, type LiveGame } from '../../service/live-game.js';
import { loadLive } from '../../service/pipeline.js';
import type { Commit, CommitSummary, GameHeader } from '../../store/port.js';

/** A durable commit as the push channels see it. */
export interface ObservedCommit {
  readonly commit: Commit;
  /**
   * The game's header, at least as new as the one the commit was decided
   * under (seats may change during a game, so it may be newer): the one the
   * follower holds when that covers the commit's `headerRevision`, else one
   * loaded or read after the commit was durable.
   */
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
 * presenting each subscriber's state after a commit reads nothing of the
 * game: a commit that continues a game this process already holds is folded
 * into it; any other (a first sight, a gap, a redelivery) reads the commit
 * before and loads the game. Commits of one game arrive in order on both
 * paths, and so do its header writes on AWS (the header shares the game's
 * partition): the follower keeps the newest header it has of each game it
 * holds, from the game's load and from each header write it hears of.
 */
export class GameFollower {
  private readonly games = new Map<string, LiveGame>();

  constructor(private readonly capacity = FOLLOWED_GAMES) {}

  /** A header write observed stored (its stream record on AWS, the news of a join under `npm start`): kept with its game, if followed, when newer than the one held. */
  heard(header: GameHeader): void {
    const held = this.games.get(header.gameId);
    if (held && held.header.revision < header.revision) this.games.set(header.gameId, { ...held, header });
  }

  /**
   * `readHeader` reads the game's header as stored now (the batch's one read
   * of it), called only when neither the header held nor a load made for
   * this commit will do: the one held will when its revision is at least the
   * commit's `headerRevision` (a commit stored before the stamp, or made
   * without the header, has none, and is read for).
   */
  async observe(
    ctx: ServiceContext,
    commit: Commit,
    readHeader: (gameId: string) => Promise<GameHeader | null> = (gameId) => ctx.store.getHeader(gameId),
  ): Promise<ObservedCommit | null> {
    const held = this.games.get(commit.gameId);
    let previous: CommitSummary | null;
    let live: LiveGame | null;
    // A load made now is newer than the commit, whatever its stamp says.
    let loaded = false;
    if (held?.state && held.version === commit.seq - 1) {
      previous = summarize(held.state);
      // A copy: the fold may keep event parts in the state, and the commit object is shared with its publisher.
      foldCommit(held, structuredClone(commit));
      live = held;
    } else {
      const [before] = commit.seq > 1 ? await ctx.store.readCommits(commit.gameId, commit.seq - 2, 1) : [];
      previous = before?.summary ?? null;
      loaded = !(held && held.version >= commit.seq);
      live = loaded ? await loadIfAny(ctx, commit.gameId) : (held ?? null);
    }
    const header = live && (loaded || covers(live.header, commit)) ? live.header : newer(live?.header, await readHeader(commit.gameId));
    this.games.delete(commit.gameId);
    if (!live || !header) return null;
    if (header !== live.header) live = { ...live, header };
    if (commit.summary.status !== 'finished') this.games.set(commit.gameId, live);
    if (this.games.size > this.capacity) this.games.delete(this.games.keys().next().value as string);
    return { commit, header, previous, live: live.version === commit.seq ? live : null };
  }
}

/** Whether a header held is at least as new as the one the commit was decided under. */
function covers(held: GameHeader, commit: Commit): boolean {
  return commit.headerRevision !== undefined && held.revision >= commit.headerRevision;
}

/** The newer of a header held and one read (null when the game is gone). */
function newer(held: GameHeader | undefined, read: GameHeader | null): GameHeader | null {
  return read && held && held.revision > read.revision ? held : read;
}

/** The game loaded now, a copy this follower may fold into (a load's state may be the one the process keeps, ctx.recentGames, which nobody changes in place); null when it is gone. */
async function loadIfAny(ctx: ServiceContext, gameId: string): Promise<LiveGame | null> {
  try {
    const live = await loadLive(ctx, gameId);
    return live.state ? { ...live, state: live.engine.clone(live.state) } : live;
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'game-not-found') return null;
    throw error;
  }
}

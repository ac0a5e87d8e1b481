/**
 * A reference bot, built only on the typed client and its follow helper: it
 * follows a game live (the stream, or the long-poll while the stream is
 * away) and, whenever the game awaits it, plays one of the moves the API
 * lists for it, exactly as listed and pinned to the version it was listed at.
 * A move the game moved past meanwhile is refused as `version-mismatch`
 * before anything is played; the bot then lists again. Any other refusal
 * would mean a listed move was not legal: it is counted, and a test holds
 * the count at zero.
 *
 * Run it for an account of yours (a bot account, best: `register(name, {
 * botOwner })`), given a game it sits in:
 *
 *   npx tsx clients/typescript/examples/reference-bot.ts http://localhost:3000 <token> <gameId>
 */
import { followGame, ProblemError, ValeriaClient, type ListedMove } from '@valeria-tabletop/client';

export interface BotResult {
  /** Moves played. */
  readonly played: number;
  /** Moves refused for anything but a game that moved on meanwhile: a listed move that was not legal. */
  readonly refused: readonly string[];
  /** Listings the game moved past before the move was sent (nothing was played; listed again). */
  readonly stale: number;
}

/** Which listed move to play; the reference bot picks any, uniformly. */
export type Choose = (moves: readonly ListedMove[]) => ListedMove;
const anyOf: Choose = (moves) => moves[Math.floor(Math.random() * moves.length)] as ListedMove;

/** Plays the seat `client` holds in game `gameId` until the game ends. */
export function playSeat(client: ValeriaClient, gameId: string, choose: Choose = anyOf): Promise<BotResult> {
  let played = 0;
  let stale = 0;
  const refused: string[] = [];
  return new Promise<BotResult>((resolve, reject) => {
    let turns = Promise.resolve();
    let done = false;
    /** Plays while the game awaits this seat; resolves the game's end. One turn at a time: commits that arrive meanwhile queue. */
    const takeTurns = async () => {
      while (!done) {
        // One request: the game and the moves listed at its version.
        const { view, listed } = await client.open(gameId);
        const move = listed.moves.length > 0 ? choose(listed.moves) : undefined;
        if (!move) {
          if (view.status !== 'finished') return;
          done = true;
          follower.stop();
          resolve({ played, refused, stale });
          return;
        }
        try {
          await client.playListed(listed, move);
          played++;
        } catch (error) {
          if (!(error instanceof ProblemError)) throw error;
          if (error.code === 'version-mismatch') stale++;
          else refused.push(`${error.code}: ${error.problem?.detail ?? ''} (${JSON.stringify(move)})`);
        }
      }
    };
    const turn = () => {
      turns = turns.then(takeTurns).catch((error: unknown) => {
        done = true;
        follower.stop();
        reject(error);
      });
    };
    const follower = followGame(client, gameId, { onCommits: turn });
    turn(); // The game may await this seat already.
  });
}

const [, script, baseUrl, token, gameId] = process.argv;
if (script?.endsWith('reference-bot.ts') && baseUrl && token && gameId) {
  const result = await playSeat(new ValeriaClient({ baseUrl, token }), gameId);
  console.log(`played ${result.played} moves; ${result.refused.length} refused; ${result.stale} listings gone stale`);
}

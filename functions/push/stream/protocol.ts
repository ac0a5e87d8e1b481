import * as z from 'zod';
import type { PresentedCommit } from '../../service/present.js';
import type { Notification } from '../model/schemas.js';

/**
 * The live stream's protocol, the same from the local server and from the
 * API Gateway WebSocket API. The client connects to `URL?ticket=…` (a
 * one-time ticket from POST /v1/stream/tickets), sends `hello` and waits for
 * `ready` (API Gateway cannot send anything while it accepts a connection, so
 * neither server speaks first), then sends actions and receives messages, all
 * JSON text frames.
 */
export const ClientAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hello') }),
  z.object({ action: z.literal('subscribe'), gameId: z.string().min(1).max(64) }),
  z.object({ action: z.literal('unsubscribe'), gameId: z.string().min(1).max(64) }),
  z.object({ action: z.literal('ping') }),
]);
export type ClientAction = z.infer<typeof ClientAction>;

/**
 * A new commit of a subscribed game: one message per connection per commit,
 * carrying what this player needs so that a push client never refetches;
 * none to the player whose request made the commit (`actor`): that request's
 * answer carries the same (the commit, and in `next` the game and moves), and
 * a lost answer shows as a gap in the next message's `seq`.
 */
export interface CommitMessage {
  readonly type: 'commit';
  readonly gameId: string;
  /** The commit as the events route shows it to this player. */
  readonly commit: PresentedCommit;
  /** This player's notifications caused by this commit (also stored and listed); they are not sent again on this connection. */
  readonly notifications: readonly Notification[];
  /**
   * The `game` GET /v1/games/{id} answers this player right after this
   * commit (its `version` is this commit's `seq`), and the `moves` of
   * GET /v1/games/{id}/moves (empty unless this player is awaited). Both are
   * left out in the rare case the server held only a later version (a later
   * commit's message carries them).
   */
  readonly game?: unknown;
  readonly moves?: readonly unknown[];
}

/**
 * The answer to `subscribe`: the game as this player sees it now, so a push
 * client starts without a read of its own. Commit messages with a higher
 * `seq` follow (one may overtake this answer: the newest wins); a gap in
 * `seq` means a commit went by unseen, to be read from the events route.
 */
export interface SubscribedMessage {
  readonly type: 'subscribed';
  readonly gameId: string;
  /** Commits so far: `game` and `moves` are as of this commit. */
  readonly version: number;
  /** As in a commit message: GET /v1/games/{id} and the legal `moves` of GET …/moves. */
  readonly game: unknown;
  readonly moves: readonly unknown[];
}

/** What the server sends (documented here, typed for both servers). */
export type ServerMessage =
  | { readonly type: 'ready'; readonly playerId: string }
  /** A notification not carried by a commit message on this connection (nor by an answer: what a commit your own request made tells you is in that answer's `notifications`). */
  | { readonly type: 'notification'; readonly notification: Notification }
  | CommitMessage
  | SubscribedMessage
  | { readonly type: 'unsubscribed'; readonly gameId: string }
  | { readonly type: 'pong' }
  | { readonly type: 'error'; readonly code: string; readonly detail: string; readonly limit?: number };

export const TICKET_TTL_MS = 60_000;

/** Quotas of the stream, per player: unused tickets (each lapses after TICKET_TTL_MS), open connections, and games one connection follows. */
export const MAX_OUTSTANDING_TICKETS = 10;
export const MAX_CONNECTIONS_PER_PLAYER = 10;
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;

/** Where the local server serves the stream. */
export const LOCAL_STREAM_PATH = '/v1/stream';

/** Largest client frame read; actions are tiny. */
export const MAX_FRAME_BYTES = 4096;

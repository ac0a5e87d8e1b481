import type { ServiceContext } from '../../service/context.js';
import { engineOf, seatOf, type LiveGame } from '../../service/live-game.js';
import { loadLive } from '../../service/pipeline.js';
import { fail, ServiceError } from '../../service/errors.js';
import { presentCommit, presentGame, presentLegalMoves } from '../../service/present.js';
import { answeredToItsAuthor } from '../../service/answered-commands.js';
import type { Derived } from '../model/derive.js';
import type { PushContext } from '../context.js';
import { chooses } from '../model/preferences.js';
import type { BatchReads } from '../notify/batch-reads.js';
import type { ObservedCommit } from '../notify/follow.js';
import { deliverable, type PushSink } from '../notify/channels.js';
import type { Notification } from '../model/schemas.js';
import { ClientAction, MAX_SUBSCRIPTIONS_PER_CONNECTION, type CommitMessage, type ServerMessage } from './protocol.js';

/** What a connection is: whose, and which games' commits it asked for. */
export interface Subscriptions {
  readonly playerId: string;
  readonly games: Set<string>;
}

/** One open socket of a player. */
export interface StreamConnection extends Subscriptions {
  readonly id: string;
  send(message: ServerMessage): void;
}

/**
 * Answers one client frame. Shared by the local server and the AWS
 * `$default` route: the connection's subscriptions are whatever `games` holds.
 */
export async function answerAction(ctx: ServiceContext, connection: Subscriptions, raw: string): Promise<ServerMessage> {
  let parsed: ReturnType<typeof ClientAction.safeParse>;
  try {
    parsed = ClientAction.safeParse(JSON.parse(raw));
  } catch {
    return { type: 'error', code: 'malformed-json', detail: 'Send one JSON object per frame.' };
  }
  if (!parsed.success)
    return {
      type: 'error',
      code: 'invalid-action',
      detail: 'Send {"action":"hello"}, {"action":"subscribe","gameId":…}, {"action":"unsubscribe","gameId":…} or {"action":"ping"}.',
    };
  const action = parsed.data;
  if (action.action === 'hello') return { type: 'ready', playerId: connection.playerId };
  if (action.action === 'ping') return { type: 'pong' };
  if (action.action === 'unsubscribe') {
    connection.games.delete(action.gameId);
    return { type: 'unsubscribed', gameId: action.gameId };
  }
  const known = connection.games.has(action.gameId);
  if (!known && connection.games.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) return tooManySubscriptions();
  // Subscribed before the read, so no commit falls between the two (one may arrive before this answer: newest wins).
  connection.games.add(action.gameId);
  try {
    const live = await loadLive(ctx, action.gameId);
    return { type: 'subscribed', gameId: action.gameId, version: live.version, ...seenBy(live, connection.playerId, ctx.clock()) };
  } catch (error) {
    if (!known) connection.games.delete(action.gameId);
    if (error instanceof ServiceError && error.code === 'game-not-found') return { type: 'error', code: error.code, detail: error.message };
    throw error;
  }
}

/** The refusal of a subscription past the quota (the AWS route's conditional write may answer it too). */
export function tooManySubscriptions(): ServerMessage {
  const refusal = fail('too-many-subscriptions', { limit: MAX_SUBSCRIPTIONS_PER_CONNECTION });
  return { type: 'error', code: refusal.code, detail: refusal.detail, ...refusal.extra };
}

/** The game and this player's legal moves at `now`, exactly as GET /v1/games/{id} and …/moves answer them. */
function seenBy(live: LiveGame, playerId: string, now: number) {
  return { game: presentGame(live, playerId, now), moves: presentLegalMoves(live, playerId).moves };
}

/** A notification about the commit's own game rides inside that commit's message to a subscribed connection. */
function ridesWith(observed: ObservedCommit | null, notification: Notification): boolean {
  return observed !== null && 'gameId' in notification && notification.gameId === observed.commit.gameId;
}

/** The commit as each viewer may see it, with their notifications, state and legal moves after it. */
async function commitMessages(
  ctx: ServiceContext,
  observed: ObservedCommit,
  derived: Derived,
  viewers: readonly string[],
): Promise<Map<string, CommitMessage>> {
  const out = new Map<string, CommitMessage>();
  if (viewers.length === 0) return out;
  const { commit, header, live } = observed;
  const engine = live?.engine ?? (await engineOf(ctx.games, header));
  for (const playerId of new Set(viewers)) {
    const seat = seatOf(header, playerId);
    const notifications = derived.notifications.filter((a) => a.playerId === playerId && ridesWith(observed, a.notification)).map((a) => a.notification);
    // The header as stored now: the followed game may hold an older one.
    const after = live ? seenBy({ ...live, header }, playerId, ctx.clock()) : {};
    out.set(playerId, { type: 'commit', gameId: commit.gameId, commit: presentCommit(engine, header, commit, seat), notifications, ...after });
  }
  return out;
}

/**
 * What goes to each connection for one durable commit (or timer): one commit
 * message to each subscriber of the game but the commit's author, and each
 * notification alone to the addressee's other connections (and for what no
 * commit message carries) when the addressee's preferences let the stream
 * pass its type on (read only for addressees with a connection open). The
 * author of a commit their request was answered with gets nothing of it:
 * their answer carries the commit and what it tells them (`notifications`).
 */
export async function fanOut(
  ctx: PushContext,
  derived: Derived,
  observed: ObservedCommit | null,
  subscribers: readonly { readonly connectionId: string; readonly playerId: string }[],
  connectionsOf: (playerId: string) => Promise<readonly string[]>,
  reads: BatchReads,
): Promise<{ readonly connectionId: string; readonly message: ServerMessage }[]> {
  const out: { connectionId: string; message: ServerMessage }[] = [];
  const told = observed ? subscribers.filter((s) => !answeredToItsAuthor(observed.commit, s.playerId)) : [];
  // Connections told the commit: their notifications about it ride in its message.
  const carried = new Set(told.map((s) => s.connectionId));
  if (observed) {
    const messages = await commitMessages(
      ctx,
      observed,
      derived,
      told.map((s) => s.playerId),
    );
    for (const { connectionId, playerId } of told) out.push({ connectionId, message: messages.get(playerId) as CommitMessage });
  }
  // Alone: neither held turns nor what a commit's answer told its author (that answer carries it).
  const lone = deliverable(derived, observed);
  for (const playerId of new Set(lone.map((a) => a.playerId))) {
    const connections = await connectionsOf(playerId);
    if (connections.length === 0) continue;
    const preferences = await reads.preferences(playerId);
    const mine = lone.filter((a) => a.playerId === playerId && chooses(preferences, a.notification.type, 'stream')).map((a) => a.notification);
    for (const connectionId of connections)
      for (const notification of mine)
        if (!carried.has(connectionId) || !ridesWith(observed, notification)) out.push({ connectionId, message: { type: 'notification', notification } });
  }
  return out;
}

/** The open sockets of this process (the local server), fed by the push sinks. */
export class StreamHub {
  private readonly connections = new Map<string, StreamConnection>();

  constructor(private readonly ctx: PushContext) {}

  add(connection: StreamConnection): void {
    this.connections.set(connection.id, connection);
  }

  remove(id: string): void {
    this.connections.delete(id);
  }

  get size(): number {
    return this.connections.size;
  }

  /** How many sockets a player has open here. */
  openBy(playerId: string): number {
    return [...this.connections.values()].filter((c) => c.playerId === playerId).length;
  }

  /** Whether a player follows a game on a socket open here now (browser push then stays quiet about it). */
  watches(playerId: string, gameId: string): boolean {
    return [...this.connections.values()].some((c) => c.playerId === playerId && c.games.has(gameId));
  }

  readonly sink: PushSink = async (derived, observed, reads) => {
    const all = [...this.connections.values()];
    const subscribers = observed ? all.filter((c) => c.games.has(observed.commit.gameId)).map((c) => ({ connectionId: c.id, playerId: c.playerId })) : [];
    const sends = await fanOut(
      this.ctx,
      derived,
      observed,
      subscribers,
      async (playerId) => all.filter((c) => c.playerId === playerId).map((c) => c.id),
      reads,
    );
    for (const { connectionId, message } of sends) this.connections.get(connectionId)?.send(message);
  };
}

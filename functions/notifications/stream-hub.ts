import type { ServiceContext } from '../service/context.js';
import { engineOf, seatOf } from '../service/live-game.js';
import { presentCommit } from '../service/present.js';
import type { Commit } from '../store/port.js';
import type { PushSink } from './local.js';
import { ClientAction, type ServerMessage } from './stream-protocol.js';

/** One open socket of a player. */
export interface StreamConnection {
  readonly id: string;
  readonly playerId: string;
  readonly games: Set<string>;
  send(message: ServerMessage): void;
}

/**
 * Answers one client frame. Shared by the local server and the AWS
 * `$default` route: the connection's subscriptions are whatever `games` holds.
 */
export async function answerAction(ctx: ServiceContext, games: Set<string>, raw: string): Promise<ServerMessage> {
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
      detail: 'Send {"action":"subscribe","gameId":…}, {"action":"unsubscribe","gameId":…} or {"action":"ping"}.',
    };
  const action = parsed.data;
  if (action.action === 'ping') return { type: 'pong' };
  if (action.action === 'unsubscribe') {
    games.delete(action.gameId);
    return { type: 'unsubscribed', gameId: action.gameId };
  }
  if (!(await ctx.store.getHeader(action.gameId))) return { type: 'error', code: 'game-not-found', detail: `No game with id ${action.gameId}.` };
  games.add(action.gameId);
  return { type: 'subscribed', gameId: action.gameId };
}

/** The commit as each viewer may see it: the same redacted commit the events route gives. */
export async function commitMessages(ctx: ServiceContext, commit: Commit, viewers: readonly string[]): Promise<Map<string, ServerMessage>> {
  const out = new Map<string, ServerMessage>();
  if (viewers.length === 0) return out;
  const header = await ctx.store.getHeader(commit.gameId);
  if (!header) return out;
  const engine = await engineOf(ctx.games, header);
  for (const playerId of new Set(viewers))
    out.set(playerId, { type: 'commit', gameId: commit.gameId, commit: presentCommit(engine, header, commit, seatOf(header, playerId)) });
  return out;
}

/** The open sockets of this process (the local server), fed by the push sinks. */
export class StreamHub {
  private readonly connections = new Map<string, StreamConnection>();

  constructor(private readonly ctx: ServiceContext) {}

  add(connection: StreamConnection): void {
    this.connections.set(connection.id, connection);
  }

  remove(id: string): void {
    this.connections.delete(id);
  }

  get size(): number {
    return this.connections.size;
  }

  readonly sink: PushSink = async (derived, commit) => {
    const all = [...this.connections.values()];
    for (const { playerId, notification } of derived.notifications)
      for (const connection of all) if (connection.playerId === playerId) connection.send({ type: 'notification', notification });
    if (!commit) return;
    const watching = all.filter((connection) => connection.games.has(commit.gameId));
    const messages = await commitMessages(
      this.ctx,
      commit,
      watching.map((c) => c.playerId),
    );
    for (const connection of watching) connection.send(messages.get(connection.playerId) as ServerMessage);
  };
}

import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServiceContext } from '../service/context.js';
import type { PushSink } from './local.js';
import { answerAction, commitMessages } from './stream-hub.js';
import type { ServerMessage } from './stream-protocol.js';
import { redeemTicket } from './stream-tickets.js';

/**
 * The stream on AWS: API Gateway holds the sockets and these functions answer
 * its `$connect`, `$disconnect` and `$default` routes; the stream consumer
 * fans messages out through the Management API. Waiting costs no Lambda:
 * API Gateway bills connection-minutes and messages, nothing else.
 */

/** Sends one message to one connection; `gone` when API Gateway says it is closed. */
export interface ConnectionSender {
  post(connectionId: string, message: ServerMessage): Promise<'sent' | 'gone'>;
}

export function managementApiSender(endpoint: string): ConnectionSender {
  const client = new ApiGatewayManagementApiClient({ endpoint });
  return {
    async post(connectionId, message) {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }));
        return 'sent';
      } catch (error) {
        if (error instanceof GoneException) return 'gone';
        throw error;
      }
    },
  };
}

export interface RouteAnswer {
  readonly statusCode: number;
}

/** `$connect`: the ticket is burnt and the connection stored; anything else is refused with 401. */
export async function onConnect(ctx: ServiceContext, connectionId: string, ticket: string | null): Promise<RouteAnswer> {
  const playerId = await redeemTicket(ctx, ticket);
  if (playerId === null) return { statusCode: 401 };
  await ctx.push.putConnection({ connectionId, playerId, games: [] });
  return { statusCode: 200 };
}

/** `$disconnect`: forget the connection (a stray record also expires by TTL). */
export async function onDisconnect(ctx: ServiceContext, connectionId: string): Promise<RouteAnswer> {
  const connection = await ctx.push.getConnection(connectionId);
  if (connection) await ctx.push.deleteConnection(connection);
  return { statusCode: 200 };
}

/** `$default`: one client action, answered on the socket; a subscription is stored with the connection. */
export async function onClientMessage(ctx: ServiceContext, sender: ConnectionSender, connectionId: string, body: string): Promise<RouteAnswer> {
  const connection = await ctx.push.getConnection(connectionId);
  if (!connection) return { statusCode: 410 };
  const games = new Set(connection.games);
  const reply = await answerAction(ctx, games, body);
  if (games.size !== connection.games.length || [...games].some((g) => !connection.games.includes(g))) {
    // Index entries of a dropped game go with the old record; the new one writes the rest again.
    await ctx.push.deleteConnection(connection);
    await ctx.push.putConnection({ ...connection, games: [...games] });
  }
  await sender.post(connectionId, reply);
  return { statusCode: 200 };
}

/** The fan-out sink of the stream consumer: each player's connections, each game's subscribers; gone ones dropped. */
export function connectionSink(ctx: ServiceContext, sender: ConnectionSender): PushSink {
  const send = async (connectionId: string, message: ServerMessage) => {
    if ((await sender.post(connectionId, message)) === 'sent') return;
    const gone = await ctx.push.getConnection(connectionId);
    if (gone) await ctx.push.deleteConnection(gone);
  };
  return async (derived, commit) => {
    for (const { playerId, notification } of derived.notifications)
      for (const connectionId of await ctx.push.playerConnections(playerId)) await send(connectionId, { type: 'notification', notification });
    if (!commit) return;
    const subscribers = await ctx.push.gameSubscribers(commit.gameId);
    const messages = await commitMessages(
      ctx,
      commit,
      subscribers.map((s) => s.playerId),
    );
    for (const { connectionId, playerId } of subscribers) await send(connectionId, messages.get(playerId) as ServerMessage);
  };
}

import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import type { PushContext } from '../context.js';
import type { PushSink } from '../notify/channels.js';
import { answerAction, fanOut, tooManySubscriptions } from './hub.js';
import { MAX_CONNECTIONS_PER_PLAYER, MAX_SUBSCRIPTIONS_PER_CONNECTION, type ServerMessage } from './protocol.js';
import { redeemTicket } from './tickets.js';

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

/**
 * Posts through the Management API, its SDK loaded on the first post: the
 * timer function, which builds this sender, posts only when a reminder finds
 * a connection, so a deadline firing's cold start does not carry the client.
 */
export function managementApiSender(endpoint: string): ConnectionSender {
  let client: ApiGatewayManagementApiClient | undefined;
  return {
    async post(connectionId, message) {
      const { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } = await import('@aws-sdk/client-apigatewaymanagementapi');
      client ??= new ApiGatewayManagementApiClient({ endpoint });
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

/** `$connect`: the ticket is burnt and the connection stored; a bad ticket is refused with 401, a player with 10 open already with 409. */
export async function onConnect(ctx: PushContext, connectionId: string, ticket: string | null): Promise<RouteAnswer> {
  const playerId = await redeemTicket(ctx, ticket);
  if (playerId === null) return { statusCode: 401 };
  if (!(await ctx.push.putConnection({ connectionId, playerId }, MAX_CONNECTIONS_PER_PLAYER))) return { statusCode: 409 };
  return { statusCode: 200 };
}

/** `$disconnect`: forget the connection (a stray record also expires by TTL). */
export async function onDisconnect(ctx: PushContext, connectionId: string): Promise<RouteAnswer> {
  await ctx.push.deleteConnection(connectionId);
  return { statusCode: 200 };
}

/** `$default`: one client action, answered on the socket; a subscription change is stored with the connection. */
export async function onClientMessage(ctx: PushContext, sender: ConnectionSender, connectionId: string, body: string): Promise<RouteAnswer> {
  const connection = await ctx.push.getConnection(connectionId);
  if (!connection) return { statusCode: 410 };
  const games = new Set(connection.games);
  let reply = await answerAction(ctx, { playerId: connection.playerId, games }, body);
  // Only what the action changed is written: `hello`, `ping` and a repeated (un)subscribe write nothing.
  for (const gameId of games)
    if (!connection.games.includes(gameId) && (await ctx.push.addSubscription(connection, gameId, MAX_SUBSCRIPTIONS_PER_CONNECTION)) === 'full')
      // Another frame of this connection subscribed at the same moment: the write's condition counted both.
      reply = tooManySubscriptions();
  for (const gameId of connection.games) if (!games.has(gameId)) await ctx.push.removeSubscription(connection, gameId);
  await sender.post(connectionId, reply);
  return { statusCode: 200 };
}

/**
 * The fan-out sink of the stream consumer: one read of the game's subscribers
 * and one of each addressee's connections per commit, then every message
 * posted at once; connections that answer gone are dropped. The index reads
 * are eventually consistent (half the units): a connection opened or
 * subscribed in the last second may miss this commit, and catches up with
 * `after` like any client back from away.
 */
export function connectionSink(ctx: PushContext, sender: ConnectionSender): PushSink {
  const send = async (connectionId: string, message: ServerMessage) => {
    if ((await sender.post(connectionId, message)) === 'gone') await ctx.push.deleteConnection(connectionId);
  };
  return async (derived, observed, reads) => {
    const subscribers = observed ? await ctx.push.gameSubscribers(observed.commit.gameId, 'eventual') : [];
    const sends = await fanOut(ctx, derived, observed, subscribers, (playerId) => ctx.push.playerConnections(playerId, 'eventual'), reads);
    await Promise.all(sends.map(({ connectionId, message }) => send(connectionId, message)));
  };
}

import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { awsWebSocket } from '../compose.js';
import { onClientMessage, onConnect, onDisconnect } from '../push/stream/api-gateway.js';

const { ctx, senderAt } = awsWebSocket(process.env);

/** The WebSocket API's `$connect`, `$disconnect` and `$default` routes (functions/push/stream/api-gateway.ts). */
export const handler = async (event: APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> }) => {
  const { routeKey, connectionId, domainName, stage } = event.requestContext;
  if (routeKey === '$connect') return onConnect(ctx, connectionId, event.queryStringParameters?.ticket ?? null);
  if (routeKey === '$disconnect') return onDisconnect(ctx, connectionId);
  return onClientMessage(ctx, senderAt(`https://${domainName}/${stage}`), connectionId, event.body ?? '');
};

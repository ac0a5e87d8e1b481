import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { managementApiSender, onClientMessage, onConnect, onDisconnect } from '../notifications/aws-connections.js';
import { lambdaServiceContext } from './runtime.js';

const ctx = lambdaServiceContext();

/** The WebSocket API's `$connect`, `$disconnect` and `$default` routes (functions/notifications/aws-connections.ts). */
export const handler = async (event: APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> }) => {
  const { routeKey, connectionId, domainName, stage } = event.requestContext;
  if (routeKey === '$connect') return onConnect(ctx, connectionId, event.queryStringParameters?.ticket ?? null);
  if (routeKey === '$disconnect') return onDisconnect(ctx, connectionId);
  return onClientMessage(ctx, managementApiSender(`https://${domainName}/${stage}`), connectionId, event.body ?? '');
};

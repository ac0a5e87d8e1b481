import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { awsWebSocket } from '../compose.js';
import { onClientMessage, onConnect, onDisconnect } from '../push/stream/api-gateway.js';
import { edgeCheck, edgeSecretsFromEnv } from './edge-origin.js';
import { guardedStream } from './stream-guard.js';

const { ctx, senderAt } = awsWebSocket(process.env);
/** The values CloudFront's secret header may say (the stack always sets one); none: no edge, no check. */
const edgeSecrets = edgeSecretsFromEnv(process.env);
const fromEdge = edgeCheck(edgeSecrets);

/** Closes a connection from the server's side; one already gone is closed enough. */
async function disconnect(endpoint: string, connectionId: string): Promise<void> {
  try {
    await new ApiGatewayManagementApiClient({ endpoint }).send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!(error instanceof GoneException)) throw error;
  }
}

/** The WebSocket API's `$connect`, `$disconnect` and `$default` routes (functions/push/stream/api-gateway.ts), behind their guard (stream-guard.ts). */
export const handler = guardedStream(
  {
    connect: (connectionId, ticket) => onConnect(ctx, connectionId, ticket),
    disconnect: (connectionId) => onDisconnect(ctx, connectionId),
    message: (endpoint, connectionId, body) => onClientMessage(ctx, senderAt(endpoint), connectionId, body),
    async close(endpoint, connectionId, last) {
      await senderAt(endpoint).post(connectionId, last);
      await disconnect(endpoint, connectionId);
    },
  },
  { cameThroughEdge: (headers) => edgeSecrets.length === 0 || fromEdge(headers) },
);

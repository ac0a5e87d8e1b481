import type { Context } from 'aws-lambda';
import { handle, type APIGatewayProxyResult, type LambdaEvent } from 'hono/aws-lambda';
import { createApp, type LogLine } from '../app/app.js';
import { awsContext, awsMailDesk } from '../compose.js';
import { edgeCheck, edgeSecretsFromEnv, refusedAroundEdge } from './edge-origin.js';
import { countsOfAnswer } from './measures.js';
import { lambdaTelemetry } from './telemetry.js';
import { WitnessingTokenCache } from './witnessing-token-cache.js';

/** The HTTP API (API Gateway HTTP API, payload v2, behind CloudFront): the same Hono app as `npm start`. */
const tokens = new WitnessingTokenCache();
const telemetry = lambdaTelemetry();
const GAME_PATH = /^\/v1\/games\/(g_[A-Za-z0-9_-]{1,64})(?:\/|$)/;

/** One structured line per request: what the app logs, the game from the path, the authenticated player; never a header or body. */
function logRequest(line: LogLine): void {
  const details = { ...line, gameId: GAME_PATH.exec(line.path)?.[1], playerId: tokens.playerId };
  if (line.error) telemetry.logger.error('request failed', details);
  else telemetry.logger.info('request', details);
}

// Where the stack mails (MAIL_FROM), a confirmation is queued in the outbox and a digest planned on the timers.
const serve = handle(createApp(awsContext(process.env, { tokens }), { log: logRequest, mail: awsMailDesk(process.env) }));
/** What CloudFront's secret header may say (the stack always sets it; during a rotation, two values). */
const edgeSecrets = edgeSecretsFromEnv(process.env);
const cameThroughEdge = edgeCheck(edgeSecrets);

/** What API Gateway HTTP API (payload 2.0) hands the function, as hono declares it. */
type HttpApiEvent = Extract<LambdaEvent, { rawPath: string }>;

export const handler = async (event: HttpApiEvent, context: Context): Promise<APIGatewayProxyResult> => {
  telemetry.begin(context);
  // API Gateway's request id, the key of its access log line for the same request.
  telemetry.logger.setCorrelationId(event.requestContext.requestId);
  tokens.forget();
  try {
    if (edgeSecrets.length > 0 && !cameThroughEdge(event.headers)) {
      telemetry.logger.warn('request refused: not through CloudFront', { method: event.requestContext.http.method, path: event.rawPath });
      return refusedAroundEdge(event.rawPath);
    }
    const result = await serve(event, context);
    telemetry.add(countsOfAnswer(event.requestContext.http.method, event.rawPath, result.statusCode, problemCode(result)));
    return result;
  } finally {
    telemetry.end();
  }
};

/** The `code` of a problem+json answer, else null. */
function problemCode(result: APIGatewayProxyResult): string | null {
  const type = String(result.headers?.['content-type'] ?? '');
  if (!type.startsWith('application/problem+json') || !result.body) return null;
  const text = result.isBase64Encoded ? Buffer.from(result.body, 'base64').toString('utf8') : result.body;
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/**
 * The APIs' own execute-api addresses would answer anyone, around CloudFront
 * and its WAF limits. CloudFront adds a secret header to every request it
 * sends the HTTP API and to every connection it opens to the stream's
 * WebSocket API (its value generated in Secrets Manager, never in the
 * template: infra/stack.ts), and their functions refuse a request without it
 * before anything else runs. `npm start` has no edge and no check.
 *
 * A rotation takes effect with an overlap: the functions accept the secret
 * CloudFront is given now and, while a rotation runs, the one it replaces, so
 * edge locations still sending the old value (CloudFront takes minutes to
 * deploy a change everywhere) are not refused meanwhile.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyResult } from 'hono/aws-lambda';
import { problemBody } from '../app/problem.js';
import { fail } from '../service/errors.js';

/** The header CloudFront adds to each request to the API (API Gateway hands header names over in lower case). */
export const EDGE_HEADER = 'x-origin-verify';
/** The setting holding the value CloudFront sends; without it there is no check. */
export const EDGE_SECRET_ENV = 'EDGE_ORIGIN_SECRET';
/** The setting holding the value a rotation replaces, accepted until the rotation ends. */
export const EDGE_PREVIOUS_SECRET_ENV = 'EDGE_ORIGIN_SECRET_PREVIOUS';

/** The values a function accepts, from its settings: none means no check (`npm start`, tests). */
export function edgeSecretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  return [env[EDGE_SECRET_ENV], env[EDGE_PREVIOUS_SECRET_ENV]].filter((value): value is string => value !== undefined && value !== '');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The check of requests against the accepted values: true when the request
 * carries one of them. Compared in constant time, as digests of equal length;
 * the accepted values' digests are made once, the header's once per request.
 */
export function edgeCheck(secrets: readonly string[]): (headers: Readonly<Record<string, string | undefined>>) => boolean {
  const accepted = secrets.map(digest);
  return (headers) => {
    const given = headers[EDGE_HEADER];
    if (given === undefined) return false;
    const presented = digest(given);
    return accepted.reduce((found, secret) => timingSafeEqual(presented, secret) || found, false);
  };
}

/** The answer to a request that came around the edge: the published address is the only way in. */
export function refusedAroundEdge(path: string): APIGatewayProxyResult {
  const refusal = fail('not-through-edge');
  const body = problemBody(refusal.status, refusal.code, refusal.detail, path);
  return { statusCode: refusal.status, headers: { 'content-type': 'application/problem+json' }, body: JSON.stringify(body), isBase64Encoded: false };
}

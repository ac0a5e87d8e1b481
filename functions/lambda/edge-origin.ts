/**
 * The HTTP API's own execute-api address would answer anyone, around
 * CloudFront and its WAF limits. CloudFront adds a secret header to every
 * request it sends the API (its value generated in Secrets Manager, never in
 * the template: infra/stack.ts), and the HTTP function refuses a request
 * without it before the app sees it. `npm start` has no edge and no check.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyResult } from 'hono/aws-lambda';
import { problemBody } from '../app/problem.js';
import { fail } from '../service/errors.js';

/** The header CloudFront adds to each request to the API (API Gateway hands header names over in lower case). */
export const EDGE_HEADER = 'x-origin-verify';
/** The HTTP function's setting holding the header's expected value; without it there is no check. */
export const EDGE_SECRET_ENV = 'EDGE_ORIGIN_SECRET';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the request carries the edge's secret (compared in constant time). */
export function cameThroughEdge(headers: Readonly<Record<string, string | undefined>>, secret: string): boolean {
  const given = headers[EDGE_HEADER];
  return given !== undefined && timingSafeEqual(digest(given), digest(secret));
}

/** The answer to a request that came around the edge: the published address is the only way in. */
export function refusedAroundEdge(path: string): APIGatewayProxyResult {
  const refusal = fail('not-through-edge');
  const body = problemBody(refusal.status, refusal.code, refusal.detail, path);
  return { statusCode: refusal.status, headers: { 'content-type': 'application/problem+json' }, body: JSON.stringify(body), isBase64Encoded: false };
}

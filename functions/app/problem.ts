import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { EVERY_OPERATION, SERVICE_PROBLEMS, type ServiceProblemCode } from './problem-codes.js';

/** RFC 9457 problem details, with the stable `code` clients switch on (documented in contract/problem.ts). */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly instance?: string;
  readonly [extra: string]: unknown;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problemBody(status: number, code: string, detail: string, instance: string | undefined, extra: Record<string, unknown> = {}): Problem {
  return { type: `/problems/${code}`, title: TITLES[status] ?? 'Error', status, detail, code, instance, ...extra };
}

export function problem(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return c.body(JSON.stringify(problemBody(status, code, detail, c.req.path, extra)), status, {
    ...headers,
    'Content-Type': 'application/problem+json',
  });
}

/** Headers sent with the statuses that ask a client to wait. */
const RETRY_HEADERS: Record<number, Record<string, { $ref: string }>> = {
  429: {
    'Retry-After': { $ref: '#/components/headers/RetryAfter' },
    RateLimit: { $ref: '#/components/headers/RateLimit' },
    'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
  },
  503: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
};

/**
 * The error responses of an operation, from the codes it may answer (plus
 * those every operation may): one response per status, its `code` an enum
 * of exactly those codes. `more` adds codes the service table does not hold
 * (the engines' refusals), each with its status.
 */
export function problemResponses(codes: readonly ServiceProblemCode[], more: readonly { code: string; status: number }[] = []) {
  const byStatus = new Map<number, string[]>();
  const entries = [...new Set([...codes, ...EVERY_OPERATION])].map((code) => ({ code, status: SERVICE_PROBLEMS[code].status }));
  for (const { code, status } of [...entries, ...more]) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      status,
      {
        description: `${TITLES[status] ?? 'Error'}: ${statusCodes.map((code) => `\`${code}\``).join(', ')}`,
        ...(RETRY_HEADERS[status] ? { headers: RETRY_HEADERS[status] } : {}),
        content: {
          'application/problem+json': {
            schema: { allOf: [{ $ref: '#/components/schemas/Problem' }, { type: 'object', properties: { code: { type: 'string', enum: statusCodes } } }] },
          },
        },
      },
    ]),
  );
}

import * as z from 'zod';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** RFC 9457 problem details, with the stable `code` clients switch on. */
export const Problem = z
  .object({
    type: z.string().describe('A URI reference naming the problem type: `/problems/{code}`.'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('Stable machine-readable code, e.g. `not-your-turn`, `version-mismatch`.'),
    instance: z.string().optional(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Each invalid field, for `invalid-request`.'),
    moveIndex: z.number().int().optional().describe('Which move of a batch was refused.'),
    currentVersion: z.number().int().optional().describe('The game version now, for `version-mismatch`.'),
    outcome: z
      .enum(['not-applied', 'unknown'])
      .optional()
      .describe(
        'For `store-unavailable`: `not-applied` means nothing changed; `unknown` means a write may have been applied — repeat the request with the same `Idempotency-Key` to learn its answer.',
      ),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof Problem>;

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

/**
 * Answers any route may give whatever it does: 429 `rate-limited` (with
 * `Retry-After` and the `RateLimit` headers) and 503 `store-unavailable`
 * (with `Retry-After`).
 */
const ANY_ROUTE = [429, 503];

/** Every error response a route documents: the ones it names, and those of ANY_ROUTE. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    [...statuses, ...ANY_ROUTE].map((status) => [
      status,
      { description: TITLES[status] ?? 'Error', content: { 'application/problem+json': { schema: Problem } } },
    ]),
  );
}

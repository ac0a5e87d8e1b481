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
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  500: 'Internal Server Error',
};

export function problemBody(status: number, code: string, detail: string, instance: string, extra: Record<string, unknown> = {}): Problem {
  return { type: `/problems/${code}`, title: TITLES[status] ?? 'Error', status, detail, code, instance, ...extra };
}

export function problem(c: Context, status: ContentfulStatusCode, code: string, detail: string, extra: Record<string, unknown> = {}) {
  return c.body(JSON.stringify(problemBody(status, code, detail, c.req.path, extra)), status, {
    'Content-Type': 'application/problem+json',
  });
}

/** Every error response a route documents. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: TITLES[status] ?? 'Error', content: { 'application/problem+json': { schema: Problem } } }]),
  );
}

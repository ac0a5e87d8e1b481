import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServiceError, Speaker } from '../service/errors.js';
import { SERVICE_PROBLEMS, titleOf, type ServiceProblemCode } from '../service/problems.js';
import { DEFAULT_LANGUAGE, negotiateLanguage, type Language } from '../service/languages.js';
import { EVERY_OPERATION } from './problem-codes.js';

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

export function problemBody(
  status: number,
  code: string,
  detail: string,
  instance: string | undefined,
  extra: Record<string, unknown> = {},
  language: Language = DEFAULT_LANGUAGE,
): Problem {
  return { type: `/problems/${code}`, title: titleOf(status, language), status, detail, code, instance, ...extra };
}

/**
 * A problem answer in the caller's language (`Accept-Language`): its `title`
 * and `detail` in it, and `Content-Language` naming the languages the answer
 * is written in (that one, and English where the sentence quotes English
 * written elsewhere). `code` and every other field are the same in every language.
 */
function problem(c: Context, status: ContentfulStatusCode, code: string, detailIn: Speaker, extra: Record<string, unknown>, headers: Record<string, string>) {
  const language = negotiateLanguage(c.req.header('accept-language'));
  const { text, languages } = detailIn(language);
  c.header('Vary', 'Accept-Language', { append: true });
  return c.body(JSON.stringify(problemBody(status, code, text, c.req.path, extra, language)), status, {
    ...headers,
    'Content-Type': 'application/problem+json',
    'Content-Language': languages.join(', '),
  });
}

/** A refusal as the answer: its status, sentence and fields, `Retry-After` when it asks the client to wait, and `headers`. */
export function answerProblem(c: Context, error: ServiceError, headers: Record<string, string> = {}) {
  const retry: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
  return problem(c, error.status, error.code, error.detailIn, { ...error.extra }, { ...retry, ...headers });
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
        description: `${titleOf(status)}: ${statusCodes.map((code) => `\`${code}\``).join(', ')}`,
        headers: { 'Content-Language': { $ref: '#/components/headers/ContentLanguage' }, ...RETRY_HEADERS[status] },
        content: {
          'application/problem+json': {
            schema: { allOf: [{ $ref: '#/components/schemas/Problem' }, { type: 'object', properties: { code: { type: 'string', enum: statusCodes } } }] },
          },
        },
      },
    ]),
  );
}

import { ProblemError, type Problem } from '@valeria-tabletop/client';
import { t } from '../i18n/i18n.js';

/**
 * A sentence for a failed call, in the page's language: the API's own detail
 * when it sent a problem document (asked in the page's language), else what
 * the status says; a request that never reached the service (fetch rejects
 * with a TypeError, worded by each browser in English) says so.
 */
export function explain(error: unknown): string {
  if (error instanceof ProblemError) return error.problem?.detail ?? t('errors.status', { status: error.status });
  if (error instanceof TypeError) return t('errors.network');
  return error instanceof Error ? error.message : String(error);
}

/** The data of an answer of `client.api` (openapi-fetch), or the ProblemError it is. */
export function dataOf<T>({ data, error, response }: { data?: T; error?: unknown; response: Response }): T {
  if (data === undefined || !response.ok) throw problemOf(response, error);
  return data;
}

/** Nothing, for an answer without a body (204), or the ProblemError it is. */
export function okOf({ error, response }: { error?: unknown; response: Response }): void {
  if (!response.ok) throw problemOf(response, error);
}

const problemOf = (response: Response, error: unknown) =>
  new ProblemError(response, typeof error === 'object' && error !== null && 'code' in error ? (error as Problem) : undefined);

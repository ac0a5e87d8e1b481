import { ProblemError, type Problem } from '@valeria-tabletop/client';

/** A sentence for a failed call: the API's own detail when it sent a problem document. */
export function explain(error: unknown): string {
  if (error instanceof ProblemError) return error.problem?.detail ?? `${error.status} ${error.code}`;
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

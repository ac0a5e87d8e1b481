import { ProblemError } from '@valeria-tabletop/client';

/** A sentence for a failed call: the API's own detail when it sent a problem document. */
export function explain(error: unknown): string {
  if (error instanceof ProblemError) return error.problem?.detail ?? `${error.status} ${error.code}`;
  return error instanceof Error ? error.message : String(error);
}

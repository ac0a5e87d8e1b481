/**
 * A refusal the HTTP layer turns into an RFC 9457 problem document. `code` is
 * stable: clients switch on it; `detail` is for people. `retryAfterSeconds`
 * becomes the `Retry-After` header of a 429 or 503.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 428 | 429 | 503,
    readonly code: string,
    readonly detail: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'ServiceError';
  }
}

export const notFound = (what: string, id: string) => new ServiceError(404, `${what}-not-found`, `No ${what} with id ${id}.`);

/** How long a client should wait before trying again when the store is unavailable. */
export const STORE_RETRY_AFTER_SECONDS = 2;

/**
 * 503 `store-unavailable`. `unknown`: a write left and no answer came back,
 * so it may have been applied; the client repeats the request with the same
 * Idempotency-Key and receives the first answer if it was.
 */
export function storeUnavailable(outcome: 'not-applied' | 'unknown'): ServiceError {
  const detail =
    outcome === 'unknown'
      ? 'The store did not confirm your request in time: it may or may not have been applied. Send it again with the same Idempotency-Key; if it was applied you get its answer, otherwise it is applied now.'
      : 'The store is unavailable; nothing was changed. Try again shortly.';
  return new ServiceError(503, 'store-unavailable', detail, { outcome }, STORE_RETRY_AFTER_SECONDS);
}

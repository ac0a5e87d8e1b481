/**
 * A refusal the HTTP layer turns into an RFC 9457 problem document. `code` is
 * stable: clients switch on it; `detail` is for people.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 428,
    readonly code: string,
    readonly detail: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(detail);
    this.name = 'ServiceError';
  }
}

export const notFound = (what: string, id: string) => new ServiceError(404, `${what}-not-found`, `No ${what} with id ${id}.`);

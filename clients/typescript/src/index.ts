/**
 * A typed client of the Valeria Tabletop API: every call goes through
 * openapi-fetch with the types openapi-typescript generates from the API's
 * OpenAPI document (src/openapi.ts), plus the few things every client ends up
 * writing: a token on every call, playing a move exactly as it was listed,
 * long-polling the event log, pinning a version with If-Match, retrying a
 * write safely under an Idempotency-Key (client.ts), the live stream
 * (stream.ts), following a game as it is played (follow.ts) and reading what
 * may follow a move in one batch (batch.ts).
 */
export type { components, operations, paths } from './openapi.js';
export type * from './types.js';
export { nextLink, ProblemError, ValeriaClient, type ClientOptions, type ExportFilters, type PlayOptions, type WriteOptions } from './client.js';
export { LiveStream, type Seen, type StreamNews, type StreamSocket, type StreamSocketClass } from './stream.js';
export { followGame, type FollowOptions, type FollowStatus, type GameFollower } from './follow.js';
export { followUpsAfter } from './batch.js';

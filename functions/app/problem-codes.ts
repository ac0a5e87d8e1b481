import type { ServiceProblemCode } from '../service/problems.js';

/**
 * The codes each kind of operation may answer, for route contracts to list
 * (the codes themselves, their statuses and meanings: service/problems.ts).
 */

/** Codes any operation may answer, whatever it does. */
export const EVERY_OPERATION: readonly ServiceProblemCode[] = ['uri-too-long', 'rate-limited', 'store-unavailable', 'internal-error'];
/** Codes of an operation that takes any token of a player's. */
export const ANY_TOKEN_CHECKED: readonly ServiceProblemCode[] = ['missing-token', 'malformed-token', 'invalid-token', 'token-expired', 'store-unavailable'];
/** Codes of an operation that needs a player's token holding the scopes it declares. */
export const AUTHENTICATED: readonly ServiceProblemCode[] = [...ANY_TOKEN_CHECKED, 'insufficient-scope'];
/** Codes of an operation that reads a JSON body. */
export const WITH_BODY: readonly ServiceProblemCode[] = ['invalid-request', 'malformed-json', 'invalid-body', 'payload-too-large', 'unsupported-media-type'];
/** Codes of an operation that asks for a new table (a game, or a seek that becomes one): its game of the catalog, seats, options, and bots seated or not. */
export const ASKS_FOR_A_TABLE: readonly ServiceProblemCode[] = ['unknown-game', 'invalid-seats', 'invalid-options', 'bots-not-allowed'];
/** Codes of an operation that reads a game from the store. */
export const READS_GAME: readonly ServiceProblemCode[] = ['game-not-found', 'store-unavailable', 'engine-version-unsupported'];

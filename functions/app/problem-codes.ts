/**
 * Every `code` of a problem+json answer the service itself gives, with its
 * HTTP status and what it means. Route contracts list the codes each
 * operation may answer; the document turns them into an enum on
 * `Problem.code` with these descriptions. The engines' refusals (the kit's
 * and each game's codes tables) join them in the document, at 409 when they
 * mean "not now" and 422 otherwise (service/play.ts decides which).
 */
export const SERVICE_PROBLEMS = {
  'invalid-request': { status: 400, description: 'A parameter, header or body field does not fit the API; `errors` names each one.' },
  'malformed-json': { status: 400, description: 'The body is not valid JSON.' },
  'bad-request': { status: 400, description: 'The request cannot be read as HTTP the API understands.' },
  'invalid-if-match': { status: 400, description: 'If-Match is not an ETag of the game, e.g. "12".' },
  'invalid-cursor': { status: 400, description: 'The cursor (`cursor`, or `after` of the notifications) was not given by this API.' },
  'cursor-out-of-range': { status: 400, description: 'The `after` cursor is beyond the game’s version: no such commit exists yet.' },
  'invalid-name': { status: 400, description: 'The player name is empty, too long or holds characters a name may not.' },
  'missing-token': { status: 401, description: 'No `Authorization: Bearer <token>` header.' },
  'malformed-token': { status: 401, description: 'The Authorization header is not a bearer token.' },
  'invalid-token': { status: 401, description: 'No player holds this token.' },
  'not-seated': { status: 403, description: 'You hold no seat in this game.' },
  'not-creator': { status: 403, description: 'Only the player who created the game may do this.' },
  'not-through-edge': { status: 403, description: 'On AWS, the API answers at its published (CloudFront) address only, never at its origin’s own.' },
  'game-not-found': { status: 404, description: 'No game has this id.' },
  'webhook-not-found': { status: 404, description: 'You have no webhook with this id.' },
  'route-not-found': { status: 404, description: 'No operation of the API has this path.' },
  'method-not-allowed': { status: 405, description: 'The path exists but not with this method; `Allow` lists those it has.' },
  'version-mismatch': { status: 409, description: 'If-Match names a version the game has moved on from; `currentVersion` says where it is.' },
  'game-full': { status: 409, description: 'Every seat of the game is taken.' },
  'game-finished': { status: 409, description: 'The game is over.' },
  'game-not-started': { status: 409, description: 'The game starts when every seat is taken.' },
  'game-not-finished': { status: 409, description: 'The seed and the full log are revealed when the game ends.' },
  'seat-taken': { status: 409, description: 'The seat asked for is taken.' },
  'already-seated': { status: 409, description: 'You already hold a seat in this game.' },
  contention: { status: 409, description: 'Others changed the game at the same moment; try again.' },
  'idempotency-key-reused': {
    status: 422,
    description: 'This Idempotency-Key was used with another request body (as the IETF Idempotency-Key draft answers it).',
  },
  'undo-not-allowed': {
    status: 409,
    description: 'The commit cannot be taken back; `reason` says why (not yours, not the latest, it revealed something, or the table has no undo).',
  },
  'seat-not-replaced': { status: 409, description: 'No bot plays your seat: there is nothing to reclaim.' },
  'vacation-running': { status: 409, description: 'You are on vacation already (`until` says till when); end it before starting another.' },
  'no-vacation-running': { status: 409, description: 'You are not on vacation: there is nothing to end.' },
  'vacation-in-past': { status: 422, description: 'A vacation must end in the future: `until` is not later than now.' },
  'vacation-allowance-exceeded': {
    status: 422,
    description: 'The vacation takes more whole days (`days`) than are left of this calendar year’s allowance (`remainingDays`).',
  },
  'engine-version-unsupported': { status: 409, description: 'The game was created by an engine version this service no longer plays.' },
  'uri-too-long': { status: 414, description: 'The path and query exceed the API’s URL length limit.' },
  'payload-too-large': { status: 413, description: 'The body exceeds the API’s size limit.' },
  'unsupported-media-type': { status: 415, description: 'Bodies must be `application/json`.' },
  'unknown-game': { status: 422, description: 'No game of the catalog has this id.' },
  'invalid-seats': { status: 422, description: 'The game is not played by this many players.' },
  'invalid-options': { status: 422, description: 'The options do not fit the game; `errors` names each field.' },
  'no-such-seat': { status: 422, description: 'The game has no seat with this number.' },
  'no-standing-orders': { status: 422, description: 'This game takes no standing orders.' },
  'webhook-target-forbidden': { status: 422, description: 'Webhooks go to https URLs that resolve to public addresses only.' },
  'invalid-events': { status: 422, description: 'A webhook asked for events its scope (player or game) never receives.' },
  'too-many-webhooks': { status: 422, description: 'A player keeps at most 10 webhooks; delete one first.' },
  'invalid-standing-orders': { status: 422, description: 'The orders do not fit the game’s standing-orders schema.' },
  'rate-limited': { status: 429, description: 'Too many requests; wait for `Retry-After` seconds.' },
  'internal-error': { status: 500, description: 'A fault on our side; the request changed nothing that was not committed.' },
  'store-unavailable': { status: 503, description: 'The game store cannot be reached now; retry after `Retry-After` seconds.' },
} as const satisfies Record<string, { readonly status: number; readonly description: string }>;

export type ServiceProblemCode = keyof typeof SERVICE_PROBLEMS;

/**
 * The kit's refusals of a move (core/engine/rejection.ts), at the status the
 * service answers them with: "not now" is 409, "not like this" 422 (service/play.ts).
 */
export const KIT_MOVE_PROBLEMS = {
  'not-your-turn': { status: 409, description: 'The game awaits someone else, or another step, now.' },
  'game-over': { status: 409, description: 'The game is over; no more moves are accepted.' },
  'nothing-pending': { status: 409, description: 'Nothing is awaited in the game right now.' },
  'malformed-move': { status: 422, description: 'The move does not fit the game’s move schema; the detail names the field.' },
  'wrong-step': { status: 422, description: 'The awaited step takes no move of this type; the detail names the step and the moves it accepts.' },
} as const satisfies Record<string, { readonly status: number; readonly description: string }>;

/** Each game's own refusals of a move are answered 422 (service/play.ts). */
export const GAME_REFUSAL_STATUS = 422;

/** Codes any operation may answer, whatever it does. */
export const EVERY_OPERATION: readonly ServiceProblemCode[] = ['uri-too-long', 'rate-limited', 'store-unavailable', 'internal-error'];
/** Codes of an operation that needs a player's token. */
export const AUTHENTICATED: readonly ServiceProblemCode[] = ['missing-token', 'malformed-token', 'invalid-token', 'store-unavailable'];
/** Codes of an operation that reads a JSON body. */
export const WITH_BODY: readonly ServiceProblemCode[] = ['invalid-request', 'malformed-json', 'payload-too-large', 'unsupported-media-type'];
/** Codes of an operation that reads a game from the store. */
export const READS_GAME: readonly ServiceProblemCode[] = ['game-not-found', 'store-unavailable', 'engine-version-unsupported'];

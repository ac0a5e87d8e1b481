/**
 * The service's vocabulary of refusals: every `code` of a problem+json answer
 * the service gives, with its HTTP status, what it means (the OpenAPI document
 * lists it), and, for each code something raises, the sentence it answers
 * (`detail`) and the fields it adds, built from the facts its raiser names.
 * A raiser names the code and its facts only (`fail` in errors.ts); the app
 * renders the answer. The engines' refusals join these in the document, at
 * 409 when they mean "not now" and 422 otherwise (KIT_MOVE_PROBLEMS).
 */

import { DEFAULT_LANGUAGE, type Language } from './languages.js';

/** The statuses the service answers with. */
export type ProblemStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 414 | 415 | 422 | 428 | 429 | 431 | 500 | 503;

/** One code: its status and meaning; for raised codes, what the answer says from the raiser's facts. */
interface ProblemSpec {
  readonly status: ProblemStatus;
  readonly description: string;
  /** The sentence for people: fixed, or made from the facts. */
  readonly detail?: string | ((facts: never) => string);
  /** Fields the answer carries beside `detail`, from the same facts. */
  readonly fields?: (facts: never) => Readonly<Record<string, unknown>>;
  /** The `Retry-After` of the answer, in seconds. */
  readonly retryAfterSeconds?: number;
}

/** An invalid field of a request, as `invalid-request`, `invalid-options` and `invalid-standing-orders` list them. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/** How long a client should wait before trying again when the store is unavailable. */
const STORE_RETRY_AFTER_SECONDS = 2;

/** What a request that meets no seat of its own wanted to do (`not-seated`). */
const NOT_SEATED = {
  move: 'You hold no seat in this game; spectators cannot move.',
  undo: 'You hold no seat in this game; spectators cannot undo.',
  reclaim: 'You hold no seat in this game.',
  'keep standing orders': 'Only a seated player has standing orders in a game.',
  subscribe: 'Only a player seated in this game may subscribe to it.',
} as const;

/** What a request to a finished game wanted to do (`game-finished`). */
const GAME_FINISHED = {
  'take a seat': 'The game is over.',
  reclaim: 'The game is over; its result records the seats that ended under a bot.',
  'keep standing orders': 'The game is over; standing orders no longer answer anything.',
} as const;

/** What others changed at the same moment (`contention`). */
const CONTENDED = {
  moves: 'Too many moves reached this game at once; send yours again.',
  seats: 'Several players took seats at once; try again.',
  'standing orders': 'The game changed while your orders were saved; send them again.',
  vacation: 'Your vacation changed at the same moment elsewhere; look at it and try again.',
} as const;

/** Which list a cursor was not issued by (`invalid-cursor`). */
const FOREIGN_CURSOR = {
  games: 'This cursor was not issued by this list.',
  export: 'This cursor was not issued by this export; use the `next` link of an earlier page, with the same filters.',
  notifications: 'This cursor was not issued by this list; use a `next` from an earlier page.',
  leaderboard: 'This cursor was not issued by this leaderboard; use a `next` from an earlier page of it.',
  'open games': 'This cursor was not issued by this list of open games; use a `next` from an earlier page of it.',
  'recent games': "This cursor was not issued by this player's list of finished games; use a `next` from an earlier page of it.",
} as const;

/** The lists that hand out cursors, as `invalid-cursor` names them. */
export type CursorList = keyof typeof FOREIGN_CURSOR;

export type Contended = keyof typeof CONTENDED;

/** Which published limit a request exceeded (`rate-limited`), and whom it counts: a player, or a client address. */
interface RateLimitFacts {
  readonly policy: string;
  readonly caller: 'player' | 'address';
  readonly limit: number;
  readonly windowSeconds: number;
  readonly retryAfter: number;
}

export const SERVICE_PROBLEMS = {
  'invalid-request': {
    status: 400,
    description: 'A parameter, header or body field does not fit the API; `errors` names each one.',
    detail: ({ errors }: { errors: readonly FieldError[] }) => `The request does not fit the API: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}.`,
    fields: ({ errors }: { errors: readonly FieldError[] }) => ({ errors }),
  },
  'malformed-json': { status: 400, description: 'The body is not valid JSON.' },
  'invalid-body': {
    status: 400,
    description: 'The JSON body nests arrays and objects deeper than the API reads (`maxDepth`); no request needs more than a few levels.',
    detail: ({ maxDepth }: { maxDepth: number }) => `Request bodies may nest arrays and objects at most ${maxDepth} levels deep.`,
    fields: ({ maxDepth }: { maxDepth: number }) => ({ maxDepth }),
  },
  'bad-request': { status: 400, description: 'The request cannot be read as HTTP the API understands.' },
  'invalid-if-match': {
    status: 400,
    description: 'If-Match is not an ETag of the game, e.g. "12".',
    detail: 'If-Match must be the ETag of the game, e.g. "12".',
  },
  'invalid-cursor': {
    status: 400,
    description: 'The cursor (`cursor`, or `after` of the notifications) was not given by this API.',
    detail: ({ list }: { list: CursorList }) => FOREIGN_CURSOR[list],
  },
  'cursor-out-of-range': {
    status: 400,
    description: 'The `after` cursor is beyond the game’s version: no such commit exists yet.',
    detail: ({ version, after }: { version: number; after: number }) => `The game is at version ${version}; \`after\` must be at most that, not ${after}.`,
  },
  'invalid-name': {
    status: 400,
    description: 'The player name is empty, too long or holds characters a name may not.',
    detail: ({ why }: { why: string }) => `This player name cannot be used: ${why}.`,
  },
  'missing-token': {
    status: 401,
    description: 'No `Authorization: Bearer <token>` header.',
    detail: 'Send your API token as `Authorization: Bearer <token>`.',
  },
  'malformed-token': {
    status: 401,
    description: 'The Authorization header is not a bearer token.',
    detail: 'The Authorization header must be `Bearer <token>`.',
  },
  'invalid-token': { status: 401, description: 'No player holds this token.', detail: 'This API token is not valid.' },
  'token-expired': {
    status: 401,
    description: 'This personal access token expired (`expiredAt`); make a new one.',
    detail: ({ expiredAt }: { expiredAt: string }) => `This access token expired at ${expiredAt}.`,
    fields: ({ expiredAt }: { expiredAt: string }) => ({ expiredAt }),
  },
  'insufficient-scope': {
    status: 403,
    description:
      'The token lacks a scope the operation needs, or a new access token would hold a scope the token asking for it lacks; `scope` names the first, `missing` all of them.',
    detail: ({ scope, to }: { scope: string; missing: readonly string[]; to: 'call' | 'grant' }) =>
      to === 'grant'
        ? `This token cannot grant the scope ${scope}, which it does not hold.`
        : `This token lacks the scope ${scope}, which this operation needs.`,
    fields: ({ scope, missing }: { scope: string; missing: readonly string[] }) => ({ scope, missing }),
  },
  'not-seated': {
    status: 403,
    description: 'You hold no seat in this game.',
    detail: ({ to }: { to: keyof typeof NOT_SEATED }) => NOT_SEATED[to],
  },
  'blocked-at-table': {
    status: 403,
    description: 'A player seated at this table and you are on one another’s block list: you are never seated together.',
    detail: 'You cannot sit at this table: you and a player seated there are never seated together (a block list).',
  },
  'cannot-block-yourself': {
    status: 422,
    description: 'A player cannot block themselves.',
    detail: 'You cannot block yourself.',
  },
  'too-many-blocks': {
    status: 409,
    description: 'The block list is full (`limit`); unblock someone first.',
    detail: ({ limit }: { limit: number }) => `You block ${limit} players already, the most one may; unblock someone first.`,
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'reliability-too-low': {
    status: 403,
    description: 'The table asks for a minimum reliability (`table.minReliability`, percent) that yours (`reliability`) is below.',
    detail: ({ required, reliability }: { required: number; reliability: number }) =>
      `This table asks for a reliability of ${required}% or more; yours is ${reliability}% (games finished without a timeout).`,
    fields: ({ required, reliability }: { required: number; reliability: number }) => ({ required, reliability }),
  },
  'not-creator': {
    status: 403,
    description: 'Only the player who created the game may do this.',
    detail: 'Only the player who created this game may seat bots.',
  },
  'not-through-edge': {
    status: 403,
    description: 'On AWS, the API answers at its published (CloudFront) address only, never at its origin’s own.',
    detail: 'This API answers at its published address only.',
  },
  'player-not-found': {
    status: 404,
    description: 'No player has this id.',
    detail: ({ playerId }: { playerId: string }) => `No player with id ${playerId}.`,
  },
  'game-not-found': { status: 404, description: 'No game has this id.', detail: ({ gameId }: { gameId: string }) => `No game with id ${gameId}.` },
  'block-not-found': {
    status: 404,
    description: 'You do not block this player.',
    detail: ({ playerId }: { playerId: string }) => `You do not block the player ${playerId}.`,
  },
  'seek-not-found': {
    status: 404,
    description: 'You have no seek with this id waiting or seated (it may have expired).',
    detail: ({ seekId }: { seekId: string }) => `You have no seek with id ${seekId}.`,
  },
  'webhook-not-found': {
    status: 404,
    description: 'You have no webhook with this id.',
    detail: ({ webhookId }: { webhookId: string }) => `You have no webhook with id ${webhookId}.`,
  },
  'seek-seated': {
    status: 409,
    description: 'The seek was seated already (`gameId`): there is nothing to cancel; play the game, or leave it as any other.',
    detail: ({ gameId }: { gameId: string }) => `This seek was seated already, in game ${gameId}.`,
    fields: ({ gameId }: { gameId: string }) => ({ gameId }),
  },
  'seek-exists': {
    status: 409,
    description: 'You wait in this pool already (`seekId`): one seek per pool is enough.',
    detail: ({ seekId }: { seekId: string }) => `You are waiting for this game already (seek ${seekId}).`,
    fields: ({ seekId }: { seekId: string }) => ({ seekId }),
  },
  'too-many-seeks': {
    status: 409,
    description: 'You wait in as many pools as a player may (`limit`); cancel a seek first.',
    detail: ({ limit }: { limit: number }) => `You are waiting in ${limit} pools already, the most one may; cancel a seek first.`,
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'bots-not-allowed': {
    status: 403,
    description: 'This table does not seat bot accounts (`table.allowBots` is off).',
    detail: 'This table does not seat bot accounts.',
  },
  'access-token-not-found': {
    status: 404,
    description: 'You have no access token with this id (revoked already, or never yours).',
    detail: ({ tokenId }: { tokenId: string }) => `You have no access token with id ${tokenId}.`,
  },
  'passkey-not-found': {
    status: 404,
    description: 'You have no passkey with this id.',
    detail: ({ passkeyId }: { passkeyId: string }) => `You have no passkey with id ${passkeyId}.`,
  },
  'email-not-set': {
    status: 404,
    description: 'You have no e-mail address set (`PUT /v1/players/me/email` sets one).',
    detail: 'You have no e-mail address set.',
  },
  'email-link-invalid': {
    status: 404,
    description:
      'An e-mail link whose token is unknown, altered, already used (a confirmation works once) or expired (a confirmation works for a day), or whose address has changed since.',
    detail: 'This link is unknown, used or expired. Set your address again to get a new confirmation link.',
  },
  'push-subscription-not-found': {
    status: 404,
    description: 'You have no browser push subscription with this id.',
    detail: ({ subscriptionId }: { subscriptionId: string }) => `You have no push subscription with id ${subscriptionId}.`,
  },
  'route-not-found': {
    status: 404,
    description: 'No operation of the API has this path.',
    detail: ({ method, path }: { method: string; path: string }) => `There is no ${method} ${path} in this API; see /docs.`,
  },
  'method-not-allowed': {
    status: 405,
    description: 'The path exists but not with this method; `Allow` lists those it has.',
    detail: ({ method, path, allow }: { method: string; path: string; allow: readonly string[] }) => `${path} answers ${allow.join(', ')}, not ${method}.`,
  },
  'version-mismatch': {
    status: 409,
    description: 'If-Match names a version the game has moved on from; `currentVersion` says where it is.',
    detail: ({ pinned, current }: { pinned: number; current: number }) =>
      `You sent If-Match ${pinned}, but the game is at version ${current}; read it again and decide anew.`,
    fields: ({ current }: { current: number }) => ({ currentVersion: current }),
  },
  'game-full': { status: 409, description: 'Every seat of the game is taken.', detail: 'Every seat of this game is taken.' },
  'game-finished': {
    status: 409,
    description: 'The game is over.',
    detail: ({ to }: { to: keyof typeof GAME_FINISHED }) => GAME_FINISHED[to],
  },
  'game-not-started': {
    status: 409,
    description: 'The game starts when every seat is taken.',
    detail: 'The game starts when every seat is taken.',
  },
  'game-not-finished': {
    status: 409,
    description: 'The seed and the full log are revealed when the game ends.',
    detail: 'The seed and the full log are revealed when the game ends.',
  },
  'seat-taken': { status: 409, description: 'The seat asked for is taken.', detail: ({ seat }: { seat: number }) => `Seat ${seat} is already taken.` },
  'already-seated': { status: 409, description: 'You already hold a seat in this game.', detail: 'You already hold a seat in this game.' },
  contention: {
    status: 409,
    description: 'Others changed the game at the same moment; try again.',
    detail: ({ over }: { over: Contended }) => CONTENDED[over],
  },
  'idempotency-key-reused': {
    status: 422,
    description: 'This Idempotency-Key was used with another request body (as the IETF Idempotency-Key draft answers it).',
    detail: 'This Idempotency-Key was already used with a different request body; use a new key for a new request.',
  },
  'undo-not-allowed': {
    status: 409,
    description: 'The commit cannot be taken back; `reason` says why (not yours, not the latest, it revealed something, or the table has no undo).',
    detail: ({ version, reason }: { version: number; reason: string }) => `Commit ${version} cannot be undone: ${reason}.`,
    fields: ({ reason }: { reason: string }) => ({ reason }),
  },
  'too-many-running-games': {
    status: 409,
    description:
      'You count as many running games (open or active: those you sit in, and those you created without a seat) as a player may (`limit`); one must end before you create or join another.',
    detail: ({ limit }: { limit: number }) => `You have ${limit} running games, as many as a player may; finish one before you create or join another.`,
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'too-many-undos': {
    status: 409,
    description:
      'You already took back a move of yours at this step: one undo per pending entry (`limit`), for a slip rather than a loop that would tell the others of your turn again and again.',
    detail: ({ limit }: { limit: number }) => `You may take back ${limit === 1 ? 'one move' : `${limit} moves`} at each step; this step has had its undo.`,
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'seat-not-replaced': {
    status: 409,
    description: 'No bot plays your seat: there is nothing to reclaim.',
    detail: 'Your seat is yours already: no bot plays it.',
  },
  'vacation-running': {
    status: 409,
    description: 'You are on vacation already (`until` says till when); end it before starting another.',
    detail: ({ until }: { until: string }) => `You are on vacation until ${until}; end it first.`,
    fields: ({ until }: { until: string }) => ({ until }),
  },
  'no-vacation-running': { status: 409, description: 'You are not on vacation: there is nothing to end.', detail: 'You are not on vacation.' },
  'vacation-in-past': {
    status: 422,
    description: 'A vacation must end in the future: `until` is not later than now.',
    detail: 'A vacation ends in the future: `until` must be later than now.',
  },
  'vacation-allowance-exceeded': {
    status: 422,
    description: 'The vacation takes more whole days (`days`) than are left of this calendar year’s allowance (`remainingDays`).',
    detail: ({ days, remainingDays, allowanceDays, year }: { days: number; remainingDays: number; allowanceDays: number; year: number }) =>
      `This vacation takes ${days} whole days; ${remainingDays} of your ${allowanceDays} days of ${year} are left.`,
    fields: ({ days, remainingDays }: { days: number; remainingDays: number }) => ({ days, remainingDays }),
  },
  'engine-version-unsupported': {
    status: 409,
    description: 'The game was created by an engine version this service no longer plays.',
    detail: ({ recorded, title, supported }: { recorded: number; title: string; supported: number }) =>
      `This game was recorded by version ${recorded} of the ${title} engine; this service runs version ${supported} and cannot replay it.`,
    fields: ({ recorded, supported }: { recorded: number; supported: number }) => ({ engineVersion: recorded, supportedEngineVersion: supported }),
  },
  'uri-too-long': {
    status: 414,
    description: 'The path and query exceed the API’s URL length limit.',
    detail: ({ maxChars }: { maxChars: number }) => `URLs are limited to ${maxChars} characters of path and query.`,
  },
  'payload-too-large': {
    status: 413,
    description: 'The body exceeds the API’s size limit.',
    detail: ({ maxBytes }: { maxBytes: number }) => `Request bodies are limited to ${maxBytes} bytes.`,
  },
  'unsupported-media-type': { status: 415, description: 'Bodies must be `application/json`.' },
  'unknown-game': {
    status: 422,
    description: 'No game of the catalog has this id.',
    detail: ({ game, withCards }: { game: string; withCards?: boolean }) =>
      `There is no game called "${game}"${withCards ? ' with cards' : ''}; see GET /v1/games/catalog.`,
  },
  'invalid-seats': {
    status: 422,
    description: 'The game is not played by this many players.',
    detail: ({ title, minSeats, maxSeats, seats }: { title: string; minSeats: number; maxSeats: number; seats: number }) =>
      `${title} is played by ${minSeats} to ${maxSeats} players, not ${seats}.`,
  },
  'solo-games-unrated': {
    status: 422,
    description: 'A game for one player is never rated: `rated` may only be true with two seats or more.',
    detail: 'A solo game is never rated; leave out `rated` or set it to false.',
  },
  'invalid-options': {
    status: 422,
    description: 'The options do not fit the game; `errors` names each field.',
    detail: ({ title }: { title: string }) => `These options do not fit ${title}.`,
    fields: ({ errors }: { errors: readonly FieldError[] }) => ({ errors }),
  },
  'no-such-seat': {
    status: 422,
    description: 'The game has no seat with this number.',
    detail: ({ seats }: { seats: number }) => `This game has seats 0 to ${seats - 1}.`,
  },
  'no-standing-orders': {
    status: 422,
    description: 'This game takes no standing orders.',
    detail: ({ game }: { game: string }) => `${game} has no standing orders.`,
  },
  'webhook-target-forbidden': {
    status: 422,
    description: 'Webhooks go to https URLs that resolve to public addresses only.',
    detail: ({ why }: { why: string }) => `Webhooks go to https URLs on public addresses only: ${why}.`,
  },
  'push-endpoint-forbidden': {
    status: 422,
    description: 'A push subscription’s endpoint must be an https URL that resolves to a public address (the rules of webhook targets).',
    detail: ({ why }: { why: string }) => `Push endpoints are https URLs on public addresses only: ${why}.`,
  },
  'invalid-push-keys': {
    status: 422,
    description:
      'A push subscription’s `keys.p256dh` is not a P-256 public key (65 bytes, uncompressed) or its `keys.auth` not a 16-byte secret: no message could be encrypted to it (RFC 8291).',
    detail: ({ why }: { why: string }) => `These push keys cannot be encrypted to: ${why}.`,
  },
  'invalid-events': {
    status: 422,
    description: 'A webhook asked for events its scope (player or game) never receives.',
    detail: ({ scope, allowed, stray }: { scope: 'player' | 'game'; allowed: readonly string[]; stray: readonly string[] }) =>
      `A ${scope}-scope webhook receives ${allowed.join(', ')}; not ${stray.join(', ')}.`,
  },
  'already-bot': {
    status: 409,
    description: 'This account is a bot account already; that cannot be undone.',
    detail: 'This account is a bot account already.',
  },
  'deletion-not-confirmed': {
    status: 422,
    description: 'Deleting an account asks for its name, exactly as `GET /v1/players/me` shows it, in `confirm`: a stray or mistaken call deletes nothing.',
    detail: 'To delete this account, send its name, exactly as shown, as `confirm`.',
  },
  'games-played': {
    status: 409,
    description: 'Only an account that has played no game (none running, none finished) may become a bot account: its past games were a person’s.',
    detail: 'This account has played games; only a new account may become a bot account.',
  },
  'invalid-bot-owner': {
    status: 422,
    description: 'A bot account’s owner must be an existing person other than the bot (`owner`, `why`).',
    detail: ({ owner, why }: { owner: string; why: string }) => `Player ${owner} cannot own a bot account: ${why}.`,
    fields: ({ owner }: { owner: string }) => ({ owner }),
  },
  'token-expiry-in-past': {
    status: 422,
    description: 'An access token’s `expiresAt` must be later than now.',
    detail: 'An access token expires in the future: `expiresAt` must be later than now.',
  },
  'too-many-access-tokens': {
    status: 422,
    description: 'A player keeps at most `max` personal access tokens; revoke one first.',
    detail: ({ max }: { max: number }) => `A player may keep ${max} access tokens; revoke one first.`,
    fields: ({ max }: { max: number }) => ({ max }),
  },
  'too-many-passkeys': {
    status: 422,
    description: 'A player keeps at most `max` passkeys; remove one first.',
    detail: ({ max }: { max: number }) => `A player may keep ${max} passkeys; remove one first.`,
    fields: ({ max }: { max: number }) => ({ max }),
  },
  'passkey-challenge-unknown': {
    status: 400,
    description:
      'The passkey answer signs a challenge this service did not issue for this purpose (registering for you, or signing in), or one expired long ago: ask for new options.',
    detail: 'This passkey answer is not for a challenge issued here for it; ask for new options and try again.',
  },
  'passkey-challenge-expired': {
    status: 400,
    description: 'The challenge was answered after it expired (`expiredAt`): ask for new options.',
    detail: ({ expiredAt }: { expiredAt: string }) => `The challenge expired at ${expiredAt}; ask for new options and try again.`,
    fields: ({ expiredAt }: { expiredAt: string }) => ({ expiredAt }),
  },
  'passkey-challenge-used': {
    status: 409,
    description: 'The challenge was answered before: each is good for one answer (a replayed answer is refused).',
    detail: 'This challenge was answered already; ask for new options and try again.',
  },
  'sign-in-link-unknown': {
    status: 404,
    description:
      'No sign-in link was mailed with this secret (mistyped, cut short, or expired long ago): ask for a new link on the sign-in page (`POST /v1/sign-in/email`).',
    detail: 'This sign-in link is not one we mailed; ask for a new one.',
  },
  'sign-in-link-used': {
    status: 409,
    description: 'The sign-in link signed a browser in already: each works once (two uses racing: one wins, the other gets this). Ask for a new link.',
    detail: 'This sign-in link was used already; each works once. Ask for a new one.',
  },
  'sign-in-link-expired': {
    status: 400,
    description: 'The sign-in link lapsed (`expiredAt`, 15 minutes after it was mailed) before it was used: ask for a new link.',
    detail: ({ expiredAt }: { expiredAt: string }) => `This sign-in link expired at ${expiredAt}; ask for a new one.`,
    fields: ({ expiredAt }: { expiredAt: string }) => ({ expiredAt }),
  },
  'too-many-sign-in-links': {
    status: 429,
    description:
      'An address is mailed at most `limit` sign-in links in 15 minutes, counted whether or not it belongs to an account (so this answer tells nothing about the address): use a link already mailed, or wait.',
    detail: ({ limit }: { limit: number }) => `At most ${limit} sign-in links are mailed to one address in 15 minutes; use one already sent, or wait.`,
    fields: ({ limit }: { limit: number }) => ({ limit }),
    retryAfterSeconds: 900,
  },
  'passkey-not-verified': {
    status: 400,
    description:
      'The passkey answer does not verify: its signature, its origin or relying party, its type or its encoding is wrong (`why`). Nothing was stored or issued.',
    detail: ({ why }: { why: string }) => `The passkey answer does not verify: ${why}.`,
    fields: ({ why }: { why: string }) => ({ why }),
  },
  'passkey-unknown': {
    status: 401,
    description: 'No passkey registered here matches the one used to sign in (removed, or made for another account or site).',
    detail: 'This passkey is not registered here (it may have been removed); sign in another way.',
  },
  'passkey-counter-regressed': {
    status: 401,
    description:
      'The passkey’s signature counter did not rise above the one last seen (`counter`, `seen`): the answer was replayed, or the authenticator was cloned. Nothing was issued.',
    detail: ({ counter, seen }: { counter: number; seen: number }) =>
      `This passkey’s signature counter (${counter}) is not above the last one seen (${seen}): it may have been copied.`,
    fields: ({ counter, seen }: { counter: number; seen: number }) => ({ counter, seen }),
  },
  'passkey-already-registered': {
    status: 409,
    description: 'This passkey is registered to your account already.',
    detail: 'This passkey is registered to your account already.',
  },
  'invalid-standing-orders': {
    status: 422,
    description: 'The orders do not fit the game’s standing-orders schema.',
    detail: 'These standing orders do not fit this game.',
    fields: ({ errors }: { errors: readonly FieldError[] }) => ({ errors }),
  },
  'too-many-webhooks': {
    status: 409,
    description: 'A player keeps at most `limit` webhooks (10); delete one first.',
    detail: ({ limit }: { limit: number }) => `A player may keep ${limit} webhooks; delete one first.`,
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'too-many-push-subscriptions': {
    status: 409,
    description: 'A player keeps at most `limit` browser push subscriptions (10); delete one first.',
    detail: ({ limit }: { limit: number }) => `A player may keep ${limit} push subscriptions; delete one first.`,
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'too-many-connections': {
    status: 409,
    description: 'A player keeps at most `limit` stream connections open (10); close one first. Answered to the WebSocket handshake.',
    detail: ({ limit }: { limit: number }) => `A player may keep ${limit} stream connections open; close one first.`,
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'too-many-subscriptions': {
    status: 409,
    description: 'A stream connection follows at most `limit` games (20); unsubscribe from one first. Answered on the stream as an `error` message.',
    detail: ({ limit }: { limit: number }) => `A stream connection may follow ${limit} games; unsubscribe from one first.`,
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'too-many-stream-tickets': {
    status: 429,
    description: 'A player holds at most `limit` unused stream tickets (10); each lapses 60 s after it is issued, or when it is used.',
    detail: ({ limit }: { limit: number }) => `You hold ${limit} unused stream tickets; use one, or wait for one to lapse (60 s).`,
    fields: ({ limit }: { limit: number }) => ({ limit }),
    retryAfterSeconds: 60,
  },
  'rate-limited': {
    status: 429,
    description: 'Too many requests; wait for `Retry-After` seconds.',
    detail: ({ policy, caller, limit, windowSeconds, retryAfter }: RateLimitFacts) =>
      `Too many requests: the "${policy}" limit allows ${limit} per ${windowSeconds} s for each ${caller === 'player' ? 'player' : 'client address'}. Try again in ${retryAfter} s.`,
  },
  'internal-error': {
    status: 500,
    description: 'A fault on our side; the request changed nothing that was not committed.',
    detail: 'Something went wrong on our side; the request changed nothing that was not committed.',
  },
  'email-unavailable': {
    status: 503,
    description: 'This deployment sends no e-mail (no mailer is configured: SMTP under `npm start`, SES on AWS).',
    detail: 'This server sends no e-mail.',
  },
  'web-push-unavailable': {
    status: 503,
    description: 'This deployment has no VAPID keys, so it sends no browser push.',
    detail: 'This server sends no browser push.',
  },
  'passkeys-unavailable': {
    status: 503,
    description: 'This deployment does not know the address of its web client (`APP_URL`), which passkeys are bound to: sign in with a key.',
    detail: 'Passkeys are not available here: the service does not know the address of its web client.',
  },
  'store-unavailable': {
    status: 503,
    description: 'The game store cannot be reached now; retry after `Retry-After` seconds.',
    /**
     * `unknown`: a write left and no answer came back, so it may have been
     * applied; the client repeats the request with the same Idempotency-Key
     * and receives the first answer if it was.
     */
    detail: ({ outcome }: { outcome: 'not-applied' | 'unknown' }) =>
      outcome === 'unknown'
        ? 'The store did not confirm your request in time: it may or may not have been applied. Send it again with the same Idempotency-Key; if it was applied you get its answer, otherwise it is applied now.'
        : 'The store is unavailable; nothing was changed. Try again shortly.',
    fields: ({ outcome }: { outcome: 'not-applied' | 'unknown' }) => ({ outcome }),
    retryAfterSeconds: STORE_RETRY_AFTER_SECONDS,
  },
} as const satisfies Record<string, ProblemSpec>;

export type ServiceProblemCode = keyof typeof SERVICE_PROBLEMS;

/**
 * The kit's refusals of a move (core/engine/rejection.ts), at the status the
 * service answers them with: "not now" is 409, "not like this" 422.
 */
export const KIT_MOVE_PROBLEMS = {
  'not-your-turn': { status: 409, description: 'The game awaits someone else, or another step, now.' },
  'game-over': { status: 409, description: 'The game is over; no more moves are accepted.' },
  'nothing-pending': { status: 409, description: 'Nothing is awaited in the game right now.' },
  'malformed-move': { status: 422, description: 'The move does not fit the game’s move schema; the detail names the field.' },
  'wrong-step': { status: 422, description: 'The awaited step takes no move of this type; the detail names the step and the moves it accepts.' },
} as const satisfies Record<string, Pick<ProblemSpec, 'status' | 'description'>>;

/** Each game's own refusals of a move are answered 422. */
export const GAME_REFUSAL_STATUS = 422;

/**
 * The title of a problem answer: the reason phrase of its status, in the
 * caller's language (`Accept-Language`). English is RFC 9110's phrase; the
 * French and Persian ones are ours.
 */
const TITLES: Readonly<Record<Language, Readonly<Record<number, string>>>> = {
  en: {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    409: 'Conflict',
    413: 'Content Too Large',
    414: 'URI Too Long',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Content',
    428: 'Precondition Required',
    429: 'Too Many Requests',
    431: 'Request Header Fields Too Large',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  },
  fr: {
    400: 'Requête invalide',
    401: 'Non authentifié',
    403: 'Interdit',
    404: 'Introuvable',
    405: 'Méthode non autorisée',
    409: 'Conflit',
    413: 'Contenu trop volumineux',
    414: 'URI trop longue',
    415: 'Type de contenu non pris en charge',
    422: 'Contenu impossible à traiter',
    428: 'Condition préalable requise',
    429: 'Trop de requêtes',
    431: 'En-têtes de requête trop volumineux',
    500: 'Erreur interne du serveur',
    503: 'Service indisponible',
  },
  fa: {
    400: 'درخواست نادرست',
    401: 'احراز هویت نشده',
    403: 'ممنوع',
    404: 'پیدا نشد',
    405: 'روش مجاز نیست',
    409: 'تعارض',
    413: 'محتوا بیش از حد بزرگ است',
    414: 'نشانی بیش از حد بلند است',
    415: 'نوع رسانه پشتیبانی نمی‌شود',
    422: 'محتوا پردازش‌پذیر نیست',
    428: 'پیش‌شرط لازم است',
    429: 'درخواست‌ها بیش از حد زیادند',
    431: 'سرآیندهای درخواست بیش از حد بزرگ‌اند',
    500: 'خطای درونی سرور',
    503: 'سرویس در دسترس نیست',
  },
};

const ERROR: Readonly<Record<Language, string>> = { en: 'Error', fr: 'Erreur', fa: 'خطا' };

export function titleOf(status: number, language: Language = DEFAULT_LANGUAGE): string {
  return TITLES[language][status] ?? ERROR[language];
}

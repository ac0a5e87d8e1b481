/**
 * The service's vocabulary of refusals: every `code` of a problem+json answer
 * the service gives, with its HTTP status, what it means (the OpenAPI document
 * lists it), and, for each code something raises, the sentence it answers
 * (`detail`) and the fields it adds, built from the facts its raiser names.
 * A raiser names the code and its facts only (`fail` in errors.ts); the app
 * renders the answer in the caller's language. The sentence here is the
 * English ICU message; problem-details/{fr,fa}.ts hold the same message in
 * French and Persian, with the same arguments (test/functions/problem-details.test.ts).
 * The engines' refusals join these in the document, at 409 when they mean
 * "not now" and 422 otherwise (KIT_MOVE_PROBLEMS).
 */

import { DEFAULT_LANGUAGE, type Language } from './languages.js';

/** The statuses the service answers with. */
export type ProblemStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 414 | 415 | 422 | 428 | 429 | 431 | 500 | 503;

/** The arguments of a problem's ICU message. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** One code: its status and meaning; for raised codes, what the answer says from the raiser's facts. */
interface ProblemSpec {
  readonly status: ProblemStatus;
  readonly description: string;
  /** The sentence for people, in English: an ICU message whose arguments `values` makes from the facts (none for a fixed sentence). */
  readonly detail: string;
  /** The message's arguments from the raiser's facts, in the answer's language (lists joined as that language joins them). */
  readonly values?: (facts: never, language: Language) => MessageValues;
  /** Fields the answer carries beside `detail`, from the same facts: the same in every language. */
  readonly fields?: (facts: never) => Readonly<Record<string, unknown>>;
  /** The `Retry-After` of the answer, in seconds. */
  readonly retryAfterSeconds?: number;
  /** The sentence quotes English written elsewhere (a library's or a check's reason), so a French or Persian answer is in English too. */
  readonly quotesEnglish?: boolean;
}

/** The arguments are the facts themselves, typed `F`. */
const facts =
  <F extends MessageValues>() =>
  (given: F): MessageValues =>
    given;

/** Items as one language lists them inside a sentence (Persian's comma is ،). */
const listed = (items: readonly string[], language: Language) => items.join(language === 'fa' ? '، ' : ', ');

/** An ICU select key from a phrase a raiser names ('keep standing orders' → keepStandingOrders): selectors are single words. */
const selector = (phrase: string) => phrase.replace(/[ -](\w)/g, (_, letter: string) => letter.toUpperCase());

/** An invalid field of a request, as `invalid-request`, `invalid-options` and `invalid-standing-orders` list them. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/** How long a client should wait before trying again when the store is unavailable. */
const STORE_RETRY_AFTER_SECONDS = 2;

/** What a request that meets no seat of its own wanted to do (`not-seated`). */
type NotSeatedTo = 'move' | 'undo' | 'reclaim' | 'keep standing orders' | 'subscribe';

/** What a request to a finished game wanted to do (`game-finished`). */
type FinishedTo = 'take a seat' | 'reclaim' | 'keep standing orders';

/** What others changed at the same moment (`contention`). */
export type Contended = 'moves' | 'seats' | 'standing orders' | 'webhooks' | 'vacation';

/** The lists that hand out cursors, as `invalid-cursor` names them. */
export type CursorList = 'games' | 'export' | 'notifications' | 'leaderboard' | 'open games' | 'recent games';

/** Why a name cannot be used (`invalid-name`): the raiser's facts, the sentence in each language. */
export type NameFault =
  | { readonly fault: 'lone-surrogate' }
  | { readonly fault: 'forbidden-character'; readonly codePoint: string }
  | { readonly fault: 'length'; readonly length: number; readonly max: number }
  | { readonly fault: 'invisible' };

/** Why a player cannot own a bot account (`invalid-bot-owner`). */
export type BotOwnerFault = 'itself' | 'no-such-player' | 'a-bot';

/** Which published limit a request exceeded (`rate-limited`), and whom it counts: a player, or a client address. */
type RateLimitFacts = {
  readonly policy: string;
  readonly caller: 'player' | 'address';
  readonly limit: number;
  readonly windowSeconds: number;
  readonly retryAfter: number;
};

export const SERVICE_PROBLEMS = {
  'invalid-request': {
    status: 400,
    description: 'A parameter, header or body field does not fit the API; `errors` names each one.',
    detail: 'The request does not fit the API: {errors}.',
    /**
     * English quotes each field's message; French and Persian name the fields
     * only: the messages are zod's and our schemas' English, written for the
     * developers of clients, and `errors` (a machine field) carries them
     * unchanged in every language.
     */
    values: ({ errors }: { errors: readonly FieldError[] }, language: Language) => ({
      errors:
        language === DEFAULT_LANGUAGE
          ? errors.map((e) => `${e.path}: ${e.message}`).join('; ')
          : listed(
              errors.map((e) => e.path),
              language,
            ),
    }),
    fields: ({ errors }: { errors: readonly FieldError[] }) => ({ errors }),
  },
  'malformed-json': { status: 400, description: 'The body is not valid JSON.', detail: 'The body is not valid JSON.' },
  'invalid-body': {
    status: 400,
    description: 'The JSON body nests arrays and objects deeper than the API reads (`maxDepth`); no request needs more than a few levels.',
    detail: 'Request bodies may nest arrays and objects at most {maxDepth} levels deep.',
    values: facts<{ maxDepth: number }>(),
    fields: ({ maxDepth }: { maxDepth: number }) => ({ maxDepth }),
  },
  'bad-request': {
    status: 400,
    description: 'The request cannot be read as HTTP the API understands.',
    detail: 'The request cannot be read as HTTP this API understands.',
  },
  'invalid-if-match': {
    status: 400,
    description: 'If-Match is not an ETag of the game, e.g. "12".',
    detail: 'If-Match must be the ETag of the game, e.g. "12".',
  },
  'invalid-cursor': {
    status: 400,
    description: 'The cursor (`cursor`, or `after` of the notifications) was not given by this API.',
    detail:
      "{list, select, games {This cursor was not issued by this list.} export {This cursor was not issued by this export; use the `next` link of an earlier page, with the same filters.} notifications {This cursor was not issued by this list; use a `next` from an earlier page.} leaderboard {This cursor was not issued by this leaderboard; use a `next` from an earlier page of it.} openGames {This cursor was not issued by this list of open games; use a `next` from an earlier page of it.} other {This cursor was not issued by this player's list of finished games; use a `next` from an earlier page of it.}}",
    values: ({ list }: { list: CursorList }) => ({ list: selector(list) }),
  },
  'cursor-out-of-range': {
    status: 400,
    description: 'The `after` cursor is beyond the game’s version: no such commit exists yet.',
    detail: 'The game is at version {version}; `after` must be at most that, not {after}.',
    values: ({ version, after }: { version: number; after: number }) => ({ version: String(version), after: String(after) }),
  },
  'invalid-name': {
    status: 400,
    description: 'The player name is empty, too long or holds characters a name may not.',
    detail:
      'This player name cannot be used: {fault, select, loneSurrogate {it holds a lone surrogate (half of a UTF-16 pair)} forbiddenCharacter {it holds {codePoint}, a control, format or invisible character} length {it has {length} characters; 1 to {max} are allowed} other {it has no visible character}}.',
    values: (fault: NameFault) => ({ ...fault, fault: selector(fault.fault) }),
  },
  'missing-token': {
    status: 401,
    description: 'No `Authorization: Bearer <token>` header.',
    detail: "Send your API token as `Authorization: Bearer '<'token'>'`.",
  },
  'malformed-token': {
    status: 401,
    description: 'The Authorization header is not a bearer token.',
    detail: "The Authorization header must be `Bearer '<'token'>'`.",
  },
  'invalid-token': { status: 401, description: 'No player holds this token.', detail: 'This API token is not valid.' },
  'token-expired': {
    status: 401,
    description: 'This personal access token expired (`expiredAt`); make a new one.',
    detail: 'This access token expired at {expiredAt}.',
    values: facts<{ expiredAt: string }>(),
    fields: ({ expiredAt }: { expiredAt: string }) => ({ expiredAt }),
  },
  'insufficient-scope': {
    status: 403,
    description:
      'The token lacks a scope the operation needs, or a new access token would hold a scope the token asking for it lacks; `scope` names the first, `missing` all of them.',
    detail:
      '{to, select, grant {This token cannot grant the scope {scope}, which it does not hold.} other {This token lacks the scope {scope}, which this operation needs.}}',
    values: ({ scope, to }: { scope: string; missing: readonly string[]; to: 'call' | 'grant' }) => ({ scope, to }),
    fields: ({ scope, missing }: { scope: string; missing: readonly string[] }) => ({ scope, missing }),
  },
  'not-seated': {
    status: 403,
    description: 'You hold no seat in this game.',
    detail:
      '{to, select, move {You hold no seat in this game; spectators cannot move.} undo {You hold no seat in this game; spectators cannot undo.} keepStandingOrders {Only a seated player has standing orders in a game.} subscribe {Only a player seated in this game may subscribe to it.} other {You hold no seat in this game.}}',
    values: ({ to }: { to: NotSeatedTo }) => ({ to: selector(to) }),
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
    detail: 'You block {limit} players already, the most one may; unblock someone first.',
    values: facts<{ limit: number }>(),
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'reliability-too-low': {
    status: 403,
    description: 'The table asks for a minimum reliability (`table.minReliability`, percent) that yours (`reliability`) is below.',
    detail: 'This table asks for a reliability of {required}% or more; yours is {reliability}% (games finished without a timeout).',
    values: facts<{ required: number; reliability: number }>(),
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
    detail: 'No player with id {playerId}.',
    values: facts<{ playerId: string }>(),
  },
  'game-not-found': { status: 404, description: 'No game has this id.', detail: 'No game with id {gameId}.', values: facts<{ gameId: string }>() },
  'block-not-found': {
    status: 404,
    description: 'You do not block this player.',
    detail: 'You do not block the player {playerId}.',
    values: facts<{ playerId: string }>(),
  },
  'seek-not-found': {
    status: 404,
    description: 'You have no seek with this id waiting or seated (it may have expired).',
    detail: 'You have no seek with id {seekId}.',
    values: facts<{ seekId: string }>(),
  },
  'webhook-not-found': {
    status: 404,
    description: 'You have no webhook with this id.',
    detail: 'You have no webhook with id {webhookId}.',
    values: facts<{ webhookId: string }>(),
  },
  'seek-seated': {
    status: 409,
    description: 'The seek was seated already (`gameId`): there is nothing to cancel; play the game, or leave it as any other.',
    detail: 'This seek was seated already, in game {gameId}.',
    values: facts<{ gameId: string }>(),
    fields: ({ gameId }: { gameId: string }) => ({ gameId }),
  },
  'seek-exists': {
    status: 409,
    description: 'You wait in this pool already (`seekId`): one seek per pool is enough.',
    detail: 'You are waiting for this game already (seek {seekId}).',
    values: facts<{ seekId: string }>(),
    fields: ({ seekId }: { seekId: string }) => ({ seekId }),
  },
  'too-many-seeks': {
    status: 409,
    description: 'You wait in as many pools as a player may (`limit`); cancel a seek first.',
    detail: 'You are waiting in {limit} pools already, the most one may; cancel a seek first.',
    values: facts<{ limit: number }>(),
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
    detail: 'You have no access token with id {tokenId}.',
    values: facts<{ tokenId: string }>(),
  },
  'passkey-not-found': {
    status: 404,
    description: 'You have no passkey with this id.',
    detail: 'You have no passkey with id {passkeyId}.',
    values: facts<{ passkeyId: string }>(),
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
    detail: 'You have no push subscription with id {subscriptionId}.',
    values: facts<{ subscriptionId: string }>(),
  },
  'route-not-found': {
    status: 404,
    description: 'No operation of the API has this path.',
    detail: 'There is no {method} {path} in this API; see /docs.',
    values: facts<{ method: string; path: string }>(),
  },
  'method-not-allowed': {
    status: 405,
    description: 'The path exists but not with this method; `Allow` lists those it has.',
    detail: '{path} answers {allow}, not {method}.',
    values: ({ method, path, allow }: { method: string; path: string; allow: readonly string[] }, language: Language) => ({
      method,
      path,
      allow: listed(allow, language),
    }),
  },
  'version-mismatch': {
    status: 409,
    description: 'If-Match names a version the game has moved on from; `currentVersion` says where it is.',
    detail: 'You sent If-Match {pinned}, but the game is at version {current}; read it again and decide anew.',
    values: ({ pinned, current }: { pinned: number; current: number }) => ({ pinned: String(pinned), current: String(current) }),
    fields: ({ current }: { current: number }) => ({ currentVersion: current }),
  },
  'game-full': { status: 409, description: 'Every seat of the game is taken.', detail: 'Every seat of this game is taken.' },
  'game-finished': {
    status: 409,
    description: 'The game is over.',
    detail:
      '{to, select, reclaim {The game is over; its result records the seats that ended under a bot.} keepStandingOrders {The game is over; standing orders no longer answer anything.} other {The game is over.}}',
    values: ({ to }: { to: FinishedTo }) => ({ to: selector(to) }),
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
  'seat-taken': { status: 409, description: 'The seat asked for is taken.', detail: 'Seat {seat} is already taken.', values: facts<{ seat: number }>() },
  'already-seated': { status: 409, description: 'You already hold a seat in this game.', detail: 'You already hold a seat in this game.' },
  contention: {
    status: 409,
    description: 'Others changed the game at the same moment; try again.',
    detail:
      '{over, select, moves {Too many moves reached this game at once; send yours again.} seats {Several players took seats at once; try again.} standingOrders {The game changed while your orders were saved; send them again.} webhooks {The game changed while your webhook was saved; send it again.} other {Your vacation changed at the same moment elsewhere; look at it and try again.}}',
    values: ({ over }: { over: Contended }) => ({ over: selector(over) }),
  },
  'idempotency-key-reused': {
    status: 422,
    description: 'This Idempotency-Key was used with another request body (as the IETF Idempotency-Key draft answers it).',
    detail: 'This Idempotency-Key was already used with a different request body; use a new key for a new request.',
  },
  'undo-not-allowed': {
    status: 409,
    description: 'The commit cannot be taken back; `reason` says why (not yours, not the latest, it revealed something, or the table has no undo).',
    detail: 'Commit {version} cannot be undone: {reason}.',
    values: ({ version, reason }: { version: number; reason: string }) => ({ version: String(version), reason }),
    fields: ({ reason }: { reason: string }) => ({ reason }),
    quotesEnglish: true,
  },
  'too-many-running-games': {
    status: 409,
    description:
      'You count as many running games (open or active: those you sit in, and those you created without a seat) as a player may (`limit`); one must end before you create or join another.',
    detail: 'You have {limit} running games, as many as a player may; finish one before you create or join another.',
    values: facts<{ limit: number }>(),
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'too-many-undos': {
    status: 409,
    description:
      'You already took back a move of yours at this step: one undo per pending entry (`limit`), for a slip rather than a loop that would tell the others of your turn again and again.',
    detail: 'You may take back {limit, plural, one {one move} other {# moves}} at each step; this step has had its undo.',
    values: facts<{ limit: number }>(),
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
    detail: 'You are on vacation until {until}; end it first.',
    values: facts<{ until: string }>(),
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
    detail: 'This vacation takes {days} whole days; {remainingDays} of your {allowanceDays} days of {year} are left.',
    values: ({ days, remainingDays, allowanceDays, year }: { days: number; remainingDays: number; allowanceDays: number; year: number }) => ({
      days,
      remainingDays,
      allowanceDays,
      year: String(year),
    }),
    fields: ({ days, remainingDays }: { days: number; remainingDays: number }) => ({ days, remainingDays }),
  },
  'engine-version-unsupported': {
    status: 409,
    description: 'The game was created by an engine version this service no longer plays.',
    detail: 'This game was recorded by version {recorded} of the {title} engine; this service runs version {supported} and cannot replay it.',
    values: facts<{ recorded: number; title: string; supported: number }>(),
    fields: ({ recorded, supported }: { recorded: number; supported: number }) => ({ engineVersion: recorded, supportedEngineVersion: supported }),
  },
  'uri-too-long': {
    status: 414,
    description: 'The path and query exceed the API’s URL length limit.',
    detail: 'URLs are limited to {maxChars, number, ::group-off} characters of path and query.',
    values: facts<{ maxChars: number }>(),
  },
  'payload-too-large': {
    status: 413,
    description: 'The body exceeds the API’s size limit.',
    detail: 'Request bodies are limited to {maxBytes, number, ::group-off} bytes.',
    values: facts<{ maxBytes: number }>(),
  },
  'unsupported-media-type': {
    status: 415,
    description: 'Bodies must be `application/json`.',
    detail: 'Send JSON bodies with `Content-Type: application/json`.',
  },
  'unknown-game': {
    status: 422,
    description: 'No game of the catalog has this id.',
    detail:
      '{withCards, select, yes {There is no game called "{game}" with cards; see GET /v1/games/catalog.} other {There is no game called "{game}"; see GET /v1/games/catalog.}}',
    values: ({ game, withCards }: { game: string; withCards?: boolean }) => ({ game, withCards: withCards ? 'yes' : 'no' }),
  },
  'invalid-seats': {
    status: 422,
    description: 'The game is not played by this many players.',
    detail: '{title} is played by {minSeats} to {maxSeats} players, not {seats}.',
    values: facts<{ title: string; minSeats: number; maxSeats: number; seats: number }>(),
  },
  'solo-games-unrated': {
    status: 422,
    description: 'A game for one player is never rated: `rated` may only be true with two seats or more.',
    detail: 'A solo game is never rated; leave out `rated` or set it to false.',
  },
  'invalid-options': {
    status: 422,
    description: 'The options do not fit the game; `errors` names each field.',
    detail: 'These options do not fit {title}.',
    values: ({ title }: { title: string }) => ({ title }),
    fields: ({ errors }: { errors: readonly FieldError[] }) => ({ errors }),
  },
  'no-such-seat': {
    status: 422,
    description: 'The game has no seat with this number.',
    detail: 'This game has seats 0 to {last}.',
    values: ({ seats }: { seats: number }) => ({ last: seats - 1 }),
  },
  'no-standing-orders': {
    status: 422,
    description: 'This game takes no standing orders.',
    detail: '{game} has no standing orders.',
    values: facts<{ game: string }>(),
  },
  'webhook-target-forbidden': {
    status: 422,
    description: 'Webhooks go to https URLs that resolve to public addresses only.',
    detail: 'Webhooks go to https URLs on public addresses only: {why}.',
    values: facts<{ why: string }>(),
    quotesEnglish: true,
  },
  'push-endpoint-forbidden': {
    status: 422,
    description: 'A push subscription’s endpoint must be an https URL that resolves to a public address (the rules of webhook targets).',
    detail: 'Push endpoints are https URLs on public addresses only: {why}.',
    values: facts<{ why: string }>(),
    quotesEnglish: true,
  },
  'invalid-push-keys': {
    status: 422,
    description:
      'A push subscription’s `keys.p256dh` is not a P-256 public key (65 bytes, uncompressed) or its `keys.auth` not a 16-byte secret: no message could be encrypted to it (RFC 8291).',
    detail: 'These push keys cannot be encrypted to: {why}.',
    values: facts<{ why: string }>(),
    quotesEnglish: true,
  },
  'invalid-events': {
    status: 422,
    description: 'A webhook asked for events its scope (player or game) never receives.',
    detail: '{scope, select, player {A player-scope webhook receives {allowed}; not {stray}.} other {A game-scope webhook receives {allowed}; not {stray}.}}',
    values: ({ scope, allowed, stray }: { scope: 'player' | 'game'; allowed: readonly string[]; stray: readonly string[] }, language: Language) => ({
      scope,
      allowed: listed(allowed, language),
      stray: listed(stray, language),
    }),
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
    detail:
      'Player {owner} cannot own a bot account: {why, select, itself {a bot cannot own itself} noSuchPlayer {no player has this id} other {a bot account cannot own another}}.',
    values: ({ owner, why }: { owner: string; why: BotOwnerFault }) => ({ owner, why: selector(why) }),
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
    detail: 'A player may keep {max} access tokens; revoke one first.',
    values: facts<{ max: number }>(),
    fields: ({ max }: { max: number }) => ({ max }),
  },
  'too-many-passkeys': {
    status: 422,
    description: 'A player keeps at most `max` passkeys; remove one first.',
    detail: 'A player may keep {max} passkeys; remove one first.',
    values: facts<{ max: number }>(),
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
    detail: 'The challenge expired at {expiredAt}; ask for new options and try again.',
    values: facts<{ expiredAt: string }>(),
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
    detail: 'This sign-in link expired at {expiredAt}; ask for a new one.',
    values: facts<{ expiredAt: string }>(),
    fields: ({ expiredAt }: { expiredAt: string }) => ({ expiredAt }),
  },
  'too-many-sign-in-links': {
    status: 429,
    description:
      'An address is mailed at most `limit` sign-in links in 15 minutes, counted whether or not it belongs to an account (so this answer tells nothing about the address): use a link already mailed, or wait.',
    detail: 'At most {limit} sign-in links are mailed to one address in 15 minutes; use one already sent, or wait.',
    values: facts<{ limit: number }>(),
    fields: ({ limit }: { limit: number }) => ({ limit }),
    retryAfterSeconds: 900,
  },
  'passkey-not-verified': {
    status: 400,
    description:
      'The passkey answer does not verify: its signature, its origin or relying party, its type or its encoding is wrong (`why`). Nothing was stored or issued.',
    detail: 'The passkey answer does not verify: {why}.',
    values: facts<{ why: string }>(),
    fields: ({ why }: { why: string }) => ({ why }),
    quotesEnglish: true,
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
    detail: 'This passkey’s signature counter ({counter}) is not above the last one seen ({seen}): it may have been copied.',
    values: ({ counter, seen }: { counter: number; seen: number }) => ({ counter: String(counter), seen: String(seen) }),
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
    detail: 'A player may keep {limit} webhooks; delete one first.',
    values: facts<{ limit: number }>(),
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'too-many-push-subscriptions': {
    status: 409,
    description: 'A player keeps at most `limit` browser push subscriptions (10); delete one first.',
    detail: 'A player may keep {limit} push subscriptions; delete one first.',
    values: facts<{ limit: number }>(),
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'too-many-connections': {
    status: 409,
    description: 'A player keeps at most `limit` stream connections open (10); close one first. Answered to the WebSocket handshake.',
    detail: 'A player may keep {limit} stream connections open; close one first.',
    values: facts<{ limit: number }>(),
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'too-many-subscriptions': {
    status: 409,
    description: 'A stream connection follows at most `limit` games (20); unsubscribe from one first. Answered on the stream as an `error` message.',
    detail: 'A stream connection may follow {limit} games; unsubscribe from one first.',
    values: facts<{ limit: number }>(),
    fields: ({ limit }: { limit: number }) => ({ limit }),
  },
  'too-many-stream-tickets': {
    status: 429,
    description: 'A player holds at most `limit` unused stream tickets (10); each lapses 60 s after it is issued, or when it is used.',
    detail: 'You hold {limit} unused stream tickets; use one, or wait for one to lapse (60 s).',
    values: facts<{ limit: number }>(),
    fields: ({ limit }: { limit: number }) => ({ limit }),
    retryAfterSeconds: 60,
  },
  'rate-limited': {
    status: 429,
    description: 'Too many requests; wait for `Retry-After` seconds.',
    detail:
      'Too many requests: the "{policy}" limit allows {limit} per {windowSeconds} s for each {caller, select, player {player} other {client address}}. Try again in {retryAfter} s.',
    values: facts<RateLimitFacts>(),
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
    detail:
      '{outcome, select, unknown {The store did not confirm your request in time: it may or may not have been applied. Send it again with the same Idempotency-Key; if it was applied you get its answer, otherwise it is applied now.} other {The store is unavailable; nothing was changed. Try again shortly.}}',
    values: ({ outcome }: { outcome: 'not-applied' | 'unknown' }) => ({ outcome: selector(outcome) }),
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

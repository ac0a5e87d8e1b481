/**
 * The API's types by name, as openapi-fetch hands them over, and each game's
 * own: its view, board, moves, commits, events and score details, picked
 * from the unions the document discriminates by `game`.
 */
import type { Client, ClientPathsWithMethod, MethodResponse, RequestBodyOption } from 'openapi-fetch';
import type { components, operations, paths } from './openapi.js';

type Api = Client<paths>;
/**
 * The JSON an operation answers with, as openapi-fetch hands it over (it
 * reads a response through its `Readable` view of the document's types).
 */
type Answer<Method extends 'get' | 'post' | 'put', Path extends ClientPathsWithMethod<Api, Method>> = MethodResponse<Api, Method, Path>;
/** The JSON body an operation takes, as openapi-fetch accepts it. */
type Body<Op> = NonNullable<RequestBodyOption<Op>['body']>;

export type NewPlayer = Answer<'post', '/v1/players'>;
export type Player = Answer<'get', '/v1/players/me'>;
/** What a token may do (`games:read`, `games:play`, …): each operation names those it needs. */
export type Scope = components['schemas']['Scope'];
export type NewAccessToken = Answer<'post', '/v1/players/me/tokens'>;
export type AccessTokenList = Answer<'get', '/v1/players/me/tokens'>;
/** The options of `navigator.credentials.create` for a passkey of yours (as @simplewebauthn/browser's `startRegistration` takes them). */
export type PasskeyCreationOptions = Answer<'post', '/v1/players/me/passkeys/options'>;
/** What the browser made, in its JSON form (`PublicKeyCredential.toJSON()`, or `startRegistration`'s answer). */
export type PasskeyRegistration = Body<operations['registerPasskey']>['response'];
export type Passkey = Answer<'post', '/v1/players/me/passkeys'>;
export type PasskeyList = Answer<'get', '/v1/players/me/passkeys'>;
/** The options of `navigator.credentials.get`, naming no account (as `startAuthentication` takes them). */
export type PasskeyRequestOptions = Answer<'post', '/v1/sign-in/passkey/options'>;
/** What the browser signed, in its JSON form (`PublicKeyCredential.toJSON()`, or `startAuthentication`'s answer). */
export type PasskeyAssertion = Body<operations['signInWithPasskey']>['response'];
/** A device signed in: its own token (shown once) and its account. */
export type DeviceSignIn = Answer<'post', '/v1/sign-in/passkey'>;
/** A sign-in link asked for: the same answer whether or not the address has an account. */
export type SignInLinkRequested = Answer<'post', '/v1/sign-in/email'>;
export type Catalog = Answer<'get', '/v1/games/catalog'>;
/** A game's card catalog (`GET /v1/games/catalog/{game}/cards`), discriminated by `game`. */
export type Cards = Answer<'get', '/v1/games/catalog/{game}/cards'>;
/** What `POST /v1/games` takes: `game` is one of the offered games' ids. */
export type NewGame = Body<operations['createGame']>;
export type GameId = NewGame['game'];
export type GameHeader = Answer<'post', '/v1/games'>;
export type Inbox = Answer<'get', '/v1/games'>;
/** What `POST /v1/seeks` takes: a game, its seats and time control (Play now). */
export type NewSeek = Body<operations['createSeek']>;
export type Seek = Answer<'post', '/v1/seeks'>;
/** Your seeks, and how many wait in each pool. */
export type SeekList = Answer<'get', '/v1/seeks'>;
export type InboxQuery = NonNullable<operations['listMyGames']['parameters']['query']>;
export type GameView = Answer<'get', '/v1/games/{id}'>;
export type LegalMoves = Answer<'get', '/v1/games/{id}/moves'>;
/** A move as `GET …/moves` lists it: submittable exactly as it is. */
export type ListedMove = LegalMoves['moves'][number];
/** A move as `POST …/moves` takes it: one of the games' own moves. */
export type Move = Body<operations['submitMoves']>['moves'][number];
export type MoveAnswer = Answer<'post', '/v1/games/{id}/moves'>;
export type Events = Answer<'get', '/v1/games/{id}/events'>;
export type Commit = Events['commits'][number];
export type Verification = Answer<'get', '/v1/games/{id}/verify'>;
/** A game's record as you may read it (the whole log, with the seed and scores, once the game is over). */
export type GameRecord = Answer<'get', '/v1/games/{id}/record'>;
export type BotLevel = Body<operations['addBot']>['level'];
export type StandingOrdersUpdate = Body<operations['putStandingOrders']>;
export type StandingOrders = Answer<'get', '/v1/games/{id}/standing-orders'>;
export type Vacation = Answer<'get', '/v1/players/me/vacation'>;
export type VacationChange = Answer<'post', '/v1/players/me/vacation'>;
/** Your reminders and, per notification type, which channels pass it on. */
export type Preferences = Answer<'get', '/v1/players/me/preferences'>;
/** Only what to change: the reminders, or some cells of the type × channel matrix. */
export type PreferencesChange = Body<operations['putPreferences']>;
/** One of a player's notifications, as `GET /v1/notifications` lists it and the stream brings it. */
export type Notification = components['schemas']['Notification'];

/** An RFC 9457 problem document; `code` is stable and meant to be switched on. */
export type Problem = components['schemas']['Problem'];

/** The card catalog of `G` as `cards(game)` answers it. */
export type CardsOf<G extends GameId> = Extract<Cards, { readonly game: G }>;
/** Every card of `G`: views, moves and events name cards by their ids in it. */
export type CatalogOf<G extends GameId> = CardsOf<G>['cards'];
/** Your view of a game of `G`. */
export type GameViewOf<G extends GameId> = Extract<GameView, { readonly game: G }>;
/** The game's own part of a view of `G` (`view.state.board`). */
export type BoardOf<G extends GameId> = NonNullable<GameViewOf<G>['state']>['board'];
/** One seat's line of `G`'s score sheet (`view.state.score.details[seat]`). */
export type ScoreDetailOf<G extends GameId> = NonNullable<NonNullable<GameViewOf<G>['state']>['score']>['details'][number];
/** Your legal moves in a game of `G`. */
export type LegalMovesOf<G extends GameId> = Extract<LegalMoves, { readonly game: G }>;
/** A move of `G`, as listed. */
export type MoveOf<G extends GameId> = LegalMovesOf<G>['moves'][number];
/** A page of your log of a game of `G`. */
export type EventsOf<G extends GameId> = Extract<Events, { readonly game: G }>;
/** A commit of `G` as you may see it. */
export type CommitOf<G extends GameId> = EventsOf<G>['commits'][number];
/** An event of `G` as you may see it: the game's own, and those every game shares (clocks, absence, vacations, undo). */
export type EventOf<G extends GameId> = CommitOf<G>['events'][number];

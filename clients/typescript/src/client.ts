/**
 * The client itself: every call through openapi-fetch with the types of the
 * document, plus a token on every call, playing a move exactly as it was
 * listed, pinning a version with If-Match, long-polling the event log, and
 * retrying a write safely under an Idempotency-Key.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { operations, paths } from './openapi.js';
import { LiveStream, type StreamSocketClass } from './stream.js';
import type {
  AccessTokenList,
  BotLevel,
  Cards,
  CardsOf,
  Catalog,
  Commit,
  Events,
  GameHeader,
  GameId,
  GameView,
  Inbox,
  InboxQuery,
  LegalMoves,
  ListedMove,
  Move,
  MoveAnswer,
  NewAccessToken,
  DeviceSignIn,
  SignInLinkRequested,
  NewGame,
  NewSeek,
  Seek,
  SeekList,
  Passkey,
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyRegistration,
  PasskeyRequestOptions,
  NewPlayer,
  Player,
  Preferences,
  PreferencesChange,
  Problem,
  Scope,
  StandingOrders,
  StandingOrdersUpdate,
  Vacation,
  VacationChange,
  Verification,
  GameRecord,
} from './types.js';

/** The header parameters an operation takes. */
type HeaderParams<Op> = Op extends { parameters: { header?: infer Headers } } ? NonNullable<Headers> : never;

/** Whether an error body is the API's problem document (a proxy in between may answer otherwise). */
function isProblem(body: unknown): body is Problem {
  return (
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    typeof body.code === 'string' &&
    'status' in body &&
    typeof body.status === 'number' &&
    'detail' in body &&
    typeof body.detail === 'string'
  );
}

/** A request the API refused (4xx) or could not answer (5xx). */
export class ProblemError extends Error {
  readonly status: number;
  /** The problem's `code`, or `http-<status>` when the answer was not a problem document. */
  readonly code: string;

  constructor(
    readonly response: Response,
    /** The problem document, when the answer was one. */
    readonly problem: Problem | undefined,
  ) {
    super(`${response.status} ${problem ? `${problem.code}: ${problem.detail}` : response.statusText}`);
    this.name = 'ProblemError';
    this.status = response.status;
    this.code = problem?.code ?? `http-${response.status}`;
  }
}

export interface ClientOptions {
  /** Where the API is, e.g. `https://…/` or `http://localhost:3000`. */
  readonly baseUrl: string;
  /** The bearer token from registering, sent on every call. */
  readonly token?: string;
  /** A fetch of your own (a proxy, a test double); defaults to the global fetch. */
  readonly fetch?: (request: Request) => Promise<Response>;
  /** How many times a write is resent, under the same Idempotency-Key, after a network failure, a 429 or a 5xx (default 3). */
  readonly retries?: number;
  /**
   * The WebSocket class of the live stream (`stream()`, `followGame`): by
   * default the platform's (browsers, Node 22 and later); on Node 20 pass
   * the `ws` package's `WebSocket`.
   */
  readonly webSocket?: StreamSocketClass;
}

/** What a write may carry. */
export interface WriteOptions {
  /** The key the write is sent (and resent) under; a fresh random one when left out. */
  readonly idempotencyKey?: string;
}

export interface PlayOptions extends WriteOptions {
  /** The ETag of the version the moves are based on (`view().etag`, `legalMoves().etag`): a game that moved on answers 409 `version-mismatch`. */
  readonly ifMatch?: string;
}

/** `{ data, response }` or `{ error, response }`, as openapi-fetch answers. */
interface Outcome<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

const RETRYABLE = (status: number) => status === 429 || status >= 500;

/** The answer's data, or a ProblemError. */
/** A paged answer with every page after `first` read and its commits gathered into it. */
async function wholeLog<P extends { readonly commits: readonly unknown[]; readonly next: number; readonly more: boolean }>(
  first: P,
  page: (after: number) => Promise<P>,
): Promise<P> {
  const commits = [...first.commits];
  let last = first;
  while (last.more) {
    last = await page(last.next);
    commits.push(...last.commits);
  }
  return { ...first, commits, next: last.next, more: false };
}

/** The filters of a personal export (`exportGames`). */
export interface ExportFilters {
  readonly game?: GameId;
  readonly rated?: boolean;
  /** Only games that ended at or after this instant (RFC 3339). */
  readonly since?: string;
  /** Only games that ended before this instant (RFC 3339). */
  readonly until?: string;
  /** Records an answer holds (the server's most when left out): smaller pages, more of them. */
  readonly limit?: number;
}

/** The target of a `Link` header's `rel="next"`, or null when there is none (RFC 8288). */
export function nextLink(header: string | null): string | null {
  for (const part of header?.split(',') ?? []) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?next"?\s*(;|$)/.test(match[2] ?? '')) return match[1] ?? null;
  }
  return null;
}

/** A problem document from an answer's text, when it is one. */
function parsedProblem(text: string): Problem | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return isProblem(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

function dataOf<T>({ data, error, response }: Outcome<T>): T {
  if (data === undefined || !response.ok) throw new ProblemError(response, isProblem(error) ? error : undefined);
  return data;
}

/** Nothing, for an answer without a body (204); a ProblemError when refused. */
function doneOf({ error, response }: Outcome<unknown>): void {
  if (!response.ok) throw new ProblemError(response, isProblem(error) ? error : undefined);
}

/** Whether `answer` holds the cards of `game` (the answer names its game). */
const isCardsOf = <G extends GameId>(answer: Cards, game: G): answer is CardsOf<G> => answer.game === game;

/** Seconds from a Retry-After header, if it holds a number. */
const retryAfterMs = (response: Response | undefined) => {
  const seconds = Number(response?.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client of one player (or of nobody, before registering). */
export class ValeriaClient {
  /** The openapi-fetch client underneath, typed by the document, for anything the helpers do not cover. */
  readonly api: Client<paths>;
  private live: LiveStream | undefined;

  constructor(private readonly options: ClientOptions) {
    this.api = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/$/, ''),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });
  }

  /** The same client, authenticated as the holder of `token`. */
  withToken(token: string): ValeriaClient {
    return new ValeriaClient({ ...this.options, token });
  }

  /**
   * Your live stream (one per client, opened while anyone listens): each
   * notification as it happens, and the commits of the games you watch.
   * `followGame` is built on it.
   */
  stream(): LiveStream {
    this.live ??= new LiveStream(async () => (await this.api.POST('/v1/stream/tickets')).data?.url ?? null, this.options.webSocket);
    return this.live;
  }

  /**
   * Registers a player, or with `botOwner` (a person's player id) a bot
   * account that person answers for. The token is shown only this once: keep
   * it, and use `withToken`.
   */
  async register(name: string, { botOwner }: { botOwner?: string } = {}): Promise<NewPlayer> {
    return dataOf(await this.api.POST('/v1/players', { body: { name, ...(botOwner ? { bot: { owner: botOwner } } : {}) } }));
  }

  /** Makes this account a bot account owned by `owner`, for good; only before it has played any game. */
  async becomeBot(owner: string): Promise<Player> {
    return dataOf(await this.api.POST('/v1/players/me/bot', { body: { owner } }));
  }

  async me(): Promise<Player> {
    return dataOf(await this.api.GET('/v1/players/me'));
  }

  /**
   * Makes a personal access token holding `scopes` only (at most those this
   * client's token holds), e.g. a read-only one: `createToken('stats site',
   * ['games:read'])`. Its `token` is in this answer only; hand it to the
   * program, as `withToken(token)`. Not resent on failure: a retry would make
   * a second token (see `tokens()`).
   */
  async createToken(label: string, scopes: readonly Scope[], expiresAt?: string): Promise<NewAccessToken> {
    return dataOf(await this.api.POST('/v1/players/me/tokens', { body: { label, scopes: [...scopes], ...(expiresAt ? { expiresAt } : {}) } }));
  }

  /** Your personal access tokens: label, scopes, created, last used, expiry (never the tokens themselves). */
  async tokens(): Promise<AccessTokenList> {
    return dataOf(await this.api.GET('/v1/players/me/tokens'));
  }

  /** Revokes one of your access tokens: refused from the next request on. */
  async revokeToken(tokenId: string): Promise<void> {
    doneOf(await this.api.DELETE('/v1/players/me/tokens/{id}', { params: { path: { id: tokenId } } }));
  }

  /**
   * Deletes this account for good, confirmed by its name exactly as `me()`
   * shows it (`deletion-not-confirmed` otherwise): running seats go to the
   * replacement bot, finished games keep the seat as "Deleted player", and
   * every token stops working, this client's included.
   */
  async deleteAccount(confirm: string): Promise<void> {
    doneOf(await this.api.DELETE('/v1/players/me', { body: { confirm } }));
  }

  /**
   * Registering a passkey, first half: the options to pass to the browser
   * (`startRegistration({ optionsJSON })` of @simplewebauthn/browser, or
   * `navigator.credentials.create`). Needs a token holding every scope.
   */
  async passkeyRegistrationOptions(): Promise<PasskeyCreationOptions> {
    return dataOf(await this.api.POST('/v1/players/me/passkeys/options'));
  }

  /** Registering a passkey, second half: what the browser made, kept under `name` once verified. */
  async registerPasskey(name: string, response: PasskeyRegistration): Promise<Passkey> {
    return dataOf(await this.api.POST('/v1/players/me/passkeys', { body: { name, response } }));
  }

  /** Your passkeys: name, created, last sign-in. */
  async passkeys(): Promise<PasskeyList> {
    return dataOf(await this.api.GET('/v1/players/me/passkeys'));
  }

  /** Removes a passkey: it signs in no more (the devices it signed in keep their tokens until revoked). */
  async removePasskey(passkeyId: string): Promise<void> {
    doneOf(await this.api.DELETE('/v1/players/me/passkeys/{id}', { params: { path: { id: passkeyId } } }));
  }

  /** Signing in with a passkey, first half (no token needed): the options to pass to the browser (`startAuthentication({ optionsJSON })`). */
  async passkeySignInOptions(): Promise<PasskeyRequestOptions> {
    return dataOf(await this.api.POST('/v1/sign-in/passkey/options'));
  }

  /**
   * Signing in with a passkey, second half: what the browser signed. Answers
   * this device's own token (shown once; use `withToken`), named `device`
   * or, by default, after the browser. Not resent on failure: its challenge
   * is good once.
   */
  async signInWithPasskey(response: PasskeyAssertion, device?: string): Promise<DeviceSignIn> {
    return dataOf(await this.api.POST('/v1/sign-in/passkey', { body: { response, ...(device ? { device } : {}) } }));
  }

  /**
   * Signing in through a mailed link, first half (no token needed): mails a
   * one-time link to `address` if it is the confirmed address of an account.
   * The answer is the same whether it is or not.
   */
  async requestSignInLink(address: string): Promise<SignInLinkRequested> {
    return dataOf(await this.api.POST('/v1/sign-in/email', { body: { address } }));
  }

  /**
   * Signing in through a mailed link, second half: the secret after
   * `#token=` in the link. Answers this device's own token (shown once; use
   * `withToken`). Each link works once, within 15 minutes.
   */
  async signInWithEmailLink(token: string, device?: string): Promise<DeviceSignIn> {
    return dataOf(await this.api.POST('/v1/sign-in/email/link', { body: { token, ...(device ? { device } : {}) } }));
  }

  async catalog(): Promise<Catalog> {
    return dataOf(await this.api.GET('/v1/games/catalog'));
  }

  /** Every card of `game`, to show cards from the ids views, moves and events name (no token needed). */
  async cards<G extends GameId>(game: G): Promise<CardsOf<G>> {
    const answer = dataOf(await this.api.GET('/v1/games/catalog/{game}/cards', { params: { path: { game } } }));
    if (!isCardsOf(answer, game)) throw new Error(`asked for the cards of ${game}, got those of ${answer.game}`);
    return answer;
  }

  async createGame(game: NewGame, options: WriteOptions = {}): Promise<GameHeader> {
    return this.write((key) => this.api.POST('/v1/games', { params: { header: { 'idempotency-key': key } }, body: game }), options);
  }

  /** Takes a seat: `seat`, or the first empty one. */
  async join(gameId: string, seat?: number, options: WriteOptions = {}): Promise<GameHeader> {
    return this.write(
      (key) =>
        this.api.POST('/v1/games/{id}/join', {
          params: { path: { id: gameId }, header: { 'idempotency-key': key } },
          body: seat === undefined ? {} : { seat },
        }),
      options,
    );
  }

  /** Fills a seat with a bot (creator only). */
  async addBot(gameId: string, level: BotLevel, seat?: number, options: WriteOptions = {}): Promise<GameHeader> {
    return this.write(
      (key) =>
        this.api.POST('/v1/games/{id}/bots', {
          params: { path: { id: gameId }, header: { 'idempotency-key': key } },
          body: seat === undefined ? { level } : { level, seat },
        }),
      options,
    );
  }

  /**
   * Play now: waits in the pool of `seek` until a table of players like you
   * forms. Answers `seated` with the `gameId` when this very request seated
   * you; otherwise watch `seeks()` (or `game-started` on the stream).
   */
  async createSeek(seek: NewSeek, options: WriteOptions = {}): Promise<Seek> {
    return this.write((key) => this.api.POST('/v1/seeks', { params: { header: { 'idempotency-key': key } }, body: seek }), options);
  }

  /** Your seeks (waiting, or seated with their game), and how many wait per game, seats and time control. */
  async seeks(): Promise<SeekList> {
    return dataOf(await this.api.GET('/v1/seeks'));
  }

  /** Stops waiting (a seek seated already is refused: `seek-seated`, with its game). */
  async cancelSeek(seekId: string): Promise<void> {
    doneOf(await this.api.DELETE('/v1/seeks/{id}', { params: { path: { id: seekId } } }));
  }

  /** Your games, those awaiting your move first. */
  async inbox(query: InboxQuery = {}): Promise<Inbox> {
    return dataOf(await this.api.GET('/v1/games', { params: { query } }));
  }

  /** Your view of a game and its ETag, to pin a move to (`play(…, { ifMatch: etag })`). */
  async view(gameId: string): Promise<{ view: GameView; etag: string }> {
    const outcome = await this.api.GET('/v1/games/{id}', { params: { path: { id: gameId } } });
    const view = dataOf(outcome);
    return { view, etag: outcome.response.headers.get('etag') ?? `"${view.version}"` };
  }

  /**
   * Opens a game in one request (`GET /v1/games/{id}?include=moves`): your
   * view and your legal moves now, read together at one version (none when
   * nothing is awaited from you, or you hold no seat), `listed` ready for
   * `playListed`; both ETags are that version's.
   */
  async open(gameId: string): Promise<{ view: GameView; etag: string; listed: LegalMoves & { etag: string } }> {
    const outcome = await this.api.GET('/v1/games/{id}', { params: { path: { id: gameId }, query: { include: 'moves' } } });
    const view = dataOf(outcome);
    const etag = outcome.response.headers.get('etag') ?? `"${view.version}"`;
    if (!view.legalMoves) throw new Error(`GET /v1/games/${gameId}?include=moves answered no legalMoves`);
    return { view, etag, listed: { ...view.legalMoves, etag } };
  }

  /** Your legal moves now (none when nothing is awaited from you), with the ETag of the version they were listed at. */
  async legalMoves(gameId: string): Promise<LegalMoves & { etag: string }> {
    const outcome = await this.api.GET('/v1/games/{id}/moves', { params: { path: { id: gameId } } });
    const listed = dataOf(outcome);
    return { ...listed, etag: outcome.response.headers.get('etag') ?? `"${listed.version}"` };
  }

  /** Plays one move, or an ordered batch atomically. With `ifMatch`, only on that version of the game. */
  async play(gameId: string, moves: readonly Move[], options: PlayOptions = {}): Promise<MoveAnswer> {
    return this.write((key) => {
      const header: HeaderParams<operations['submitMoves']> = { 'idempotency-key': key, ...(options.ifMatch ? { 'if-match': options.ifMatch } : {}) };
      return this.api.POST('/v1/games/{id}/moves', { params: { path: { id: gameId }, header }, body: { moves: [...moves] } });
    }, options);
  }

  /**
   * Plays a move exactly as `legalMoves` listed it, pinned to the version it
   * was listed at: if anyone moved meanwhile, nothing is played and a
   * ProblemError with code `version-mismatch` says so (list again and choose).
   */
  async playListed(listed: LegalMoves & { etag: string }, move: ListedMove, options: WriteOptions = {}): Promise<MoveAnswer> {
    return this.play(listed.gameId, [move], { ...options, ifMatch: listed.etag });
  }

  /**
   * Your log after `after`; with `wait` (seconds, at most 25) the call waits
   * for a commit when there is none yet (`signal` ends the wait early).
   */
  async events(gameId: string, { after = 0, wait = 0, signal }: { after?: number; wait?: number; signal?: AbortSignal } = {}): Promise<Events> {
    return dataOf(await this.api.GET('/v1/games/{id}/events', { params: { path: { id: gameId }, query: { after, wait } }, ...(signal ? { signal } : {}) }));
  }

  /** Your whole log so far, every page read, and the cursor after it (where `followGame` goes on from). */
  async log(gameId: string): Promise<{ commits: Commit[]; next: number }> {
    const commits: Commit[] = [];
    for (let after = 0; ;) {
      const page = await this.events(gameId, { after });
      commits.push(...page.commits);
      after = page.next;
      if (!page.more) return { commits, next: after };
    }
  }

  /** Every commit after `after`, as it happens: long-polls for ever (break out of the loop to stop). */
  async *follow(gameId: string, { after = 0, wait = 25 }: { after?: number; wait?: number } = {}): AsyncGenerator<Commit> {
    for (let cursor = after; ;) {
      const page = await this.events(gameId, { after: cursor, wait });
      yield* page.commits;
      cursor = page.next;
    }
  }

  /** After the end: the seed, its hash and the whole log, to replay and check (every page read: `more` is false). */
  async verify(gameId: string): Promise<Verification> {
    return wholeLog(await this.verifyPage(gameId, 0), (after) => this.verifyPage(gameId, after));
  }

  /** One page of the verification: the seed and setup, and the commits after `after` (at most 100, about 1 MB). */
  async verifyPage(gameId: string, after: number): Promise<Verification> {
    return dataOf(await this.api.GET('/v1/games/{id}/verify', { params: { path: { id: gameId }, query: { after } } }));
  }

  /**
   * The game's record, every page read (`more` is false): while it runs, what you may see;
   * once it is over, the whole log with the seed and scores — what a replay (core/table's `replayRecord`) consumes.
   */
  async record(gameId: string): Promise<GameRecord> {
    return wholeLog(await this.recordPage(gameId, 0), (after) => this.recordPage(gameId, after));
  }

  /**
   * A player's finished games (`me` for yours), newest first, one whole
   * record at a time: reads the NDJSON export a page at a time and follows
   * each answer's `Link: rel="next"` to the next, until an answer without
   * one, so years of play never sit in memory at once. Filters: `game`,
   * `rated`, and `since`/`until` (RFC 3339) on when each game ended.
   */
  async *exportGames(playerId = 'me', filters: ExportFilters = {}): AsyncGenerator<GameRecord> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(filters)) if (value !== undefined) query.set(name, String(value));
    let next: string | null = `/v1/players/${encodeURIComponent(playerId)}/games/export${query.size > 0 ? `?${query}` : ''}`;
    while (next !== null) {
      const response = await this.getRaw(next);
      const text = await response.text();
      if (!response.ok) throw new ProblemError(response, parsedProblem(text));
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        // Each line is one GameRecord as the document describes it (the export's contract), taken as it comes.
        const record: GameRecord = JSON.parse(line);
        yield record;
      }
      next = nextLink(response.headers.get('link'));
    }
  }

  /** A GET of a path this API gave (a `Link`), with this client's token. */
  private getRaw(path: string): Promise<Response> {
    const request = new Request(`${this.options.baseUrl.replace(/\/$/, '')}${path}`, {
      headers: this.options.token ? { authorization: `Bearer ${this.options.token}` } : {},
    });
    return (this.options.fetch ?? fetch)(request);
  }

  /** One page of the record: its fields, and the commits after `after` (at most 100, about 1 MB). */
  async recordPage(gameId: string, after: number): Promise<GameRecord> {
    return dataOf(await this.api.GET('/v1/games/{id}/record', { params: { path: { id: gameId }, query: { after } } }));
  }

  async standingOrders(gameId: string): Promise<StandingOrders> {
    return dataOf(await this.api.GET('/v1/games/{id}/standing-orders', { params: { path: { id: gameId } } }));
  }

  /** Sets your standing orders (`{ orders: null }` clears them). */
  async setStandingOrders(gameId: string, update: StandingOrdersUpdate): Promise<StandingOrders> {
    return dataOf(await this.api.PUT('/v1/games/{id}/standing-orders', { params: { path: { id: gameId } }, body: update }));
  }

  /** Takes back your own latest move, commit `version`, if it revealed nothing; otherwise a ProblemError `undo-not-allowed` whose detail says why. */
  async undo(gameId: string, version: number, options: WriteOptions = {}): Promise<MoveAnswer> {
    return this.write(
      (key) => this.api.POST('/v1/games/{id}/undo', { params: { path: { id: gameId }, header: { 'idempotency-key': key } }, body: { version } }),
      options,
    );
  }

  /** Takes your seat back from the bot that played it while you were away. */
  async reclaim(gameId: string, options: WriteOptions = {}): Promise<MoveAnswer> {
    return this.write((key) => this.api.POST('/v1/games/{id}/reclaim', { params: { path: { id: gameId }, header: { 'idempotency-key': key } } }), options);
  }

  /** Your vacation allowance this year and the vacation you are on. */
  async vacation(): Promise<Vacation> {
    return dataOf(await this.api.GET('/v1/players/me/vacation'));
  }

  /** Goes on vacation now until `until` (RFC 3339): your deadlines stand still meanwhile in the games that allow it. */
  async startVacation(until: string, options: WriteOptions = {}): Promise<VacationChange> {
    return this.write((key) => this.api.POST('/v1/players/me/vacation', { params: { header: { 'idempotency-key': key } }, body: { until } }), options);
  }

  /** Comes back early: the whole days not used go back to your allowance. */
  async endVacation(options: WriteOptions = {}): Promise<VacationChange> {
    return this.write((key) => this.api.DELETE('/v1/players/me/vacation', { params: { header: { 'idempotency-key': key } } }), options);
  }

  /** Your reminders and the type × channel matrix, defaults included. */
  async preferences(): Promise<Preferences> {
    return dataOf(await this.api.GET('/v1/players/me/preferences'));
  }

  /** Changes the reminders or only the cells named (e.g. `{notify: {"player-joined": {webhook: false}}}`); answers the whole matrix. */
  async changePreferences(change: PreferencesChange): Promise<Preferences> {
    return dataOf(await this.api.PUT('/v1/players/me/preferences', { body: change }));
  }

  /**
   * Sends a write under one Idempotency-Key, resending it under the same key
   * after a network failure, a 429 or a 5xx: the API answers a resent write
   * with its first answer and changes nothing, so a write whose answer was
   * lost is never applied twice.
   */
  private async write<T>(send: (idempotencyKey: string) => Promise<Outcome<T>>, { idempotencyKey = crypto.randomUUID() }: WriteOptions): Promise<T> {
    const retries = this.options.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      let outcome: Outcome<T> | undefined;
      try {
        outcome = await send(idempotencyKey);
      } catch (failure) {
        if (attempt >= retries) throw failure;
      }
      if (outcome && (!RETRYABLE(outcome.response.status) || attempt >= retries)) return dataOf(outcome);
      await pause(retryAfterMs(outcome?.response) ?? 100 * 2 ** attempt);
    }
  }
}

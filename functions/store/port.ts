import type { Deadlines } from '../../core/engine/index.js';
import type { PoolRating } from '../../core/ratings/model.js';

/**
 * The storage contract of the service. Two adapters implement it: DynamoDB
 * (the real one) and in-memory (unit tests, machines without Java). One
 * contract suite (test/functions/store-contract.test.ts) runs against both.
 *
 * Event sourcing: a started game is its creation arguments (the header) plus
 * its commits, one per accepted command, at gapless sequence numbers 1, 2, …
 * A snapshot of the folded state every few commits keeps loading cheap.
 */

export type PlayerId = string;

export interface PlayerRecord {
  readonly playerId: PlayerId;
  readonly name: string;
  /** sha256 of the bearer token; the token itself is never stored. */
  readonly tokenHash: string;
  readonly createdAt: number;
  /** Set for a bot account (functions/service/bot-accounts.ts): the person who answers for it. Absent: a person. */
  readonly botOwner?: PlayerId;
}

/**
 * A personal access token of a player's (functions/service/access-tokens.ts):
 * what its owner may see of it, and the hash that finds it. The token itself
 * is never stored.
 */
export interface AccessTokenRecord {
  readonly tokenId: string;
  readonly playerId: PlayerId;
  /** sha256 of the token; never answered. */
  readonly tokenHash: string;
  readonly label: string;
  /** What the token may do, as the service names scopes. */
  readonly scopes: readonly string[];
  readonly createdAt: number;
  /** Epoch ms after which the token is refused; null: never. */
  readonly expiresAt: number | null;
  /** The last request it authenticated, recorded at most once an hour (null: never used). */
  readonly lastUsedAt: number | null;
  /** Set for a device's token, issued by signing in on that device (functions/service/passkeys.ts); absent: a personal access token made by hand. */
  readonly device?: DeviceSignIn;
}

/** How a device's token was issued: by signing in with one of the player's passkeys, or through a sign-in link mailed to their confirmed address (functions/push/email/sign-in-link.ts). */
export type DeviceSignIn =
  | {
      readonly method: 'passkey';
      /** The passkey's credential id (base64url). */
      readonly passkeyId: string;
    }
  | { readonly method: 'email-link' };

/**
 * A passkey (a WebAuthn credential) a player registered
 * (functions/service/passkeys.ts): its public key and the signature counter
 * last seen. Kept in the player's partition, so whatever removes the player's
 * items removes it.
 */
export interface PasskeyRecord {
  readonly playerId: PlayerId;
  /** The credential id (base64url), as the authenticator names it. */
  readonly credentialId: string;
  /** The credential's COSE public key (base64url). */
  readonly publicKey: string;
  /** The signature counter of its last use (0 for an authenticator that keeps none). */
  readonly counter: number;
  /** How the browser may reach the authenticator (`internal`, `usb`, `hybrid`, …), as it reported them. */
  readonly transports: readonly string[];
  /** `multiDevice`: the credential may be synced to the person's other devices (a passkey manager); `singleDevice`: bound to one authenticator. */
  readonly deviceType: 'singleDevice' | 'multiDevice';
  readonly backedUp: boolean;
  /** What its owner calls it. */
  readonly name: string;
  readonly createdAt: number;
  /** Its last sign-in (null: never used to sign in). */
  readonly lastUsedAt: number | null;
}

/**
 * A one-time challenge the service issued, what it is for, and until when it
 * may be answered: a WebAuthn challenge (base64url), or the sha256 of an
 * e-mailed sign-in link's secret (the secret itself is only in the e-mail).
 */
export interface PasskeyChallenge {
  readonly challenge: string;
  /** `register`: a passkey for `playerId`; `sign-in`: anyone's passkey (username-less); `email-link`: a sign-in link mailed to `playerId`'s address. */
  readonly purpose: 'register' | 'sign-in' | 'email-link';
  readonly playerId: PlayerId | null;
  /** Epoch ms. */
  readonly expiresAt: number;
}

/** What answering a challenge found: it, first used now; it, answered before (a replay); or nothing the service issued (or already expired and swept). */
export type ChallengeTake =
  | { readonly status: 'taken'; readonly challenge: PasskeyChallenge }
  | { readonly status: 'used'; readonly challenge: PasskeyChallenge }
  | { readonly status: 'unknown' };

/** Whom a token's hash names: the player, and the access token when it is one (null: the player's registration token). */
export interface TokenHolder {
  readonly player: PlayerRecord;
  readonly access: AccessTokenRecord | null;
}

/** Who sits in a seat: a player, a bot, or nobody yet. */
export type SeatOccupant =
  | {
      readonly kind: 'player';
      readonly playerId: PlayerId;
      readonly name: string;
      /** A bot account's seat: badged wherever the seat is shown. */ readonly botAccount?: true;
      /**
       * The player deleted their account (functions/service/account-deletion.ts):
       * the name is "Deleted player", the replacement bot plays a running
       * seat for good, and nothing is written under the player's id again
       * (no row, rating, tally or notification).
       */
      readonly deleted?: true;
    }
  | { readonly kind: 'bot'; readonly level: 'random' | 'greedy' }
  | { readonly kind: 'empty' };

export type GameStatus = 'open' | 'active' | 'finished';

/**
 * The game's header: everything needed to rebuild its state (with the
 * commits) and to list it. Changes rarely (join, start, end), under a
 * revision number for optimistic concurrency.
 */
export interface GameHeader {
  readonly gameId: string;
  readonly game: string;
  readonly options: unknown;
  readonly deadlines: Deadlines;
  readonly seats: readonly SeatOccupant[];
  readonly createdBy: PlayerId;
  readonly createdAt: number;
  /** Secret until the game is finished. */
  readonly seed: string;
  readonly seedHash: string;
  readonly status: GameStatus;
  /** Set when the last seat is taken: the `at` given to the engine's setup. */
  readonly startedAt: number | null;
  /** Bumped by every header write. */
  readonly revision: number;
  /**
   * Standing orders per seat (keyed by the seat number), in the game's own
   * shape: answers a player set in advance. Private to that player.
   */
  readonly standingOrders?: Readonly<Record<string, unknown>>;
  /**
   * The version of the game's engine that created it and writes its log
   * (`GameEngine.engineVersion`); absent on games stored before versions
   * were recorded, which are version 1.
   */
  readonly engineVersion?: number;
  /** Undo and replacement rules (functions/service/table-rules.ts); absent on games created before them. */
  readonly table?: TableRules;
  /** Who may find the game: `open` games with free seats are listed for anyone to join (GET /v1/games/open); absent: invite only. */
  readonly visibility?: 'open' | 'invite';
  /** Whether the game's end changes ratings (functions/service/game-end.ts); absent on games created before ratings, which are not rated. */
  readonly rated?: boolean;
  /**
   * The latest seat a player took after the game's creation: which, when, and
   * the revision of the header write that seated them. `player-joined` is
   * derived from the header as stored (on AWS from its stream record), so it
   * is as durable as the seat; later writes carry it along, and their higher
   * revision says it is not theirs. Absent until someone joins.
   */
  readonly lastJoin?: SeatTaken;
  /**
   * Whether a game-scope webhook was ever subscribed to the game: set once,
   * by the header write that precedes the first subscription's (so push's
   * consumer, which holds the header, sees it), and never cleared. False on
   * games created since the flag exists; absent on older ones, which may
   * have some (their webhooks are looked up on every notice).
   */
  readonly gameWebhooks?: boolean;
}

/** A seat a player took, by the header write of `revision`, at `at` (epoch ms). */
export interface SeatTaken {
  readonly seat: number;
  readonly revision: number;
  readonly at: number;
}

/** How a table treats time and absence, beside the game's own options; fixed at creation (chosen by functions/service/table-rules.ts). */
export interface TableRules {
  /** Whether a player may take back their own latest commit that revealed nothing. */
  readonly undo: boolean;
  /** After this many consecutive timeouts of one seat the greedy bot takes it over (0: never). */
  readonly replaceAfterTimeouts: number;
  /** Whether a player's vacation pushes back their deadlines here (functions/service/vacation.ts); off for strict clocks. */
  readonly vacation: boolean;
  /** The reliability, in percent, a player needs to take a seat (functions/service/profiles.ts); absent: none. */
  readonly minReliability?: number;
  /** Whether bot accounts may take seats (functions/service/bot-accounts.ts); absent in tables stored before bot accounts: they may. */
  readonly allowBots?: boolean;
}

/** What a commit says about the game right after it, for lists and inboxes. */
export interface CommitSummary {
  readonly status: GameStatus;
  /** Seats whose move is awaited now. */
  readonly awaiting: readonly number[];
  /** Deadline of the pending entry, epoch ms; null when finished. */
  readonly deadline: number | null;
  /** Id of the pending entry, for timers (`p17`). */
  readonly pendingId: string | null;
  /** How the pending entry is answered, for notifications (absent in commits stored before it was added). */
  readonly pendingKind?: 'turn' | 'sequential' | 'simultaneous' | 'decision' | null;
  /** Seats whose part of a shared window closes later than `deadline` (a vacation), with their own deadlines. */
  readonly lateParts?: readonly { readonly seat: number; readonly deadline: number }[];
  /** Each seat's latest vacation the game knows, for lists to show who is away until when. */
  readonly vacations?: readonly { readonly seat: number; readonly leftAt: number; readonly backAt: number }[];
  /** The entry pending before this commit, when this commit closed it: its deadline timer is no longer needed (absent in commits stored before it was added). */
  readonly closedPendingId?: string;
  /**
   * The request that wrote this commit spent its slice of system commits
   * (functions/service/pipeline.ts) while bots or standing orders still owe
   * moves: the game's timer is wanted at once, not at the deadline.
   */
  readonly continues?: true;
}

export interface Commit {
  readonly gameId: string;
  /** 1, 2, 3, … without gaps. The game's version is its last seq. */
  readonly seq: number;
  /** The command as the engine received it (move or timeout). */
  readonly command: unknown;
  /** Every event the command produced, kit events included (the full log). */
  readonly events: readonly unknown[];
  /** The player who sent it, or `system` for timeouts and bots. */
  readonly actor: string;
  readonly idempotencyKey: string | null;
  /** sha256 of the request body that carried it, to tell a retry from a reuse. */
  readonly requestHash: string | null;
  readonly at: number;
  readonly summary: CommitSummary;
  /**
   * The revision of the game's header the commit was decided under (the
   * move path loads it with the game): push's follower uses a header it
   * already holds when that one is at least this new. Absent on commits
   * stored before, and on any whose maker did not have the header. Never
   * shown to clients.
   */
  readonly headerRevision?: number;
}

export interface Snapshot {
  readonly gameId: string;
  /** The state after this commit. */
  readonly seq: number;
  readonly state: unknown;
}

/** A game as loaded for a decision: always strongly consistent and complete. */
export interface LoadedGame {
  readonly header: GameHeader;
  /** Latest snapshot, if any (asked `afterSeq`: if newer than it). */
  readonly snapshot: Snapshot | null;
  /** Every commit after the snapshot (or after 0, or after `afterSeq`), in order. */
  readonly tail: readonly Commit[];
}

export type AppendResult =
  | { readonly status: 'appended' }
  /** Another commit already holds that seq: `existing` tells a retry of the same command from a real race. */
  | { readonly status: 'conflict'; readonly existing: Commit };

export interface Page<T> {
  readonly items: readonly T[];
  /** Opaque cursor for the next page; null at the end. */
  readonly next: string | null;
}

/**
 * A running game (open or active) of a player's: one they sit in, or created
 * without taking a seat (`seat` null). Written with the header that seats
 * them, counted against their running games (`counted`); rows stored before
 * quotas lack `counted` until the service adopts them. When the game ends
 * the row leaves for the player's finished games (FinishedRow).
 */
export interface MembershipRow {
  readonly gameId: string;
  readonly game: string;
  readonly seat: number | null;
  readonly joinedAt: number;
  readonly counted?: true;
}

/**
 * A player's claim on a running game, written in one transaction with the
 * header write that seats them (or creates the game): refused, and nothing
 * written, when they count `limit` running games already.
 */
export interface RunningGameClaim {
  readonly playerId: PlayerId;
  readonly row: Omit<MembershipRow, 'counted'>;
  readonly limit: number;
}

/** A finished game in a player's list, as its end left it: listed in `finishedOrderKey` order. */
export interface FinishedRow {
  readonly gameId: string;
  readonly game: string;
  readonly seat: number;
  /** The game's final version. */
  readonly version: number;
  readonly seats: readonly SeatOccupant[];
  /** Each seat's latest vacation the game knew. */
  readonly vacations: CommitSummary['vacations'];
  /** When the game's last commit ended it (epoch ms); absent from rows stored before the export kept it, which the export does not list. */
  readonly endedAt?: number;
}

/** Where a player's export of finished games stands: after this game, which ended then (newest first). */
export interface EndPosition {
  readonly endedAt: number;
  readonly gameId: string;
}

/** Which of a player's finished games the export reads: ended in [since, until), after `after`. */
export interface EndedQuery {
  readonly after: EndPosition | null;
  readonly since: number | null;
  readonly until: number | null;
}

/**
 * A player's vacations (functions/service/vacation.ts): the whole days taken
 * in one calendar year, and the latest vacation — running while `backAt` is
 * ahead; once cut short, `backAt` is when it ended.
 */
export interface VacationLedger {
  readonly playerId: PlayerId;
  /** The UTC calendar year `usedDays` counts; another year starts from 0. */
  readonly year: number;
  readonly usedDays: number;
  readonly latest: LatestVacation | null;
  /** Bumped by every write, for optimistic concurrency. */
  readonly revision: number;
}

export interface LatestVacation {
  readonly leftAt: number;
  readonly backAt: number;
  /** Whole days paid from the allowance (less `refundedDays` once ended early). */
  readonly days: number;
  readonly refundedDays: number;
  /** The Idempotency-Keys that started and ended it: their retries finish recording it in the player's games. */
  readonly startKey: string | null;
  readonly endKey: string | null;
}

/** A stored answer to a non-move POST, replayed for a retry with the same key. */
export interface IdempotentResponse {
  readonly requestHash: string;
  readonly status: number;
  readonly body: unknown;
}

/** A player's rating in one game's pool (core/ratings), as stored. */
export interface PlayerRating extends PoolRating {
  readonly playerId: PlayerId;
  readonly game: string;
  /** The player's name when the rating last changed: what the leaderboard shows. */
  readonly name: string;
  /** Whether the leaderboard index lists it (established when it last changed). */
  readonly listed: boolean;
  /** Bumped by every write, for optimistic concurrency; 0 for a rating never stored. */
  readonly revision: number;
}

/** One person's part in a rated game: enough to replay the pool's history. */
export interface RatingChange {
  readonly playerId: PlayerId;
  readonly seat: number;
  readonly place: number;
  /** The seat ended under the replacement bot. */
  readonly absent: boolean;
  readonly before: PoolRating;
  readonly after: PoolRating;
}

/** How one person's seat ended, for their reliability. */
export interface SeatTally {
  readonly playerId: PlayerId;
  readonly seat: number;
  /** Finished without a timeout (and so never handed to the replacement bot). */
  readonly clean: boolean;
  /** Among the winners after the game's tie-breaks. */
  readonly won: boolean;
}

/**
 * The record of a game's end, written once with everything the end changes in
 * one transaction: each person's tally (their finished games and clean ones
 * in that game's pool) and, when it was rated, every rating it changed.
 */
export interface GameEnd {
  readonly gameId: string;
  readonly game: string;
  /** When the game ended (its last commit), epoch ms. */
  readonly at: number;
  readonly tallies: readonly SeatTally[];
  /** Empty when the game was not rated. */
  readonly changes: readonly RatingChange[];
}

/** A player's finished games of one game; of them those finished without a timeout or a replacement, and those won. */
export interface PlayerTally {
  readonly playerId: PlayerId;
  readonly game: string;
  readonly finished: number;
  readonly clean: number;
  readonly won: number;
}

/**
 * A block a player keeps against another: the pair never shares a table (functions/service/blocks.ts). It keeps
 * no name: the blocked player's deletion erases their own partition only, and must leave nothing of them here.
 */
export interface BlockRow {
  readonly playerId: PlayerId;
  readonly blockedId: PlayerId;
  readonly at: number;
}

/**
 * A player's wish to play (functions/service/automatch.ts): waiting in its
 * pool until seated with others of the same pool, cancelled, or expired.
 */
export interface SeekRecord {
  readonly seekId: string;
  readonly playerId: PlayerId;
  /** The player's name when they sought: the seat's. */
  readonly name: string;
  /** A bot account's seek. */
  readonly botAccount?: true;
  readonly game: string;
  readonly seats: number;
  /** The time control as asked (a preset name or explicit seconds), JSON. */
  readonly deadlines: unknown;
  /** The game's options, as its schema parsed them. */
  readonly options: unknown;
  readonly rated: boolean;
  readonly allowBots: boolean;
  /** The pool's id: seeks are seated together only within one pool (same game, seats, time control, options, rated, allowBots). */
  readonly pool: string;
  /** The player's rating estimate (mu) in the game's pool when they sought: what closeness is measured on. */
  readonly mu: number;
  readonly createdAt: number;
  /** Epoch ms; gone for reads from that instant on (DynamoDB's TTL deletes it later). */
  readonly expiresAt: number;
  readonly status: 'waiting' | 'seated';
  /** The game it was seated in (status `seated`). */
  readonly gameId?: string;
}

/** How `seatSeeks` went: written with every seek seated; some seeks were no longer waiting; or two of the players block one another now (nothing written either way). */
export type SeatingOutcome = { readonly status: 'seated' } | { readonly status: 'gone'; readonly seekIds: readonly string[] } | { readonly status: 'blocked' };

/** How `recordGameEnd` went: written; the end was recorded before (nothing written); or a rating moved since it was read (nothing written). */
export type GameEndWrite = 'recorded' | 'already-recorded' | 'stale';

export interface Store {
  /** Fails with PlayerConflictError if the player id or the token hash is taken (nothing is written then). */
  createPlayer(player: PlayerRecord): Promise<void>;
  getPlayer(playerId: PlayerId): Promise<PlayerRecord | null>;
  /** Strongly consistent: a token revoked a moment ago is not found. */
  resolveToken(tokenHash: string): Promise<TokenHolder | null>;

  /**
   * Stores an access token and its lookup in one transaction, counted against
   * the player's `limit` of access tokens (AccessTokenLimitError, nothing
   * written, when they hold that many already).
   */
  createAccessToken(token: AccessTokenRecord, limit: number): Promise<void>;
  /** The player's access tokens, in tokenId order, strongly consistent. */
  listAccessTokens(playerId: PlayerId): Promise<readonly AccessTokenRecord[]>;
  /** Removes the token and its lookup at once (uncounting it); the record removed, or null when the player has none with this id. */
  deleteAccessToken(playerId: PlayerId, tokenId: string): Promise<AccessTokenRecord | null>;
  /**
   * Makes the player a bot account owned by `owner`, on their profile and on
   * every copy of it their tokens' lookups hold, in one transaction, only
   * while they are a person and count no running game: false otherwise
   * (nothing written).
   */
  convertToBot(playerId: PlayerId, owner: PlayerId): Promise<boolean>;
  /** Records a use of the token (both copies); nothing when it was revoked meanwhile. */
  touchAccessToken(token: AccessTokenRecord, at: number): Promise<void>;
  /**
   * Erases the player's account as this store keeps it: every token lookup
   * first (registration and access tokens: refused from then on), then
   * everything under the player — profile, access tokens, vacation ledger,
   * running and finished games' rows, ratings (and so their leaderboard
   * entries), tallies, blocks they keep, counters. On DynamoDB it is a walk of
   * the player's partition that deletes every item in it, whatever feature
   * wrote it, and each item elsewhere that one of them names
   * (dynamo-items.ts, `satellitesOf`). Idempotent: a walk cut short is run again.
   */
  erasePlayer(playerId: PlayerId): Promise<void>;

  /** Keeps a challenge until it is answered or expires (DynamoDB's TTL sweeps it some time after `expiresAt`). */
  putPasskeyChallenge(challenge: PasskeyChallenge): Promise<void>;
  /** Marks the challenge answered, once (a conditional write): the first call takes it, every later one finds it used. */
  takePasskeyChallenge(challenge: string): Promise<ChallengeTake>;
  /**
   * Stores a passkey, counted against the player's `limit` (PasskeyLimitError)
   * and refused when the player has one with this credential id already
   * (PasskeyConflictError); nothing is written then.
   */
  createPasskey(passkey: PasskeyRecord, limit: number): Promise<void>;
  /** Strongly consistent: a passkey removed a moment ago is not found. */
  getPasskey(playerId: PlayerId, credentialId: string): Promise<PasskeyRecord | null>;
  /** The player's passkeys, in credential id order, strongly consistent. */
  listPasskeys(playerId: PlayerId): Promise<readonly PasskeyRecord[]>;
  /** Removes the passkey (uncounting it): false when the player has none with this id. */
  deletePasskey(playerId: PlayerId, credentialId: string): Promise<boolean>;
  /**
   * Records a sign-in with `passkey` as it was read: its new counter and
   * when, only while it exists with the counter read (the one the signature
   * was checked against); false otherwise (another sign-in or a removal came
   * first), nothing written.
   */
  recordPasskeyUse(passkey: PasskeyRecord, counter: number, at: number): Promise<boolean>;

  /**
   * Fails with HeaderConflictError if the id exists. With a claim, the
   * creator's running row is written in the same transaction, or the whole
   * fails with RunningGamesLimitError.
   */
  createGame(header: GameHeader, claim?: RunningGameClaim): Promise<void>;
  /** Strongly consistent. */
  getHeader(gameId: string): Promise<GameHeader | null>;
  /** The header of each game that exists, strongly consistent, in as few requests as the store allows. */
  getHeaders(gameIds: readonly string[]): Promise<ReadonlyMap<string, GameHeader>>;
  /**
   * Writes `next` (whose revision must be expected + 1) only if the stored
   * revision is `expected`; false otherwise. With a claim (a player taking a
   * seat), their running row is written in the same transaction, or the whole
   * fails with RunningGamesLimitError; a player who counts the game already
   * (its creator, seated now) gets their row's seat and is not counted twice.
   */
  replaceHeader(next: GameHeader, expectedRevision: number, claim?: RunningGameClaim): Promise<boolean>;

  /**
   * Header, latest snapshot and every later commit, strongly consistent.
   * With `afterSeq` (a version whose state the caller holds), only what lies
   * beyond it: the latest snapshot if it is newer, and the commits after the
   * newer of the two — a player's move then reads the header and nothing else.
   * What it answers is the caller's own, never shared with another call.
   */
  loadGame(gameId: string, afterSeq?: number): Promise<LoadedGame | null>;
  /** Conditional on `seq` being free; never overwrites. */
  appendCommit(commit: Commit): Promise<AppendResult>;
  putSnapshot(snapshot: Snapshot): Promise<void>;
  /** Commits with seq > afterSeq, ascending, at most `limit` (seqs afterSeq+1 … afterSeq+limit: the log is gapless). */
  readCommits(gameId: string, afterSeq: number, limit: number): Promise<readonly Commit[]>;
  /** The newest commit, or null before the first; strongly consistent (lists read each game's newest through it). */
  latestCommit(gameId: string): Promise<Commit | null>;

  /** Strongly consistent. */
  getVacationLedger(playerId: PlayerId): Promise<VacationLedger | null>;
  /** Writes `next` (whose revision must be expected + 1) only if the stored revision is `expectedRevision` (0: none stored yet); false otherwise. */
  putVacationLedger(next: VacationLedger, expectedRevision: number): Promise<boolean>;

  /** Writes (or rewrites) the player's row for that game as releases before quotas did: counted against nothing (claims count). */
  addMembership(playerId: PlayerId, row: MembershipRow): Promise<void>;
  /** The player's running rows (those not yet retired), in gameId order; `cursor` is null for the first page or a `next` from an earlier page. */
  listMemberships(playerId: PlayerId, cursor: string | null, limit: number): Promise<Page<MembershipRow>>;
  /** Counts a row stored before quotas against the player's running games, once; nothing for a counted or missing row. */
  adoptMembership(playerId: PlayerId, gameId: string): Promise<void>;
  /**
   * The game ended (or never will for this player): their running row goes,
   * releasing what it counted, and `finished`, if given, joins their
   * finished games. Idempotent: a second call releases nothing more.
   */
  retireMembership(playerId: PlayerId, gameId: string, finished: FinishedRow | null): Promise<void>;
  /** The player's finished games in `finishedOrderKey` order, at most `limit`, after the one whose key is `afterKey` (null: from the first). */
  listFinishedGames(playerId: PlayerId, afterKey: string | null, limit: number): Promise<readonly FinishedRow[]>;
  /**
   * The player's finished games that record their end (`endedAt`), newest
   * first (then by game id, descending), at most `limit`, within the query.
   * retireMembership keeps this order beside the inbox's.
   */
  listFinishedByEnd(playerId: PlayerId, query: EndedQuery, limit: number): Promise<readonly FinishedRow[]>;

  /**
   * Idempotency records for POSTs other than moves; they expire (TTL).
   * `scope` must not contain `#`; `expiresAt` is epoch ms, and a record is
   * gone for reads from that instant on (DynamoDB's TTL deletes it later).
   */
  getIdempotent(scope: string, key: string): Promise<IdempotentResponse | null>;
  putIdempotent(scope: string, key: string, response: IdempotentResponse, expiresAt: number): Promise<void>;

  /** The stored ratings of these players in one game's pool, strongly consistent; a player never rated there is absent. */
  getRatings(game: string, playerIds: readonly PlayerId[]): Promise<ReadonlyMap<PlayerId, PlayerRating>>;
  /** Every pool's rating of one player, strongly consistent. */
  listPlayerRatings(playerId: PlayerId): Promise<readonly PlayerRating[]>;
  /** Every pool's tally of one player, strongly consistent. */
  listPlayerTallies(playerId: PlayerId): Promise<readonly PlayerTally[]>;
  /**
   * Writes the record of a game's end, adds each of its tallies to its
   * player's, and writes each rating it changed, all or nothing: only if the
   * game has no record yet and each stored rating is still at
   * `revision - 1` (none stored for revision 1).
   */
  recordGameEnd(record: GameEnd, ratings: readonly PlayerRating[]): Promise<GameEndWrite>;
  getGameEnd(gameId: string): Promise<GameEnd | null>;
  /**
   * A game's listed ratings, highest conservative rating (mu − 3·sigma) first,
   * ties by player id; `cursor` is null or a `next` of an earlier page (read
   * from an index: eventually consistent on DynamoDB).
   */
  listLeaderboard(game: string, cursor: string | null, limit: number): Promise<Page<PlayerRating>>;

  /** Writes (or rewrites) a block. */
  putBlock(row: BlockRow): Promise<void>;
  /** Removes a block; false when there was none. */
  deleteBlock(playerId: PlayerId, blockedId: PlayerId): Promise<boolean>;
  /** Every block the player keeps, in blocked-id order, strongly consistent. */
  listBlocks(playerId: PlayerId): Promise<readonly BlockRow[]>;
  /** Whether the player blocked any of `others`, or any of them blocked the player; strongly consistent. */
  anyBlockBetween(playerId: PlayerId, others: readonly PlayerId[]): Promise<boolean>;
  /** Those of `others` the player blocked or who blocked the player; strongly consistent. */
  blockedEitherWay(playerId: PlayerId, others: readonly PlayerId[]): Promise<ReadonlySet<PlayerId>>;

  /**
   * Games of one kind that are open (seats free) and `visibility: open`,
   * newest first, ties by game id; `cursor` is null or a `next` of an earlier
   * page (read from an index: eventually consistent on DynamoDB).
   */
  listOpenGames(game: string, cursor: string | null, limit: number): Promise<Page<GameHeader>>;

  /** Stores a waiting seek: in its game's pool and among its player's seeks, at once. */
  putSeek(seek: SeekRecord): Promise<void>;
  /** Every waiting seek of one game's pools not expired, oldest first, strongly consistent. */
  listPoolSeeks(game: string): Promise<readonly SeekRecord[]>;
  /** The player's seeks not expired, waiting or seated, oldest first, strongly consistent. */
  listPlayerSeeks(playerId: PlayerId): Promise<readonly SeekRecord[]>;
  /** Removes a waiting seek from its pool and its player's seeks; null when the player has no such seek, the seek unchanged when it is seated already. */
  cancelSeek(playerId: PlayerId, seekId: string): Promise<SeekRecord | null>;
  /**
   * Writes a new game's header with every seek seated in it, all or nothing:
   * only if each seek is still waiting in its pool (its pool item goes, its
   * player's copy says `seated` and names the game) and each claim is within
   * its player's running games (RunningGamesLimitError otherwise), and no
   * two of the players block one another (a block written meanwhile wins).
   * Two matchers that chose the same seek cannot both write.
   */
  seatSeeks(header: GameHeader, seeks: readonly SeekRecord[], claims: readonly RunningGameClaim[]): Promise<SeatingOutcome>;

  /**
   * Games with an open deadline, for the local timers to rebuild their deadlines:
   * those whose header status is `active` (DynamoDB: a sparse index, eventually consistent).
   */
  listActiveGameIds(): Promise<readonly string[]>;
}

export class HeaderConflictError extends Error {
  constructor(gameId: string) {
    super(`game ${gameId} already exists`);
    this.name = 'HeaderConflictError';
  }
}

/** A claim met a player who counts `limit` running games already (nothing was written). */
export class RunningGamesLimitError extends Error {
  constructor(
    readonly playerId: PlayerId,
    readonly limit: number,
  ) {
    super(`player ${playerId} already counts ${limit} running games`);
    this.name = 'RunningGamesLimitError';
  }
}

/** A player holds `limit` access tokens already (nothing was written). */
export class AccessTokenLimitError extends Error {
  constructor(
    readonly playerId: PlayerId,
    readonly limit: number,
  ) {
    super(`player ${playerId} already holds ${limit} access tokens`);
    this.name = 'AccessTokenLimitError';
  }
}

/** A player holds `limit` passkeys already (nothing was written). */
export class PasskeyLimitError extends Error {
  constructor(
    readonly playerId: PlayerId,
    readonly limit: number,
  ) {
    super(`player ${playerId} already holds ${limit} passkeys`);
    this.name = 'PasskeyLimitError';
  }
}

/** The player has a passkey with this credential id already (nothing was written). */
export class PasskeyConflictError extends Error {
  constructor(
    readonly playerId: PlayerId,
    readonly credentialId: string,
  ) {
    super(`player ${playerId} already has the passkey ${credentialId}`);
    this.name = 'PasskeyConflictError';
  }
}

export class PlayerConflictError extends Error {
  constructor(playerId: PlayerId) {
    super(`player ${playerId} or its token already exists`);
    this.name = 'PlayerConflictError';
  }
}

/**
 * The store did not answer in time, could not be reached, or shed the load.
 * Transient: the same request may succeed a moment later. `outcome` says
 * whether a write may have been applied anyway: `not-applied` when the
 * request never reached the store (connection refused), `unknown` when it
 * left and no answer came back (a timeout, a reset connection).
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly operation: string,
    readonly outcome: 'not-applied' | 'unknown',
    options: { cause?: unknown } = {},
  ) {
    super(`the store did not answer ${operation} (${outcome === 'unknown' ? 'outcome unknown' : 'not applied'})`, options);
    this.name = 'StoreUnavailableError';
  }
}

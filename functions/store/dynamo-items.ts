import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Item } from './capacity.js';
import { finishedOrderKey, leaderboardKey, openGameKey } from './conventions.js';
import type {
  AccessTokenRecord,
  PasskeyChallenge,
  PasskeyRecord,
  Commit,
  FinishedRow,
  GameHeader,
  IdempotentResponse,
  MembershipRow,
  PlayerRating,
  PlayerRecord,
  PlayerTally,
  BlockRow,
  SeekRecord,
  GameEnd,
  Snapshot,
  TokenHolder,
  VacationLedger,
} from './port.js';

/**
 * The single-table layout and the codecs between the port's records and
 * DynamoDB items. The CDK stack and the stream consumer use the same names,
 * so they live here, apart from the adapter's I/O.
 *
 *   PLAYER#<id>        PROFILE              a player; `keeps`, what of push's they keep (functions/push/store/dynamo-keeps.ts): empty when made
 *   TOKEN#<hash>       TOKEN                token lookup (a copy of the player; of an access token's record too)
 *   PLAYER#<id>        ACCESS#<tokenId>     a personal access token of the player's (AccessTokenRecord)
 *   PLAYER#<id>        ACCESS-COUNT         how many access tokens the player holds (`n`)
 *   PLAYER#<id>        PASSKEY#<credId>     a passkey of the player's (PasskeyRecord; `counter` also as an attribute, for the conditional use)
 *   PLAYER#<id>        PASSKEY-COUNT        how many passkeys the player holds (`n`)
 *   WEBAUTHN#<chal>    CHALLENGE            a WebAuthn challenge issued, `used` once answered, with `expiresAt` (TTL)
 *   PLAYER#<id>        GAME#<gameId>        a running game of the player's (MembershipRow)
 *   PLAYER#<id>        DONE#<order key>     a finished game of the player's (finishedOrderKey)
 *   PLAYER#<id>        ENDED#<ms>#<gameId>  the same, in the order the games ended (the export's; ms 15 digits)
 *   PLAYER#<id>        RUNNING              how many running games the player counts (`n`)
 *   PLAYER#<id>        VACATION             the player's vacation ledger
 *   PLAYER#<id>        RATING#<game>        the player's rating in that game's pool (listed ones carry the leaderboard index's keys)
 *   PLAYER#<id>        BLOCK#<otherId>      a block the player keeps against another (`name`, `at`)
 *   PLAYER#<id>        SEEK#<seekId>        the player's copy of a seek of theirs (`st`: waiting or seated), with `expiresAt` (TTL)
 *   SEEKS#<game>       SEEK#<seekId>        a waiting seek in its game's pools (gone once seated or cancelled), with `expiresAt` (TTL)
 *   PLAYER#<id>        TALLY#<game>         the player's finished, clean and won games there (`finished`, `clean`, `won`)
 *   GAME#<id>          HEAD                 the game header (sorts after every C# key)
 *   GAME#<id>          #ENDED               the record of a game's end: each person's tally, every rating it changed (before and after)
 *   GAME#<id>          #LATEST              no longer written or read: a summary of the newest commit that lists once read (functions/store/README.md)
 *   GAME#<id>          C#<seq, 10 digits>   a commit
 *   GAME#<id>          C#<seq>#S            the snapshot after that commit (sorts right after it)
 *   IDEM#<scope>#<key> IDEM                 an idempotency record, with `expiresAt` (TTL)
 *
 * Everything personal lives under `PLAYER#<id>`; what lives elsewhere on a
 * player's behalf is named by an item of that partition (its satellites,
 * `satellitesOf`), so erasing an account is one walk of the partition.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB's TTL deletes the item some time after. */
  ttlAttribute: 'expiresAt',
  /** Sparse: only headers of active games carry its keys. Keys-only projection. */
  activeGamesIndex: { name: 'active-games', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Sparse: only listed ratings carry its keys, one partition per game (`LB#<game>`), sorted by leaderboardKey. Projects every attribute (a rating is small). */
  leaderboardIndex: { name: 'leaderboards', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  /** Sparse: only headers of open games with `visibility: open` carry its keys, one partition per game (`OPEN#<game>`), sorted by openGameKey. Projects every attribute (a header is small). */
  openGamesIndex: { name: 'open-games', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
} as const;

const SEQ_DIGITS = 10;
/** The one partition of the active-games index. */
export const ACTIVE_PARTITION = 'ACTIVE';
export const HEAD_SK = 'HEAD';
export const COMMIT_PREFIX = 'C#';
export const MEMBERSHIP_PREFIX = 'GAME#';
export const FINISHED_PREFIX = 'DONE#';
export const RATING_PREFIX = 'RATING#';
export const TALLY_PREFIX = 'TALLY#';
export const BLOCK_PREFIX = 'BLOCK#';
export const ENDED_PREFIX = 'ENDED#';
export const SEEK_PREFIX = 'SEEK#';
export const SEEK_POOL_PREFIX = 'SEEKS#';
const INSTANT_DIGITS = 15;
export const ACCESS_TOKEN_PREFIX = 'ACCESS#';
export const PASSKEY_PREFIX = 'PASSKEY#';

export const keys = {
  player: (playerId: string): Item => key(`PLAYER#${playerId}`, 'PROFILE'),
  token: (tokenHash: string): Item => key(`TOKEN#${tokenHash}`, 'TOKEN'),
  playerPartition: (playerId: string): string => `PLAYER#${playerId}`,
  vacation: (playerId: string): Item => key(`PLAYER#${playerId}`, 'VACATION'),
  membershipSk: (gameId: string): string => `${MEMBERSHIP_PREFIX}${gameId}`,
  membership: (playerId: string, gameId: string): Item => key(keys.playerPartition(playerId), keys.membershipSk(gameId)),
  finishedSk: (orderKey: string): string => `${FINISHED_PREFIX}${orderKey}`,
  /** A finished game by its end; `endedSk(ms)` alone sorts before every game that ended at `ms`. */
  endedSk: (endedAt: number, gameId = ''): string => `${ENDED_PREFIX}${String(endedAt).padStart(INSTANT_DIGITS, '0')}#${gameId}`,
  runningCount: (playerId: string): Item => key(keys.playerPartition(playerId), 'RUNNING'),
  accessToken: (playerId: string, tokenId: string): Item => key(keys.playerPartition(playerId), `${ACCESS_TOKEN_PREFIX}${tokenId}`),
  accessTokenCount: (playerId: string): Item => key(keys.playerPartition(playerId), 'ACCESS-COUNT'),
  passkey: (playerId: string, credentialId: string): Item => key(keys.playerPartition(playerId), `${PASSKEY_PREFIX}${credentialId}`),
  passkeyCount: (playerId: string): Item => key(keys.playerPartition(playerId), 'PASSKEY-COUNT'),
  passkeyChallenge: (challenge: string): Item => key(`WEBAUTHN#${challenge}`, 'CHALLENGE'),
  gamePartition: (gameId: string): string => `GAME#${gameId}`,
  header: (gameId: string): Item => key(keys.gamePartition(gameId), HEAD_SK),
  commitSk: (seq: number): string => `${COMMIT_PREFIX}${String(seq).padStart(SEQ_DIGITS, '0')}`,
  snapshotSk: (seq: number): string => `${keys.commitSk(seq)}#S`,
  idempotency: (id: string): Item => key(`IDEM#${id}`, 'IDEM'),
  rating: (playerId: string, game: string): Item => key(keys.playerPartition(playerId), `${RATING_PREFIX}${game}`),
  block: (playerId: string, blockedId: string): Item => key(keys.playerPartition(playerId), `${BLOCK_PREFIX}${blockedId}`),
  tally: (playerId: string, game: string): Item => key(keys.playerPartition(playerId), `${TALLY_PREFIX}${game}`),
  gameEnd: (gameId: string): Item => key(keys.gamePartition(gameId), '#ENDED'),
  leaderboardPartition: (game: string): string => `LB#${game}`,
  seekPoolPartition: (game: string): string => `${SEEK_POOL_PREFIX}${game}`,
  poolSeek: (game: string, seekId: string): Item => key(keys.seekPoolPartition(game), `${SEEK_PREFIX}${seekId}`),
  playerSeek: (playerId: string, seekId: string): Item => key(keys.playerPartition(playerId), `${SEEK_PREFIX}${seekId}`),
  openGamesPartition: (game: string): string => `OPEN#${game}`,
};

/**
 * The attribute through which an item of a player's partition names items it
 * keeps elsewhere in the table (a lookup by another key: a passkey's
 * credential, an e-mail address): a list of `{pk, sk}` maps. A feature that
 * writes such a lookup lists it here, and erasing the account
 * (`Store.erasePlayer`) deletes it with the item, the walk unchanged.
 */
export const SATELLITES_ATTRIBUTE = 'satellites';

/**
 * The items elsewhere that an item of a player's partition names: those its
 * `satellites` attribute lists, and the token lookups of the profile and of
 * each access token (written before the attribute existed, found by their
 * token's hash).
 */
export function satellitesOf(item: Item): Item[] {
  const listed = (item[SATELLITES_ATTRIBUTE]?.L ?? []).flatMap((entry) => {
    const pk = entry.M?.pk?.S;
    const sk = entry.M?.sk?.S;
    return pk === undefined || sk === undefined ? [] : [key(pk, sk)];
  });
  const sk = item.sk?.S ?? '';
  const tokenHash = sk === 'PROFILE' ? item.tokenHash?.S : sk.startsWith(ACCESS_TOKEN_PREFIX) ? accessTokenFromItem(item).tokenHash : undefined;
  return tokenHash === undefined ? listed : [keys.token(tokenHash), ...listed];
}

/** The player whose partition holds an item. */
export function playerIdOf(item: Item): string {
  return str(item, 'pk').slice('PLAYER#'.length);
}

/** An item's key alone. */
export function primaryKeyOf(item: Item): Item {
  return key(str(item, 'pk'), str(item, 'sk'));
}

function key(pk: string, sk: string): Item {
  return { pk: { S: pk }, sk: { S: sk } };
}

// ── attribute access ───────────────────────────────────────────────────────

function str(item: Item, name: string): string {
  const value = item[name]?.S;
  if (value === undefined) throw new Error(`stored item lacks string ${name}`);
  return value;
}

function num(item: Item, name: string): number {
  const value = item[name]?.N;
  if (value === undefined) throw new Error(`stored item lacks number ${name}`);
  return Number(value);
}

const n = (value: number) => ({ N: String(value) });

/** What an item's sort key says it holds. */
export function kindOf(item: Item): 'header' | 'commit' | 'snapshot' | 'other' {
  const sk = str(item, 'sk');
  if (sk === HEAD_SK) return 'header';
  if (!sk.startsWith(COMMIT_PREFIX)) return 'other';
  return sk.endsWith('#S') ? 'snapshot' : 'commit';
}

function seqOf(item: Item): number {
  return Number(str(item, 'sk').slice(COMMIT_PREFIX.length, COMMIT_PREFIX.length + SEQ_DIGITS));
}

function gameIdOf(item: Item): string {
  return str(item, 'pk').slice('GAME#'.length);
}

// ── bodies: JSON, deflated when large ──────────────────────────────────────

/**
 * Bodies up to one write unit (1 KB) stay plain: deflating them cannot lower
 * their own write's cost, and inflating each of a load's tail commits costs
 * more CPU (tens of µs apiece) than the read units it would save.
 */
const DEFLATE_ABOVE_BYTES = 1024;

/**
 * Free-form values (commands, events, state, headers) are stored as one JSON
 * attribute `j`, or, when large and deflating saves bytes, in the binary
 * attribute `z`: item size is what DynamoDB bills.
 */
function body(value: unknown): Item {
  const json = JSON.stringify(value);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes <= DEFLATE_ABOVE_BYTES) return { j: { S: json } };
  const deflated = deflateRawSync(json);
  return deflated.byteLength < bytes ? { z: { B: deflated } } : { j: { S: json } };
}

function bodyOf<T>(item: Item): T {
  // The SDK hands binary values over as bytes; Lambda's stream events as base64 text.
  const deflated: Uint8Array | string | undefined = item.z?.B;
  if (deflated === undefined) return JSON.parse(str(item, 'j')) as T;
  const bytes = typeof deflated === 'string' ? Buffer.from(deflated, 'base64') : deflated;
  return JSON.parse(inflateRawSync(bytes).toString('utf8')) as T;
}

// ── players ────────────────────────────────────────────────────────────────

/** The profile's map of what the player keeps that push channels read (flags the push store keeps); a new player keeps nothing. */
export const KEEPS_ATTRIBUTE = 'keeps';

export function playerItem(player: PlayerRecord): Item {
  return {
    ...keys.player(player.playerId),
    name: { S: player.name },
    tokenHash: { S: player.tokenHash },
    createdAt: n(player.createdAt),
    ...botOwnerOf(player),
    [KEEPS_ATTRIBUTE]: { M: {} },
  };
}

const botOwnerOf = (player: PlayerRecord): Item => (player.botOwner === undefined ? {} : { botOwner: { S: player.botOwner } });
const withBotOwner = (item: Item) => (item.botOwner?.S === undefined ? {} : { botOwner: item.botOwner.S });

/** The token item repeats the player, so authenticating a request is one read. */
export function tokenItem(player: PlayerRecord): Item {
  return { ...keys.token(player.tokenHash), playerId: { S: player.playerId }, name: { S: player.name }, createdAt: n(player.createdAt), ...botOwnerOf(player) };
}

export function playerFromItem(item: Item): PlayerRecord {
  return {
    playerId: str(item, 'pk').slice('PLAYER#'.length),
    name: str(item, 'name'),
    tokenHash: str(item, 'tokenHash'),
    createdAt: num(item, 'createdAt'),
    ...withBotOwner(item),
  };
}

/**
 * An access token's lookup repeats the player (with their registration
 * token's hash) and the token's record: authenticating with it is one read
 * too.
 */
export function accessTokenLookupItem(player: PlayerRecord, token: AccessTokenRecord): Item {
  return { ...tokenItem(player), ...keys.token(token.tokenHash), registrationHash: { S: player.tokenHash }, access: { S: JSON.stringify(token) } };
}

export function accessTokenItem(token: AccessTokenRecord): Item {
  return { ...keys.accessToken(token.playerId, token.tokenId), ...body(token) };
}

export function accessTokenFromItem(item: Item): AccessTokenRecord {
  return bodyOf<AccessTokenRecord>(item);
}

export function passkeyItem(passkey: PasskeyRecord): Item {
  return { ...keys.passkey(passkey.playerId, passkey.credentialId), ...body(passkey), counter: n(passkey.counter) };
}

export function passkeyFromItem(item: Item): PasskeyRecord {
  return bodyOf<PasskeyRecord>(item);
}

/** A challenge, swept by the TTL once it has expired (the service refuses it as expired before then). */
export function passkeyChallengeItem(challenge: PasskeyChallenge): Item {
  return { ...keys.passkeyChallenge(challenge.challenge), ...body(challenge), [TABLE_SCHEMA.ttlAttribute]: n(Math.ceil(challenge.expiresAt / 1000)) };
}

export function passkeyChallengeFromItem(item: Item): PasskeyChallenge {
  return bodyOf<PasskeyChallenge>(item);
}

export function holderFromTokenItem(item: Item): TokenHolder {
  const player = {
    playerId: str(item, 'playerId'),
    name: str(item, 'name'),
    tokenHash: item.registrationHash?.S ?? str(item, 'pk').slice('TOKEN#'.length),
    createdAt: num(item, 'createdAt'),
    ...withBotOwner(item),
  };
  const access = item.access?.S;
  return { player, access: access === undefined ? null : (JSON.parse(access) as AccessTokenRecord) };
}

export function vacationItem(ledger: VacationLedger): Item {
  const { playerId, revision, ...rest } = ledger;
  return { ...keys.vacation(playerId), rev: n(revision), ...body(rest) };
}

export function vacationFromItem(item: Item): VacationLedger {
  return { ...bodyOf<Omit<VacationLedger, 'playerId' | 'revision'>>(item), playerId: str(item, 'pk').slice('PLAYER#'.length), revision: num(item, 'rev') };
}

// ── games ──────────────────────────────────────────────────────────────────

export function headerItem(header: GameHeader): Item {
  const { gameId, revision, ...rest } = header;
  const { partitionKey, sortKey } = TABLE_SCHEMA.activeGamesIndex;
  const indexed: Item = header.status === 'active' ? { [partitionKey]: { S: ACTIVE_PARTITION }, [sortKey]: { S: gameId } } : {};
  const open = TABLE_SCHEMA.openGamesIndex;
  const listed: Item =
    header.status === 'open' && header.visibility === 'open'
      ? { [open.partitionKey]: { S: keys.openGamesPartition(header.game) }, [open.sortKey]: { S: openGameKey(header) } }
      : {};
  return { ...keys.header(gameId), rev: n(revision), ...body(rest), ...indexed, ...listed };
}

export function headerFromItem(item: Item): GameHeader {
  return { ...bodyOf<Omit<GameHeader, 'gameId' | 'revision'>>(item), gameId: gameIdOf(item), revision: num(item, 'rev') };
}

export function gameIdFromActiveIndexItem(item: Item): string {
  return str(item, TABLE_SCHEMA.activeGamesIndex.sortKey);
}

/** The header's entry in the active-games index, if it has one (keys-only projection). */
export function activeIndexEntry(item: Item): Item | null {
  const { partitionKey, sortKey } = TABLE_SCHEMA.activeGamesIndex;
  const [pk, sk, gpk, gsk] = [item.pk, item.sk, item[partitionKey], item[sortKey]];
  return pk && sk && gpk && gsk ? { pk, sk, [partitionKey]: gpk, [sortKey]: gsk } : null;
}

export function commitItem(commit: Commit): Item {
  const { gameId, seq, ...rest } = commit;
  return { pk: { S: keys.gamePartition(gameId) }, sk: { S: keys.commitSk(seq) }, ...body(rest) };
}

/** Also what the stream consumer uses to read a commit from a stream record's NewImage (binary as base64 text there). */
export function commitFromItem(item: Item): Commit {
  return { ...bodyOf<Omit<Commit, 'gameId' | 'seq'>>(item), gameId: gameIdOf(item), seq: seqOf(item) };
}

export function snapshotItem(snapshot: Snapshot): Item {
  return { pk: { S: keys.gamePartition(snapshot.gameId) }, sk: { S: keys.snapshotSk(snapshot.seq) }, ...body(snapshot.state) };
}

export function snapshotFromItem(item: Item): Snapshot {
  return { gameId: gameIdOf(item), seq: seqOf(item), state: bodyOf<unknown>(item) };
}

// ── memberships ────────────────────────────────────────────────────────────

export function membershipItem(playerId: string, row: MembershipRow): Item {
  return {
    ...keys.membership(playerId, row.gameId),
    game: { S: row.game },
    seat: row.seat === null ? { NULL: true } : n(row.seat),
    joinedAt: n(row.joinedAt),
    ...(row.counted ? { counted: { BOOL: true } } : {}),
  };
}

export function membershipFromItem(item: Item): MembershipRow {
  return {
    gameId: str(item, 'sk').slice(MEMBERSHIP_PREFIX.length),
    game: str(item, 'game'),
    seat: item.seat?.NULL ? null : num(item, 'seat'),
    joinedAt: num(item, 'joinedAt'),
    ...(item.counted?.BOOL ? { counted: true as const } : {}),
  };
}

export function finishedItem(playerId: string, row: FinishedRow): Item {
  return { pk: { S: keys.playerPartition(playerId) }, sk: { S: keys.finishedSk(finishedOrderKey(row.gameId)) }, ...body(row) };
}

/** The finished row again under its end, for the export; null for a row that does not record it. */
export function endedItem(playerId: string, row: FinishedRow): Item | null {
  if (row.endedAt === undefined) return null;
  return { pk: { S: keys.playerPartition(playerId) }, sk: { S: keys.endedSk(row.endedAt, row.gameId) }, ...body(row) };
}

export function finishedFromItem(item: Item): FinishedRow {
  return bodyOf<FinishedRow>(item);
}

// ── ratings ────────────────────────────────────────────────────────────────

/** Plain attributes, so that the leaderboard index projects them as they are. */
export function ratingItem(rating: PlayerRating): Item {
  const { partitionKey, sortKey } = TABLE_SCHEMA.leaderboardIndex;
  const listed: Item = rating.listed ? { [partitionKey]: { S: keys.leaderboardPartition(rating.game) }, [sortKey]: { S: leaderboardKey(rating) } } : {};
  return {
    ...keys.rating(rating.playerId, rating.game),
    name: { S: rating.name },
    mu: n(rating.mu),
    sigma: n(rating.sigma),
    games: n(rating.games),
    wins: n(rating.wins),
    lastGameAt: rating.lastGameAt === null ? { NULL: true } : n(rating.lastGameAt),
    rev: n(rating.revision),
    ...listed,
  };
}

export function ratingFromItem(item: Item): PlayerRating {
  return {
    playerId: str(item, 'pk').slice('PLAYER#'.length),
    game: str(item, 'sk').slice(RATING_PREFIX.length),
    name: str(item, 'name'),
    mu: num(item, 'mu'),
    sigma: num(item, 'sigma'),
    games: num(item, 'games'),
    wins: num(item, 'wins'),
    lastGameAt: item.lastGameAt?.NULL ? null : num(item, 'lastGameAt'),
    listed: item[TABLE_SCHEMA.leaderboardIndex.partitionKey] !== undefined,
    revision: num(item, 'rev'),
  };
}

/** Where a page of a sparse index starts, after the item whose index sort key is `sortKey`: its table keys and its index keys. */
function indexStartKey(table: Item, index: { readonly partitionKey: string; readonly sortKey: string }, partition: string, sortKey: string): Item {
  return { ...table, [index.partitionKey]: { S: partition }, [index.sortKey]: { S: sortKey } };
}

/** The id an index sort key ends with (`<ordering digits>#<id>`). */
const idAfterOrdering = (sortKey: string) => sortKey.slice(sortKey.indexOf('#') + 1);

/** Where a page of open games starts, after the header whose key (openGameKey) is `sortKey`. */
export const openGameStartKey = (game: string, sortKey: string): Item =>
  indexStartKey(keys.header(idAfterOrdering(sortKey)), TABLE_SCHEMA.openGamesIndex, keys.openGamesPartition(game), sortKey);

/** Where a page of a leaderboard starts, after the rating whose key (leaderboardKey) is `sortKey`. */
export const leaderboardStartKey = (game: string, sortKey: string): Item =>
  indexStartKey(keys.rating(idAfterOrdering(sortKey), game), TABLE_SCHEMA.leaderboardIndex, keys.leaderboardPartition(game), sortKey);

export function blockItem(row: BlockRow): Item {
  return { ...keys.block(row.playerId, row.blockedId), at: n(row.at) };
}

export function blockFromItem(item: Item): BlockRow {
  return {
    playerId: str(item, 'pk').slice('PLAYER#'.length),
    blockedId: str(item, 'sk').slice(BLOCK_PREFIX.length),
    at: num(item, 'at'),
  };
}

/**
 * A seek's item, in its pool (`pool`) or its player's partition: the record
 * as JSON, and for conditions its status `st` and its exact expiry `expiresMs`
 * (the TTL attribute is whole seconds), with the TTL.
 */
export function seekItem(seek: SeekRecord, where: 'pool' | 'player'): Item {
  const at = where === 'pool' ? keys.poolSeek(seek.game, seek.seekId) : keys.playerSeek(seek.playerId, seek.seekId);
  return {
    ...at,
    ...body(seek),
    st: { S: seek.status },
    expiresMs: n(seek.expiresAt),
    [TABLE_SCHEMA.ttlAttribute]: n(Math.ceil(seek.expiresAt / 1000)),
  };
}

export function seekFromItem(item: Item): SeekRecord {
  return bodyOf<SeekRecord>(item);
}

export function tallyFromItem(item: Item): PlayerTally {
  return {
    playerId: str(item, 'pk').slice('PLAYER#'.length),
    game: str(item, 'sk').slice(TALLY_PREFIX.length),
    finished: num(item, 'finished'),
    clean: num(item, 'clean'),
    won: num(item, 'won'),
  };
}

export function gameEndItem(record: GameEnd): Item {
  const { gameId, ...rest } = record;
  return { ...keys.gameEnd(gameId), ...body(rest) };
}

export function gameEndFromItem(item: Item): GameEnd {
  return { ...bodyOf<Omit<GameEnd, 'gameId'>>(item), gameId: gameIdOf(item) };
}

// ── idempotency ────────────────────────────────────────────────────────────

interface StoredResponse {
  readonly response: IdempotentResponse;
  /** Epoch ms, exact; the TTL attribute is rounded up to whole seconds. */
  readonly expiresAt: number;
}

export function idempotencyItem(id: string, response: IdempotentResponse, expiresAt: number): Item {
  const stored: StoredResponse = { response, expiresAt };
  return { ...keys.idempotency(id), ...body(stored), [TABLE_SCHEMA.ttlAttribute]: n(Math.ceil(expiresAt / 1000)) };
}

export function idempotencyFromItem(item: Item): StoredResponse {
  return bodyOf<StoredResponse>(item);
}

import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ResourceInUseException,
  ScanCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type ConsumedCapacity,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  type PutItemCommandInput,
  type QueryCommandInput,
  type TransactWriteItem,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { setTimeout } from 'node:timers/promises';
import {
  getItemReadUnits,
  INDEX_ENTRY_OVERHEAD_BYTES,
  itemSizeBytes,
  queryReadUnits,
  writeUnits,
  type CapacityMeter,
  type Item,
  type ReadConsistency,
} from './capacity.js';
import { classifyStoreError, STORE_TIME_BOUNDS } from './dynamo-client.js';
import {
  assertAfterSeq,
  assertLimit,
  assertNextRevision,
  assertSeq,
  byUtf8,
  decodeCursor,
  encodeCursor,
  finishedOrderKey,
  idempotencyId,
  leaderboardKey,
  openGameKey,
} from './conventions.js';
import {
  ACCESS_TOKEN_PREFIX,
  PASSKEY_PREFIX,
  passkeyChallengeFromItem,
  passkeyChallengeItem,
  passkeyFromItem,
  passkeyItem,
  accessTokenFromItem,
  accessTokenItem,
  accessTokenLookupItem,
  ACTIVE_PARTITION,
  activeIndexEntry,
  commitFromItem,
  commitItem,
  COMMIT_PREFIX,
  FINISHED_PREFIX,
  endedItem,
  ENDED_PREFIX,
  finishedFromItem,
  finishedItem,
  gameIdFromActiveIndexItem,
  headerFromItem,
  headerItem,
  idempotencyFromItem,
  idempotencyItem,
  keys,
  kindOf,
  leaderboardStartKey,
  openGameStartKey,
  MEMBERSHIP_PREFIX,
  membershipFromItem,
  membershipItem,
  playerFromItem,
  holderFromTokenItem,
  playerItem,
  RATING_PREFIX,
  playerIdOf,
  primaryKeyOf,
  satellitesOf,
  TALLY_PREFIX,
  BLOCK_PREFIX,
  SEEK_PREFIX,
  seekFromItem,
  seekItem,
  blockFromItem,
  blockItem,
  tallyFromItem,
  gameEndFromItem,
  gameEndItem,
  ratingFromItem,
  ratingItem,
  snapshotFromItem,
  snapshotItem,
  TABLE_SCHEMA,
  tokenItem,
  vacationFromItem,
  vacationItem,
} from './dynamo-items.js';
import { LogPositions } from './log-positions.js';
import {
  AccessTokenLimitError,
  HeaderConflictError,
  PasskeyConflictError,
  PasskeyLimitError,
  PlayerConflictError,
  RunningGamesLimitError,
  StoreUnavailableError,
  type AccessTokenRecord,
  type AppendResult,
  type ChallengeTake,
  type PasskeyChallenge,
  type PasskeyRecord,
  type Commit,
  type EndedQuery,
  type FinishedRow,
  type GameHeader,
  type IdempotentResponse,
  type LoadedGame,
  type MembershipRow,
  type Page,
  type PlayerId,
  type PlayerRating,
  type PlayerRecord,
  type PlayerTally,
  type BlockRow,
  type SeekRecord,
  type SeatingOutcome,
  type GameEnd,
  type GameEndWrite,
  type RunningGameClaim,
  type Snapshot,
  type Store,
  type TokenHolder,
  type VacationLedger,
} from './port.js';

export interface DynamoStoreOptions {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** Receives the capacity of every request; setting it asks DynamoDB for ConsumedCapacity too. */
  readonly meter?: CapacityMeter;
  /** Epoch ms, for idempotency expiry. */
  readonly clock?: () => number;
  /**
   * Items the first page of `loadGame` asks for when this store has not seen
   * the game yet (afterwards it sizes pages from what it saw). A page reads
   * exactly this many items when the partition has them, so it should just
   * cover the header, the longest tail and the snapshot: the service's
   * snapshot interval + 2. Longer tails cost further pages, never wrong answers.
   */
  readonly loadPageSize?: number;
}

const DEFAULT_LOAD_PAGE_SIZE = 32;
/** BatchGetItem takes at most 100 keys a request. */
const BATCH_GET_KEYS = 100;
/** Keys DynamoDB left unprocessed (it was shedding load) are asked again this many times in all, after 50, 100, 200 … ms. */
const BATCH_GET_ROUNDS = 5;
const BATCH_GET_BACKOFF_MS = 50;
/** BatchWriteItem takes at most 25 writes a request. */
const BATCH_WRITE_ITEMS = 25;
/** Per attempt, for the table set-up calls of ensureTable. */
const SET_UP_TIMEOUT_MS = 30_000;
const LAST_SEQ = 9_999_999_999;

/**
 * The store on one DynamoDB table (layout in dynamo-items.ts). Every read
 * that feeds a decision is strongly consistent and follows LastEvaluatedKey;
 * every write that could clobber is conditional.
 */
export class DynamoStore implements Store {
  /** Public so push records (functions/push) can share the client and table. */
  readonly client: DynamoDBClient;
  readonly table: string;
  private readonly meter: CapacityMeter | undefined;
  private readonly clock: () => number;
  private readonly loadPageSize: number;
  private readonly positions = new LogPositions();

  constructor(options: DynamoStoreOptions) {
    this.client = options.client;
    this.table = options.tableName;
    this.meter = options.meter;
    this.clock = options.clock ?? Date.now;
    this.loadPageSize = options.loadPageSize ?? DEFAULT_LOAD_PAGE_SIZE;
    assertLimit(this.loadPageSize);
  }

  /**
   * Creates the table, its index and its TTL unless they exist (DynamoDB Local, `npm start`).
   * Set-up, not service: a cold DynamoDB Local may take seconds, so these calls get a generous bound.
   */
  async ensureTable(): Promise<void> {
    const { partitionKey, sortKey, ttlAttribute, activeGamesIndex, leaderboardIndex, openGamesIndex } = TABLE_SCHEMA;
    const setUp = { requestTimeout: SET_UP_TIMEOUT_MS };
    const indexes = [indexOf(activeGamesIndex, 'KEYS_ONLY'), indexOf(leaderboardIndex, 'ALL'), indexOf(openGamesIndex, 'ALL')];
    const attributes = (names: readonly string[]) => names.map((name) => ({ AttributeName: name, AttributeType: 'S' as const }));
    try {
      await this.client.send(
        new CreateTableCommand({
          TableName: this.table,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: attributes([
            partitionKey,
            sortKey,
            ...[activeGamesIndex, leaderboardIndex, openGamesIndex].flatMap((i) => [i.partitionKey, i.sortKey]),
          ]),
          KeySchema: [
            { AttributeName: partitionKey, KeyType: 'HASH' },
            { AttributeName: sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: indexes,
        }),
        setUp,
      );
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
    await waitUntilTableExists({ client: this.client, maxWaitTime: 60 }, { TableName: this.table });
    // A table kept from before an index (npm start's .data/) gains it.
    const described = await this.client.send(new DescribeTableCommand({ TableName: this.table }), setUp);
    const present = new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    for (const index of indexes.filter((i) => !present.has(i.IndexName))) {
      const keyNames = (index.KeySchema ?? []).flatMap((k) => (k.AttributeName ? [k.AttributeName] : []));
      await this.client.send(
        new UpdateTableCommand({ TableName: this.table, AttributeDefinitions: attributes(keyNames), GlobalSecondaryIndexUpdates: [{ Create: index }] }),
        setUp,
      );
    }
    const ttl = await this.client.send(new DescribeTimeToLiveCommand({ TableName: this.table }), setUp);
    const status = ttl.TimeToLiveDescription?.TimeToLiveStatus;
    if (status !== 'ENABLED' && status !== 'ENABLING') {
      await this.client.send(
        new UpdateTimeToLiveCommand({ TableName: this.table, TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true } }),
        setUp,
      );
    }
  }

  // ── players ──────────────────────────────────────────────────────────────

  async createPlayer(player: PlayerRecord): Promise<void> {
    const items = [playerItem(player), tokenItem(player)];
    try {
      const command = new TransactWriteItemsCommand({
        TransactItems: items.map((Item) => ({ Put: { TableName: this.table, Item, ConditionExpression: 'attribute_not_exists(pk)' } })),
        ReturnConsumedCapacity: this.capacityMode,
      });
      const output = await this.send('createPlayer', 'write', (options) => this.client.send(command, options));
      this.meterWrite('createPlayer', 'TransactWriteItems', output.ConsumedCapacity, items, [], true);
    } catch (error) {
      if (error instanceof TransactionCanceledException && error.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')) {
        this.meterWrite('createPlayer', 'TransactWriteItems', undefined, items, [], true);
        throw new PlayerConflictError(player.playerId);
      }
      throw error;
    }
  }

  async getPlayer(playerId: PlayerId): Promise<PlayerRecord | null> {
    const item = await this.get('getPlayer', keys.player(playerId));
    return item ? playerFromItem(item) : null;
  }

  async resolveToken(tokenHash: string): Promise<TokenHolder | null> {
    const item = await this.get('resolveToken', keys.token(tokenHash));
    return item ? holderFromTokenItem(item) : null;
  }

  // ── access tokens ────────────────────────────────────────────────────────

  async createAccessToken(token: AccessTokenRecord, limit: number): Promise<void> {
    const player = await this.getPlayer(token.playerId);
    if (!player) throw new Error(`no player ${token.playerId} to hold an access token`);
    const refused = await this.transact('createAccessToken', [
      {
        Update: {
          TableName: this.table,
          Key: keys.accessTokenCount(token.playerId),
          UpdateExpression: 'ADD n :one',
          ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
          ExpressionAttributeValues: { ':one': { N: '1' }, ':limit': { N: String(limit) } },
        },
      },
      { Put: { TableName: this.table, Item: accessTokenItem(token), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: this.table, Item: accessTokenLookupItem(player, token), ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
    if (refused?.[0]) throw new AccessTokenLimitError(token.playerId, limit);
    if (refused) throw new Error(`access token ${token.tokenId} already exists`);
  }

  async listAccessTokens(playerId: PlayerId): Promise<readonly AccessTokenRecord[]> {
    const items = await this.queryAll('listAccessTokens', {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': { S: keys.playerPartition(playerId) }, ':prefix': { S: ACCESS_TOKEN_PREFIX } },
    });
    return items.map(accessTokenFromItem);
  }

  async deleteAccessToken(playerId: PlayerId, tokenId: string): Promise<AccessTokenRecord | null> {
    const item = await this.get('deleteAccessToken', keys.accessToken(playerId, tokenId));
    if (!item) return null;
    const token = accessTokenFromItem(item);
    const refused = await this.transact('deleteAccessToken', [
      { Delete: { TableName: this.table, Key: keys.accessToken(playerId, tokenId), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: this.table, Key: keys.token(token.tokenHash) } },
      {
        Update: {
          TableName: this.table,
          Key: keys.accessTokenCount(playerId),
          UpdateExpression: 'ADD n :less',
          ExpressionAttributeValues: { ':less': { N: '-1' } },
        },
      },
    ]);
    // Deleted by another request between the read and the transaction: theirs was the revocation.
    return refused ? null : token;
  }

  async convertToBot(playerId: PlayerId, owner: PlayerId): Promise<boolean> {
    const player = await this.getPlayer(playerId);
    if (!player || player.botOwner !== undefined) return false;
    const lookups = [player.tokenHash, ...(await this.listAccessTokens(playerId)).map((token) => token.tokenHash)];
    const setOwner = (Key: Item): TransactWriteItem => ({
      Update: {
        TableName: this.table,
        Key,
        UpdateExpression: 'SET botOwner = :owner',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(botOwner)',
        ExpressionAttributeValues: { ':owner': { S: owner } },
      },
    });
    const refused = await this.transact('convertToBot', [
      setOwner(keys.player(playerId)),
      ...lookups.map((hash) => setOwner(keys.token(hash))),
      {
        ConditionCheck: {
          TableName: this.table,
          Key: keys.runningCount(playerId),
          ConditionExpression: 'attribute_not_exists(n) OR n = :none',
          ExpressionAttributeValues: { ':none': { N: '0' } },
        },
      },
    ]);
    return refused === null;
  }

  async touchAccessToken(token: AccessTokenRecord, at: number): Promise<void> {
    const used: AccessTokenRecord = { ...token, lastUsedAt: at };
    // Revoked meanwhile: the conditions fail and nothing is written, as it should be.
    await this.transact('touchAccessToken', [
      { Put: { TableName: this.table, Item: accessTokenItem(used), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          TableName: this.table,
          Key: keys.token(token.tokenHash),
          UpdateExpression: 'SET access = :access',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':access': { S: JSON.stringify(used) } },
        },
      },
    ]);
  }

  async erasePlayer(playerId: PlayerId): Promise<void> {
    const partition = keys.playerPartition(playerId);
    const items = await this.queryAll('erasePlayer', { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: partition } } });
    // Satellites first: the token lookups stop answering before anything else goes, and a walk cut short still finds, in the partition, what names the rest.
    await this.deleteItems('erasePlayer', items.flatMap(satellitesOf));
    await this.deleteItems('erasePlayer', items.map(primaryKeyOf));
  }

  // ── passkeys ─────────────────────────────────────────────────────────────

  async putPasskeyChallenge(challenge: PasskeyChallenge): Promise<void> {
    await this.put('putPasskeyChallenge', passkeyChallengeItem(challenge), {});
  }

  async takePasskeyChallenge(challenge: string): Promise<ChallengeTake> {
    // One conditional write marks it used and tells, from the item it met, whether it was issued and answered before.
    const key = keys.passkeyChallenge(challenge);
    const command = new UpdateItemCommand({
      TableName: this.table,
      Key: key,
      UpdateExpression: 'SET used = :yes',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(used)',
      ExpressionAttributeValues: { ':yes': { BOOL: true } },
      ReturnValues: 'ALL_OLD',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      ReturnConsumedCapacity: this.capacityMode,
    });
    try {
      const output = await this.send('takePasskeyChallenge', 'write', (options) => this.client.send(command, options));
      this.meterWrite('takePasskeyChallenge', 'UpdateItem', output.ConsumedCapacity, [output.Attributes ?? key], [], false);
      return output.Attributes ? { status: 'taken', challenge: passkeyChallengeFromItem(output.Attributes) } : { status: 'unknown' };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      this.meterWrite('takePasskeyChallenge', 'UpdateItem', undefined, [error.Item ?? key], [], false);
      return error.Item ? { status: 'used', challenge: passkeyChallengeFromItem(error.Item) } : { status: 'unknown' };
    }
  }

  async createPasskey(passkey: PasskeyRecord, limit: number): Promise<void> {
    const refused = await this.transact('createPasskey', [
      {
        Update: {
          TableName: this.table,
          Key: keys.passkeyCount(passkey.playerId),
          UpdateExpression: 'ADD n :one',
          ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
          ExpressionAttributeValues: { ':one': { N: '1' }, ':limit': { N: String(limit) } },
        },
      },
      { Put: { TableName: this.table, Item: passkeyItem(passkey), ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
    if (refused?.[1]) throw new PasskeyConflictError(passkey.playerId, passkey.credentialId);
    if (refused?.[0]) throw new PasskeyLimitError(passkey.playerId, limit);
  }

  async getPasskey(playerId: PlayerId, credentialId: string): Promise<PasskeyRecord | null> {
    const item = await this.get('getPasskey', keys.passkey(playerId, credentialId));
    return item ? passkeyFromItem(item) : null;
  }

  async listPasskeys(playerId: PlayerId): Promise<readonly PasskeyRecord[]> {
    return (await this.queryAll('listPasskeys', this.prefixQuery(keys.playerPartition(playerId), PASSKEY_PREFIX))).map(passkeyFromItem);
  }

  async deletePasskey(playerId: PlayerId, credentialId: string): Promise<boolean> {
    const refused = await this.transact('deletePasskey', [
      { Delete: { TableName: this.table, Key: keys.passkey(playerId, credentialId), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          TableName: this.table,
          Key: keys.passkeyCount(playerId),
          UpdateExpression: 'ADD n :less',
          ExpressionAttributeValues: { ':less': { N: '-1' } },
        },
      },
    ]);
    return refused === null;
  }

  async recordPasskeyUse(passkey: PasskeyRecord, counter: number, at: number): Promise<boolean> {
    const used = await this.put('recordPasskeyUse', passkeyItem({ ...passkey, counter, lastUsedAt: at }), {
      ConditionExpression: 'attribute_exists(pk) AND #counter = :seen',
      ExpressionAttributeNames: { '#counter': 'counter' },
      ExpressionAttributeValues: { ':seen': { N: String(passkey.counter) } },
    });
    return used.status === 'written';
  }

  async getVacationLedger(playerId: PlayerId): Promise<VacationLedger | null> {
    const item = await this.get('getVacationLedger', keys.vacation(playerId));
    return item ? vacationFromItem(item) : null;
  }

  async putVacationLedger(next: VacationLedger, expectedRevision: number): Promise<boolean> {
    assertNextRevision(next, expectedRevision);
    const outcome = await this.put(
      'putVacationLedger',
      vacationItem(next),
      expectedRevision === 0
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'rev = :expected', ExpressionAttributeValues: { ':expected': { N: String(expectedRevision) } } },
    );
    return outcome.status === 'written';
  }

  // ── headers ──────────────────────────────────────────────────────────────

  async createGame(header: GameHeader, claim?: RunningGameClaim): Promise<void> {
    const condition = { ConditionExpression: 'attribute_not_exists(pk)' };
    if (!claim) {
      const outcome = await this.put('createGame', headerItem(header), condition);
      if (outcome.status === 'refused') throw new HeaderConflictError(header.gameId);
      return;
    }
    const refused = await this.transact('createGame', [{ Put: { TableName: this.table, Item: headerItem(header), ...condition } }, ...this.newClaim(claim)]);
    if (refused?.[0]) throw new HeaderConflictError(header.gameId);
    if (refused?.[1]) throw new RunningGamesLimitError(claim.playerId, claim.limit);
    if (refused) throw new Error(`game ${header.gameId} refused its creator's row`);
  }

  async getHeader(gameId: string): Promise<GameHeader | null> {
    const item = await this.get('getHeader', keys.header(gameId));
    return item ? headerFromItem(item) : null;
  }

  async getHeaders(gameIds: readonly string[]): Promise<ReadonlyMap<string, GameHeader>> {
    const wanted = [...new Set(gameIds)].map((gameId) => keys.header(gameId));
    const chunks = Array.from({ length: Math.ceil(wanted.length / BATCH_GET_KEYS) }, (_, i) => wanted.slice(i * BATCH_GET_KEYS, (i + 1) * BATCH_GET_KEYS));
    const items = (await Promise.all(chunks.map((chunk) => this.batchGet('getHeaders', chunk)))).flat();
    return new Map(items.map((item) => headerFromItem(item)).map((header) => [header.gameId, header]));
  }

  async replaceHeader(next: GameHeader, expectedRevision: number, claim?: RunningGameClaim): Promise<boolean> {
    assertNextRevision(next, expectedRevision);
    const condition = { ConditionExpression: 'rev = :expected', ExpressionAttributeValues: { ':expected': { N: String(expectedRevision) } } };
    if (!claim) {
      // The old image prices the write (the larger image counts) and its index entry.
      const outcome = await this.put('replaceHeader', headerItem(next), { ...condition, ReturnValues: 'ALL_OLD' });
      return outcome.status === 'written';
    }
    const replace = { Put: { TableName: this.table, Item: headerItem(next), ...condition } };
    const refused = await this.transact('replaceHeader', [replace, ...this.newClaim(claim)]);
    if (!refused) return true;
    if (refused[0]) return false;
    if (!refused[2]) throw new RunningGamesLimitError(claim.playerId, claim.limit);
    // The player counts this game already (its creator, seated now): the row takes the seat, nothing is counted again, whatever the count.
    const seated: TransactWriteItem = {
      Update: {
        TableName: this.table,
        Key: keys.membership(claim.playerId, claim.row.gameId),
        UpdateExpression: 'SET seat = :seat',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':seat': claim.row.seat === null ? { NULL: true } : { N: String(claim.row.seat) } },
      },
    };
    const again = await this.transact('replaceHeader', [replace, seated]);
    if (again?.[0]) return false;
    if (again) throw new Error(`row of ${claim.playerId} in ${claim.row.gameId} vanished while they took a seat`);
    return true;
  }

  /** A claim's writes: the running count, raised only below its limit, and the new counted row. */
  private newClaim({ playerId, row, limit }: RunningGameClaim): TransactWriteItem[] {
    return [
      {
        Update: {
          TableName: this.table,
          Key: keys.runningCount(playerId),
          UpdateExpression: 'SET n = if_not_exists(n, :zero) + :one',
          ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
          ExpressionAttributeValues: { ':zero': { N: '0' }, ':one': { N: '1' }, ':limit': { N: String(limit) } },
        },
      },
      { Put: { TableName: this.table, Item: membershipItem(playerId, { ...row, counted: true }), ConditionExpression: 'attribute_not_exists(pk)' } },
    ];
  }

  // ── the log ──────────────────────────────────────────────────────────────

  /**
   * One strongly consistent Query down the game's partition, newest first:
   * HEAD sorts after every commit key, then come the newest commits, then
   * the newest snapshot, where reading stops. After `afterSeq` the key range
   * ends above that commit and its snapshot: a caller up to date reads the
   * header alone.
   */
  async loadGame(gameId: string, afterSeq = 0): Promise<LoadedGame | null> {
    assertAfterSeq(afterSeq);
    let header: GameHeader | null = null;
    let snapshot: Snapshot | null = null;
    const newestFirst: Commit[] = [];
    let limit = afterSeq > 0 ? this.loadPageSize : (this.positions.itemsToSnapshot(gameId) ?? this.loadPageSize);
    let startKey: Item | undefined;
    const partition = { ':pk': { S: keys.gamePartition(gameId) } };
    do {
      const page = await this.queryPage('loadGame', {
        ...(afterSeq > 0
          ? { KeyConditionExpression: 'pk = :pk AND sk > :known', ExpressionAttributeValues: { ...partition, ':known': { S: keys.snapshotSk(afterSeq) } } }
          : { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: partition }),
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: startKey,
      });
      for (const item of page.items) {
        const kind = kindOf(item);
        if (kind === 'header') header = headerFromItem(item);
        else if (!header)
          return null; // commits without a header: no game (yet)
        else if (kind === 'commit') newestFirst.push(commitFromItem(item));
        else if (kind === 'snapshot') {
          snapshot = snapshotFromItem(item);
          break;
        }
      }
      startKey = page.lastKey;
      // Others wrote since this process looked, or snapshots were missed: read on in larger pages.
      limit = Math.max(limit * 2, this.loadPageSize);
    } while (startKey && !snapshot);
    if (!header) return null;
    this.positions.saw(gameId, { latest: newestFirst[0]?.seq ?? afterSeq, snapshot: snapshot?.seq ?? 0 });
    return { header, snapshot, tail: newestFirst.reverse() };
  }

  async appendCommit(commit: Commit): Promise<AppendResult> {
    assertSeq(commit.seq);
    const outcome = await this.put('appendCommit', commitItem(commit), {
      ConditionExpression: 'attribute_not_exists(pk)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    this.positions.saw(commit.gameId, { latest: commit.seq });
    if (outcome.status === 'written') return { status: 'appended' };
    if (!outcome.old) throw new Error(`commit ${commit.gameId}#${commit.seq} refused without its holder`);
    return { status: 'conflict', existing: commitFromItem(outcome.old) };
  }

  async putSnapshot(snapshot: Snapshot): Promise<void> {
    assertSeq(snapshot.seq);
    await this.put('putSnapshot', snapshotItem(snapshot), {});
    this.positions.saw(snapshot.gameId, { snapshot: snapshot.seq });
  }

  async readCommits(gameId: string, afterSeq: number, limit: number): Promise<readonly Commit[]> {
    assertAfterSeq(afterSeq);
    assertLimit(limit);
    if (afterSeq >= LAST_SEQ) return [];
    // The log is gapless, so the wanted commits are exactly this key range (with the snapshots between them).
    const items = await this.queryAll('readCommits', {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': { S: keys.gamePartition(gameId) },
        ':from': { S: keys.commitSk(afterSeq + 1) },
        ':to': { S: keys.commitSk(Math.min(afterSeq + limit, LAST_SEQ)) },
      },
    });
    return items.filter((item) => kindOf(item) === 'commit').map(commitFromItem);
  }

  async latestCommit(gameId: string): Promise<Commit | null> {
    let startKey: Item | undefined;
    do {
      // Two items: the newest commit, or the snapshot just after it and then the commit. Two commits (0.6–1.1 KB
      // each, bodies deflated past 1 KB) cost the one read unit one does, and the snapshot's case needs no second page.
      const page = await this.queryPage('latestCommit', {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :commits)',
        ExpressionAttributeValues: { ':pk': { S: keys.gamePartition(gameId) }, ':commits': { S: COMMIT_PREFIX } },
        ScanIndexForward: false,
        Limit: 2,
        ExclusiveStartKey: startKey,
      });
      const commit = page.items.find((item) => kindOf(item) === 'commit');
      if (commit) return commitFromItem(commit);
      startKey = page.lastKey;
    } while (startKey);
    return null;
  }

  // ── memberships ──────────────────────────────────────────────────────────

  async addMembership(playerId: PlayerId, row: MembershipRow): Promise<void> {
    await this.put('addMembership', membershipItem(playerId, row), {});
  }

  async listMemberships(playerId: PlayerId, cursor: string | null, limit: number): Promise<Page<MembershipRow>> {
    assertLimit(limit);
    const partition = keys.playerPartition(playerId);
    const startKey: Item | undefined = cursor === null ? undefined : { pk: { S: partition }, sk: { S: keys.membershipSk(decodeCursor(cursor)) } };
    // One row beyond the page tells whether there is a next page.
    const found = await this.queryUpTo('listMemberships', partition, MEMBERSHIP_PREFIX, startKey, limit + 1);
    const items = found.slice(0, limit).map(membershipFromItem);
    const last = items.at(-1);
    return { items, next: found.length > limit && last ? encodeCursor(last.gameId) : null };
  }

  async adoptMembership(playerId: PlayerId, gameId: string): Promise<void> {
    await this.transact('adoptMembership', [
      {
        Update: {
          TableName: this.table,
          Key: keys.membership(playerId, gameId),
          UpdateExpression: 'SET counted = :yes',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(counted)',
          ExpressionAttributeValues: { ':yes': { BOOL: true } },
        },
      },
      this.count(playerId, 1),
    ]);
  }

  async retireMembership(playerId: PlayerId, gameId: string, finished: FinishedRow | null): Promise<void> {
    const ended = finished && endedItem(playerId, finished);
    const done: TransactWriteItem[] = [
      ...(finished ? [{ Put: { TableName: this.table, Item: finishedItem(playerId, finished) } }] : []),
      ...(ended ? [{ Put: { TableName: this.table, Item: ended } }] : []),
    ];
    const row = keys.membership(playerId, gameId);
    const released = await this.transact('retireMembership', [
      { Delete: { TableName: this.table, Key: row, ConditionExpression: 'counted = :yes', ExpressionAttributeValues: { ':yes': { BOOL: true } } } },
      this.count(playerId, -1),
      ...done,
    ]);
    // Retired already, or a row from before quotas that counted nothing: it goes all the same.
    if (released) await this.transact('retireMembership', [{ Delete: { TableName: this.table, Key: row } }, ...done]);
  }

  async listFinishedGames(playerId: PlayerId, afterKey: string | null, limit: number): Promise<readonly FinishedRow[]> {
    assertLimit(limit);
    const partition = keys.playerPartition(playerId);
    const startKey: Item | undefined = afterKey === null ? undefined : { pk: { S: partition }, sk: { S: keys.finishedSk(afterKey) } };
    return (await this.queryUpTo('listFinishedGames', partition, FINISHED_PREFIX, startKey, limit)).map(finishedFromItem);
  }

  async listFinishedByEnd(playerId: PlayerId, query: EndedQuery, limit: number): Promise<readonly FinishedRow[]> {
    assertLimit(limit);
    const partition = keys.playerPartition(playerId);
    // BETWEEN is inclusive: the bare `ENDED#<until>` sorts before every game that ended at `until`, which stays out.
    const lowest = keys.endedSk(query.since ?? 0);
    const highest = query.until === null ? `${ENDED_PREFIX}~` : keys.endedSk(query.until);
    const found: Item[] = [];
    let next: Item | undefined = query.after ? { pk: { S: partition }, sk: { S: keys.endedSk(query.after.endedAt, query.after.gameId) } } : undefined;
    do {
      const page = await this.queryPage('listFinishedByEnd', {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lowest AND :highest',
        ExpressionAttributeValues: { ':pk': { S: partition }, ':lowest': { S: lowest }, ':highest': { S: highest } },
        ScanIndexForward: false,
        Limit: limit - found.length,
        ExclusiveStartKey: next,
      });
      found.push(...page.items);
      next = page.lastKey;
    } while (next && found.length < limit);
    return found.map(finishedFromItem);
  }

  /** Raises (or lowers) the count of a player's running games. */
  private count(playerId: PlayerId, by: number): TransactWriteItem {
    return {
      Update: {
        TableName: this.table,
        Key: keys.runningCount(playerId),
        UpdateExpression: 'ADD n :by',
        ExpressionAttributeValues: { ':by': { N: String(by) } },
      },
    };
  }

  /** Up to `limit` items of a player's partition whose sort key starts with `prefix`, after `startKey`, following pages. */
  private async queryUpTo(operation: string, partition: string, prefix: string, startKey: Item | undefined, limit: number): Promise<Item[]> {
    const found: Item[] = [];
    let next = startKey;
    do {
      const page = await this.queryPage(operation, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': { S: partition }, ':prefix': { S: prefix } },
        Limit: limit - found.length,
        ExclusiveStartKey: next,
      });
      found.push(...page.items);
      next = page.lastKey;
    } while (next && found.length < limit);
    return found;
  }

  /**
   * Every player's finished-games row stored before the export's index
   * (without `endedAt`): what the one-off backfill reads
   * (scripts/backfill-ended.ts). A Scan of the whole table, a page at a time:
   * never on a request's path, and not part of the port.
   */
  async *finishedRowsWithoutEnd(): AsyncGenerator<{ readonly playerId: PlayerId; readonly row: FinishedRow }> {
    let startKey: Item | undefined;
    do {
      const command = new ScanCommand({
        TableName: this.table,
        FilterExpression: 'begins_with(sk, :done)',
        ExpressionAttributeValues: { ':done': { S: FINISHED_PREFIX } },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      });
      const page = await this.send('finishedRowsWithoutEnd', 'read', (options) => this.client.send(command, options));
      for (const item of page.Items ?? []) {
        const row = finishedFromItem(item);
        if (row.endedAt === undefined) yield { playerId: playerIdOf(item), row };
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }

  // ── idempotency ──────────────────────────────────────────────────────────

  async getIdempotent(scope: string, key: string): Promise<IdempotentResponse | null> {
    const item = await this.get('getIdempotent', keys.idempotency(idempotencyId(scope, key)));
    if (!item) return null;
    const stored = idempotencyFromItem(item);
    // TTL deletion lags by up to days: expiry is decided here.
    return this.clock() < stored.expiresAt ? stored.response : null;
  }

  async putIdempotent(scope: string, key: string, response: IdempotentResponse, expiresAt: number): Promise<void> {
    await this.put('putIdempotent', idempotencyItem(idempotencyId(scope, key), response, expiresAt), {});
  }

  // ── ratings ──────────────────────────────────────────────────────────────

  async getRatings(game: string, playerIds: readonly PlayerId[]): Promise<ReadonlyMap<PlayerId, PlayerRating>> {
    const unique = [...new Set(playerIds)];
    if (unique.length === 0) return new Map();
    const items = await this.batchGet(
      'getRatings',
      unique.map((playerId) => keys.rating(playerId, game)),
    );
    return new Map(items.map(ratingFromItem).map((rating) => [rating.playerId, rating]));
  }

  async listPlayerRatings(playerId: PlayerId): Promise<readonly PlayerRating[]> {
    return (await this.queryAll('listPlayerRatings', this.prefixQuery(keys.playerPartition(playerId), RATING_PREFIX))).map(ratingFromItem);
  }

  async listPlayerTallies(playerId: PlayerId): Promise<readonly PlayerTally[]> {
    return (await this.queryAll('listPlayerTallies', this.prefixQuery(keys.playerPartition(playerId), TALLY_PREFIX))).map(tallyFromItem);
  }

  /** A partition's items whose sort key starts with `prefix`. */
  private prefixQuery(partition: string, prefix: string) {
    return {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': { S: partition }, ':prefix': { S: prefix } },
    };
  }

  async recordGameEnd(record: GameEnd, ratings: readonly PlayerRating[]): Promise<GameEndWrite> {
    ratings.forEach((rating) => assertSeq(rating.revision));
    const refused = await this.transact('recordGameEnd', [
      { Put: { TableName: this.table, Item: gameEndItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...ratings.map((rating): TransactWriteItem => ({
        Put: {
          TableName: this.table,
          Item: ratingItem(rating),
          ...(rating.revision === 1
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: 'rev = :expected', ExpressionAttributeValues: { ':expected': { N: String(rating.revision - 1) } } }),
        },
      })),
      ...record.tallies.map((tally): TransactWriteItem => ({
        Update: {
          TableName: this.table,
          Key: keys.tally(tally.playerId, record.game),
          UpdateExpression: 'ADD finished :one, clean :clean, won :won',
          ExpressionAttributeValues: { ':one': { N: '1' }, ':clean': { N: tally.clean ? '1' : '0' }, ':won': { N: tally.won ? '1' : '0' } },
        },
      })),
    ]);
    if (!refused) return 'recorded';
    return refused[0] ? 'already-recorded' : 'stale';
  }

  async getGameEnd(gameId: string): Promise<GameEnd | null> {
    const item = await this.get('getGameEnd', keys.gameEnd(gameId));
    return item ? gameEndFromItem(item) : null;
  }

  async listLeaderboard(game: string, cursor: string | null, limit: number): Promise<Page<PlayerRating>> {
    const index = TABLE_SCHEMA.leaderboardIndex;
    const startKey = cursor === null ? undefined : leaderboardStartKey(game, decodeCursor(cursor));
    const page = await this.newestFirst('listLeaderboard', index, keys.leaderboardPartition(game), startKey, limit);
    const items = page.items.map(ratingFromItem);
    const last = items.at(-1);
    return { items, next: page.more && last ? encodeCursor(leaderboardKey(last)) : null };
  }

  async putBlock(row: BlockRow): Promise<void> {
    await this.put('putBlock', blockItem(row), {});
  }

  async deleteBlock(playerId: PlayerId, blockedId: PlayerId): Promise<boolean> {
    // A conditional delete inside a transaction tells whether the block was there, one write either way.
    const refused = await this.transact('deleteBlock', [
      { Delete: { TableName: this.table, Key: keys.block(playerId, blockedId), ConditionExpression: 'attribute_exists(pk)' } },
    ]);
    return refused === null;
  }

  async listBlocks(playerId: PlayerId): Promise<readonly BlockRow[]> {
    return (await this.queryAll('listBlocks', this.prefixQuery(keys.playerPartition(playerId), BLOCK_PREFIX))).map(blockFromItem);
  }

  async anyBlockBetween(playerId: PlayerId, others: readonly PlayerId[]): Promise<boolean> {
    const strangers = [...new Set(others)].filter((other) => other !== playerId);
    if (strangers.length === 0) return false;
    const wanted = strangers.flatMap((other) => [keys.block(playerId, other), keys.block(other, playerId)]);
    return (await this.batchGet('anyBlockBetween', wanted)).length > 0;
  }

  async blockedEitherWay(playerId: PlayerId, others: readonly PlayerId[]): Promise<ReadonlySet<PlayerId>> {
    const strangers = [...new Set(others)].filter((other) => other !== playerId);
    const wanted = strangers.flatMap((other) => [keys.block(playerId, other), keys.block(other, playerId)]);
    const found: Item[] = [];
    // BatchGetItem takes at most 100 keys a request.
    for (let from = 0; from < wanted.length; from += 100) found.push(...(await this.batchGet('blockedEitherWay', wanted.slice(from, from + 100))));
    return new Set(found.map(blockFromItem).map((row) => (row.playerId === playerId ? row.blockedId : row.playerId)));
  }

  async listOpenGames(game: string, cursor: string | null, limit: number): Promise<Page<GameHeader>> {
    const index = TABLE_SCHEMA.openGamesIndex;
    const startKey = cursor === null ? undefined : openGameStartKey(game, decodeCursor(cursor));
    const page = await this.newestFirst('listOpenGames', index, keys.openGamesPartition(game), startKey, limit);
    const items = page.items.map(headerFromItem);
    const last = items.at(-1);
    return { items, next: page.more && last ? encodeCursor(openGameKey(last)) : null };
  }

  /** Up to `limit` items of one partition of a sparse index, highest sort key first, after `startKey`; `more` when others follow. */
  private async newestFirst(
    operation: string,
    index: { readonly name: string; readonly partitionKey: string },
    partition: string,
    startKey: Item | undefined,
    limit: number,
  ): Promise<{ items: Item[]; more: boolean }> {
    assertLimit(limit);
    // One item beyond the page tells whether there is a next page.
    const items: Item[] = [];
    let next = startKey;
    do {
      const page = await this.queryPage(
        operation,
        {
          IndexName: index.name,
          KeyConditionExpression: '#pk = :partition',
          ExpressionAttributeNames: { '#pk': index.partitionKey },
          ExpressionAttributeValues: { ':partition': { S: partition } },
          ScanIndexForward: false,
          Limit: limit + 1 - items.length,
          ExclusiveStartKey: next,
        },
        'eventual',
      );
      items.push(...page.items);
      next = page.lastKey;
    } while (next && items.length <= limit);
    return { items: items.slice(0, limit), more: items.length > limit };
  }

  async putSeek(seek: SeekRecord): Promise<void> {
    const fresh = { ConditionExpression: 'attribute_not_exists(pk)' };
    const refused = await this.transact('putSeek', [
      { Put: { TableName: this.table, Item: seekItem(seek, 'pool'), ...fresh } },
      { Put: { TableName: this.table, Item: seekItem(seek, 'player'), ...fresh } },
    ]);
    if (refused) throw new Error(`seek ${seek.seekId} already exists`);
  }

  async listPoolSeeks(game: string): Promise<readonly SeekRecord[]> {
    return this.liveSeeks('listPoolSeeks', keys.seekPoolPartition(game));
  }

  async listPlayerSeeks(playerId: PlayerId): Promise<readonly SeekRecord[]> {
    return this.liveSeeks('listPlayerSeeks', keys.playerPartition(playerId));
  }

  /** A partition's seeks not expired (TTL deletes late), oldest first. */
  private async liveSeeks(operation: string, partition: string): Promise<SeekRecord[]> {
    const now = this.clock();
    return (await this.queryAll(operation, this.prefixQuery(partition, SEEK_PREFIX)))
      .map(seekFromItem)
      .filter((seek) => seek.expiresAt > now)
      .sort((a, b) => a.createdAt - b.createdAt || byUtf8(a.seekId, b.seekId));
  }

  async cancelSeek(playerId: PlayerId, seekId: string): Promise<SeekRecord | null> {
    const item = await this.get('cancelSeek', keys.playerSeek(playerId, seekId));
    const seek = item ? seekFromItem(item) : null;
    if (!seek || seek.expiresAt <= this.clock()) return null;
    if (seek.status !== 'waiting') return seek;
    const waiting = { ConditionExpression: 'st = :waiting', ExpressionAttributeValues: { ':waiting': { S: 'waiting' } } };
    const refused = await this.transact('cancelSeek', [
      { Delete: { TableName: this.table, Key: keys.poolSeek(seek.game, seekId), ...waiting } },
      { Delete: { TableName: this.table, Key: keys.playerSeek(playerId, seekId), ...waiting } },
    ]);
    // Seated meanwhile by a matcher: as it now stands.
    return refused ? this.cancelSeek(playerId, seekId) : seek;
  }

  async seatSeeks(header: GameHeader, seeks: readonly SeekRecord[], claims: readonly RunningGameClaim[]): Promise<SeatingOutcome> {
    // Waiting and not expired (an expired item lingers until TTL deletes it).
    const waiting = {
      ConditionExpression: 'st = :waiting AND expiresMs > :now',
      ExpressionAttributeValues: { ':waiting': { S: 'waiting' }, ':now': { N: String(this.clock()) } },
    };
    const seekWrites: TransactWriteItem[] = seeks.flatMap((seek) => [
      { Delete: { TableName: this.table, Key: keys.poolSeek(seek.game, seek.seekId), ...waiting } },
      { Put: { TableName: this.table, Item: seekItem({ ...seek, status: 'seated', gameId: header.gameId }, 'player'), ...waiting } },
    ]);
    // A block is an item: checking that none exists between any two players makes a block written meanwhile refuse the seating.
    const players = seeks.map((seek) => seek.playerId);
    const noBlocks: TransactWriteItem[] = players.flatMap((player, i) =>
      players.slice(i + 1).flatMap((other) =>
        [keys.block(player, other), keys.block(other, player)].map((Key) => ({
          ConditionCheck: { TableName: this.table, Key, ConditionExpression: 'attribute_not_exists(pk)' },
        })),
      ),
    );
    const claimWrites = claims.flatMap((claim) => this.newClaim(claim));
    const refused = await this.transact('seatSeeks', [
      { Put: { TableName: this.table, Item: headerItem(header), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...seekWrites,
      ...noBlocks,
      ...claimWrites,
    ]);
    if (!refused) return { status: 'seated' };
    if (refused[0]) throw new HeaderConflictError(header.gameId);
    const gone = seeks.filter((_, i) => refused[1 + 2 * i] || refused[2 + 2 * i]).map((seek) => seek.seekId);
    if (gone.length > 0) return { status: 'gone', seekIds: gone };
    if (refused.slice(1 + seekWrites.length, 1 + seekWrites.length + noBlocks.length).some(Boolean)) return { status: 'blocked' };
    // Each claim is two items (newClaim): a refused count is over its limit.
    const over = claims.find((_, i) => refused[1 + seekWrites.length + noBlocks.length + 2 * i]);
    if (over) throw new RunningGamesLimitError(over.playerId, over.limit);
    throw new Error(`seating in ${header.gameId} refused a new running row`);
  }

  async listActiveGameIds(): Promise<readonly string[]> {
    const index = TABLE_SCHEMA.activeGamesIndex;
    const items = await this.queryAll(
      'listActiveGameIds',
      {
        IndexName: index.name,
        KeyConditionExpression: '#pk = :active',
        ExpressionAttributeNames: { '#pk': index.partitionKey },
        ExpressionAttributeValues: { ':active': { S: ACTIVE_PARTITION } },
      },
      'eventual',
    );
    return items.map(gameIdFromActiveIndexItem);
  }

  // ── requests, metered ────────────────────────────────────────────────────

  /**
   * Every request of the service goes through here: bounded in time as a
   * whole (the client bounds each attempt), and a transient fault surfaces as
   * StoreUnavailableError (see dynamo-client.ts).
   */
  private async send<Output>(operation: string, kind: 'read' | 'write', request: (options: { abortSignal: AbortSignal }) => Promise<Output>): Promise<Output> {
    try {
      return await request({ abortSignal: AbortSignal.timeout(STORE_TIME_BOUNDS.callBudgetMs) });
    } catch (error) {
      throw classifyStoreError(operation, kind, error);
    }
  }

  private get capacityMode(): 'TOTAL' | undefined {
    return this.meter ? 'TOTAL' : undefined;
  }

  private async get(operation: string, key: Item): Promise<Item | null> {
    const command = new GetItemCommand({ TableName: this.table, Key: key, ConsistentRead: true, ReturnConsumedCapacity: this.capacityMode });
    const output = await this.send(operation, 'read', (options) => this.client.send(command, options));
    if (this.meter) {
      const size = output.Item ? itemSizeBytes(output.Item) : 0;
      this.meter({
        operation,
        command: 'GetItem',
        consumed: consumedList(output.ConsumedCapacity),
        writtenBytes: [],
        readBytes: output.Item ? [size] : [],
        writeUnits: 0,
        readUnits: getItemReadUnits(size),
      });
    }
    return output.Item ?? null;
  }

  /**
   * A PutItem. `refused` when its condition failed; `old` is the item it met
   * when ALL_OLD was asked for (on success or on refusal).
   */
  private async put(
    operation: string,
    item: Item,
    extra: Omit<PutItemCommandInput, 'TableName' | 'Item' | 'ReturnConsumedCapacity'>,
  ): Promise<{ status: 'written' | 'refused'; old: Item | undefined }> {
    const input: PutItemCommandInput = { TableName: this.table, Item: item, ReturnConsumedCapacity: this.capacityMode, ...extra };
    try {
      const output = await this.send(operation, 'write', (options) => this.client.send(new PutItemCommand(input), options));
      this.meterPut(operation, output.ConsumedCapacity, item, output.Attributes);
      return { status: 'written', old: output.Attributes };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // A refused write still consumes write capacity.
      this.meterPut(operation, undefined, item, error.Item);
      return { status: 'refused', old: error.Item };
    }
  }

  private meterPut(operation: string, consumed: ConsumedCapacity | undefined, item: Item, old: Item | undefined): void {
    if (!this.meter) return;
    // The larger of the old and new images is billed; the index entry is written when either image has one.
    const image = old && itemSizeBytes(old) > itemSizeBytes(item) ? old : item;
    const entry = activeIndexEntry(item) ?? (old ? activeIndexEntry(old) : null);
    this.meterWrite(operation, 'PutItem', consumed, [image], entry ? [entry] : [], false);
  }

  private meterWrite(
    operation: string,
    command: string,
    consumed: ConsumedCapacity | readonly ConsumedCapacity[] | undefined,
    items: readonly Item[],
    indexEntries: readonly Item[],
    transactional: boolean,
  ): void {
    if (!this.meter) return;
    const writtenBytes = [...items.map(itemSizeBytes), ...indexEntries.map((e) => itemSizeBytes(e) + INDEX_ENTRY_OVERHEAD_BYTES)];
    this.meter({
      operation,
      command,
      consumed: consumedList(consumed),
      writtenBytes,
      readBytes: [],
      writeUnits: writtenBytes.reduce((sum, bytes) => sum + writeUnits(bytes, transactional), 0),
      readUnits: 0,
    });
  }

  /**
   * A TransactWriteItems: null when it was written, otherwise which of its
   * items' conditions failed (by index; true where one did).
   */
  private async transact(operation: string, items: readonly TransactWriteItem[]): Promise<boolean[] | null> {
    const written = items.map((item) => item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? {});
    const command = new TransactWriteItemsCommand({ TransactItems: [...items], ReturnConsumedCapacity: this.capacityMode });
    try {
      const output = await this.send(operation, 'write', (options) => this.client.send(command, options));
      this.meterWrite(operation, 'TransactWriteItems', output.ConsumedCapacity, written, [], true);
      return null;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException) || !error.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')) throw error;
      this.meterWrite(operation, 'TransactWriteItems', undefined, written, [], true);
      return error.CancellationReasons.map((reason) => reason.Code === 'ConditionalCheckFailed');
    }
  }

  /** Deletes every item of these keys (those already gone too), 25 a request, retrying what DynamoDB leaves unprocessed a few times with backoff. */
  private async deleteItems(operation: string, doomed: readonly Item[]): Promise<void> {
    for (let i = 0; i < doomed.length; i += BATCH_WRITE_ITEMS) {
      let pending: WriteRequest[] = doomed.slice(i, i + BATCH_WRITE_ITEMS).map((Key) => ({ DeleteRequest: { Key } }));
      for (let round = 0; pending.length > 0; round++) {
        if (round === BATCH_GET_ROUNDS) throw new StoreUnavailableError(operation, 'unknown');
        if (round > 0) await setTimeout(BATCH_GET_BACKOFF_MS * 2 ** (round - 1));
        const command = new BatchWriteItemCommand({ RequestItems: { [this.table]: pending }, ReturnConsumedCapacity: this.capacityMode });
        const output = await this.send(operation, 'write', (options) => this.client.send(command, options));
        this.meterWrite(
          operation,
          'BatchWriteItem',
          output.ConsumedCapacity,
          pending.map((request) => request.DeleteRequest?.Key ?? {}),
          [],
          false,
        );
        pending = output.UnprocessedItems?.[this.table] ?? [];
      }
    }
  }

  /** Every item of these keys that exists, strongly consistent, retrying what DynamoDB leaves unprocessed (throttled) a few times with backoff. */
  private async batchGet(operation: string, wanted: readonly Item[]): Promise<Item[]> {
    const found: Item[] = [];
    let pending: Item[] = [...wanted];
    for (let round = 0; pending.length > 0; round++) {
      if (round === BATCH_GET_ROUNDS) throw new StoreUnavailableError(operation, 'not-applied');
      if (round > 0) await setTimeout(BATCH_GET_BACKOFF_MS * 2 ** (round - 1));
      const command = new BatchGetItemCommand({
        RequestItems: { [this.table]: { Keys: pending, ConsistentRead: true } },
        ReturnConsumedCapacity: this.capacityMode,
      });
      const output = await this.send(operation, 'read', (options) => this.client.send(command, options));
      const items = output.Responses?.[this.table] ?? [];
      found.push(...items);
      if (this.meter) {
        const readBytes = items.map(itemSizeBytes);
        this.meter({
          operation,
          command: 'BatchGetItem',
          consumed: consumedList(output.ConsumedCapacity),
          writtenBytes: [],
          readBytes,
          writeUnits: 0,
          // Each item is read as a GetItem would read it.
          readUnits: readBytes.reduce((sum, bytes) => sum + getItemReadUnits(bytes), 0),
        });
      }
      pending = output.UnprocessedKeys?.[this.table]?.Keys ?? [];
    }
    return found;
  }

  private async queryPage(
    operation: string,
    input: Omit<QueryCommandInput, 'TableName' | 'ConsistentRead' | 'ReturnConsumedCapacity'>,
    consistency: Exclude<ReadConsistency, 'transactional'> = 'strong',
  ): Promise<{ items: Item[]; lastKey: Item | undefined }> {
    const command = new QueryCommand({ TableName: this.table, ConsistentRead: consistency === 'strong', ReturnConsumedCapacity: this.capacityMode, ...input });
    const output = await this.send(operation, 'read', (options) => this.client.send(command, options));
    const items = output.Items ?? [];
    if (this.meter) {
      const readBytes = items.map(itemSizeBytes);
      this.meter({
        operation,
        command: 'Query',
        consumed: consumedList(output.ConsumedCapacity),
        writtenBytes: [],
        readBytes,
        writeUnits: 0,
        readUnits: queryReadUnits(readBytes, consistency),
      });
    }
    return { items, lastKey: output.LastEvaluatedKey };
  }

  /** Every item of a query, following LastEvaluatedKey to the end. */
  private async queryAll(
    operation: string,
    input: Omit<QueryCommandInput, 'TableName' | 'ConsistentRead' | 'ReturnConsumedCapacity' | 'ExclusiveStartKey'>,
    consistency: Exclude<ReadConsistency, 'transactional'> = 'strong',
  ): Promise<Item[]> {
    const items: Item[] = [];
    let startKey: Item | undefined;
    do {
      const page = await this.queryPage(operation, { ...input, ExclusiveStartKey: startKey }, consistency);
      items.push(...page.items);
      startKey = page.lastKey;
    } while (startKey);
    return items;
  }
}

/** An index of the table as CreateTable and UpdateTable name it. */
function indexOf(
  index: { readonly name: string; readonly partitionKey: string; readonly sortKey: string },
  projection: 'KEYS_ONLY' | 'ALL',
): GlobalSecondaryIndex {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: projection },
  };
}

function consumedList(consumed: ConsumedCapacity | readonly ConsumedCapacity[] | undefined): readonly ConsumedCapacity[] {
  if (!consumed) return [];
  return Array.isArray(consumed) ? consumed : [consumed as ConsumedCapacity];
}

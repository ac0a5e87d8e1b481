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
  jsonCopy,
  leaderboardKey,
  openGameKey,
} from './conventions.js';
import {
  AccessTokenLimitError,
  HeaderConflictError,
  PasskeyConflictError,
  PasskeyLimitError,
  PlayerConflictError,
  RunningGamesLimitError,
  type AccessTokenRecord,
  type AppendResult,
  type ChallengeTake,
  type PasskeyChallenge,
  type PasskeyRecord,
  type Commit,
  type EndPosition,
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

/** A game's partition: like DynamoDB's, it may hold commits before (or without) a header. */
interface GamePartition {
  header: GameHeader | null;
  readonly commits: Map<number, Commit>;
  readonly snapshots: Map<number, Snapshot>;
}

/** How long an expired challenge is kept before it is swept, as DynamoDB's TTL may keep it that long too. */
const CHALLENGE_SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

interface IdempotencyRecord {
  readonly response: IdempotentResponse;
  readonly expiresAt: number;
}

export interface MemoryStoreOptions {
  /** Epoch ms, for idempotency expiry. */
  readonly clock?: () => number;
}

/**
 * The store in process memory, with DynamoDB's semantics: conditional writes,
 * reads that see every completed write, JSON values copied on the way in and
 * out (callers never share objects with the store), expiring idempotency
 * records. For unit tests and machines without Java.
 */
export class MemoryStore implements Store {
  private readonly players = new Map<PlayerId, PlayerRecord>();
  /** Every token hash, registration and access tokens alike: whose it is, and which access token (null: registration). */
  private readonly tokens = new Map<string, { readonly playerId: PlayerId; readonly tokenId: string | null }>();
  /** Each player's access tokens by tokenId. */
  private readonly accessTokens = new Map<PlayerId, Map<string, AccessTokenRecord>>();
  private readonly games = new Map<string, GamePartition>();
  private readonly memberships = new Map<PlayerId, Map<string, MembershipRow>>();
  /** Each player's finished games by `finishedOrderKey`. */
  private readonly finished = new Map<PlayerId, Map<string, FinishedRow>>();
  /** How many running games each player counts. */
  private readonly running = new Map<PlayerId, number>();
  private readonly idempotency = new Map<string, IdempotencyRecord>();
  private readonly vacations = new Map<PlayerId, VacationLedger>();
  /** Ratings by game, then player. */
  private readonly ratings = new Map<string, Map<PlayerId, PlayerRating>>();
  private readonly gameEnds = new Map<string, GameEnd>();
  /** Blocks by player, then blocked player. */
  private readonly blocks = new Map<PlayerId, Map<PlayerId, BlockRow>>();
  /** Seeks by id, as their player's copy holds them (waiting ones are also in their pool). */
  private readonly seeks = new Map<string, SeekRecord>();
  /** Tallies by player, then game. */
  private readonly tallies = new Map<PlayerId, Map<string, PlayerTally>>();
  /** Passkeys by player, then credential id. */
  private readonly passkeys = new Map<PlayerId, Map<string, PasskeyRecord>>();
  /** Issued challenges, and whether each was answered. */
  private readonly challenges = new Map<string, { readonly challenge: PasskeyChallenge; used: boolean }>();
  private readonly clock: () => number;

  constructor(options: MemoryStoreOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  async createPlayer(player: PlayerRecord): Promise<void> {
    if (this.players.has(player.playerId) || this.tokens.has(player.tokenHash)) throw new PlayerConflictError(player.playerId);
    this.players.set(player.playerId, jsonCopy(player));
    this.tokens.set(player.tokenHash, { playerId: player.playerId, tokenId: null });
  }

  async getPlayer(playerId: PlayerId): Promise<PlayerRecord | null> {
    const player = this.players.get(playerId);
    return player ? jsonCopy(player) : null;
  }

  async resolveToken(tokenHash: string): Promise<TokenHolder | null> {
    const holder = this.tokens.get(tokenHash);
    const player = holder ? await this.getPlayer(holder.playerId) : null;
    if (!holder || !player) return null;
    const access = holder.tokenId === null ? null : this.accessTokens.get(holder.playerId)?.get(holder.tokenId);
    return access === undefined ? null : { player, access: access && jsonCopy(access) };
  }

  async createAccessToken(token: AccessTokenRecord, limit: number): Promise<void> {
    const held = this.accessTokens.get(token.playerId) ?? new Map<string, AccessTokenRecord>();
    if (held.size >= limit) throw new AccessTokenLimitError(token.playerId, limit);
    if (held.has(token.tokenId) || this.tokens.has(token.tokenHash)) throw new Error(`access token ${token.tokenId} already exists`);
    held.set(token.tokenId, jsonCopy(token));
    this.accessTokens.set(token.playerId, held);
    this.tokens.set(token.tokenHash, { playerId: token.playerId, tokenId: token.tokenId });
  }

  async listAccessTokens(playerId: PlayerId): Promise<readonly AccessTokenRecord[]> {
    return [...(this.accessTokens.get(playerId)?.values() ?? [])].sort((a, b) => byUtf8(a.tokenId, b.tokenId)).map(jsonCopy);
  }

  async deleteAccessToken(playerId: PlayerId, tokenId: string): Promise<AccessTokenRecord | null> {
    const token = this.accessTokens.get(playerId)?.get(tokenId);
    if (!token) return null;
    this.accessTokens.get(playerId)?.delete(tokenId);
    this.tokens.delete(token.tokenHash);
    return jsonCopy(token);
  }

  async convertToBot(playerId: PlayerId, owner: PlayerId): Promise<boolean> {
    const player = this.players.get(playerId);
    if (!player || player.botOwner !== undefined || (this.running.get(playerId) ?? 0) > 0) return false;
    this.players.set(playerId, { ...player, botOwner: owner });
    return true;
  }

  async touchAccessToken(token: AccessTokenRecord, at: number): Promise<void> {
    const held = this.accessTokens.get(token.playerId);
    const stored = held?.get(token.tokenId);
    if (held && stored) held.set(token.tokenId, { ...stored, lastUsedAt: at });
  }

  async erasePlayer(playerId: PlayerId): Promise<void> {
    for (const [tokenHash, holder] of this.tokens) if (holder.playerId === playerId) this.tokens.delete(tokenHash);
    for (const pool of this.ratings.values()) pool.delete(playerId);
    for (const byPlayer of [
      this.players,
      this.accessTokens,
      this.passkeys,
      this.memberships,
      this.finished,
      this.running,
      this.vacations,
      this.blocks,
      this.tallies,
    ])
      byPlayer.delete(playerId);
  }

  async putPasskeyChallenge(challenge: PasskeyChallenge): Promise<void> {
    const now = this.clock();
    for (const [id, kept] of this.challenges) if (kept.challenge.expiresAt + CHALLENGE_SWEEP_AFTER_MS < now) this.challenges.delete(id);
    this.challenges.set(challenge.challenge, { challenge: jsonCopy(challenge), used: false });
  }

  async takePasskeyChallenge(challenge: string): Promise<ChallengeTake> {
    const kept = this.challenges.get(challenge);
    if (!kept) return { status: 'unknown' };
    const status = kept.used ? 'used' : 'taken';
    kept.used = true;
    return { status, challenge: jsonCopy(kept.challenge) };
  }

  async createPasskey(passkey: PasskeyRecord, limit: number): Promise<void> {
    const held = this.passkeys.get(passkey.playerId) ?? new Map<string, PasskeyRecord>();
    if (held.size >= limit) throw new PasskeyLimitError(passkey.playerId, limit);
    if (held.has(passkey.credentialId)) throw new PasskeyConflictError(passkey.playerId, passkey.credentialId);
    held.set(passkey.credentialId, jsonCopy(passkey));
    this.passkeys.set(passkey.playerId, held);
  }

  async getPasskey(playerId: PlayerId, credentialId: string): Promise<PasskeyRecord | null> {
    const passkey = this.passkeys.get(playerId)?.get(credentialId);
    return passkey ? jsonCopy(passkey) : null;
  }

  async listPasskeys(playerId: PlayerId): Promise<readonly PasskeyRecord[]> {
    return [...(this.passkeys.get(playerId)?.values() ?? [])].sort((a, b) => byUtf8(a.credentialId, b.credentialId)).map(jsonCopy);
  }

  async deletePasskey(playerId: PlayerId, credentialId: string): Promise<boolean> {
    return this.passkeys.get(playerId)?.delete(credentialId) ?? false;
  }

  async recordPasskeyUse(passkey: PasskeyRecord, counter: number, at: number): Promise<boolean> {
    const held = this.passkeys.get(passkey.playerId);
    const stored = held?.get(passkey.credentialId);
    if (!held || !stored || stored.counter !== passkey.counter) return false;
    held.set(passkey.credentialId, { ...stored, counter, lastUsedAt: at });
    return true;
  }

  async createGame(header: GameHeader, claim?: RunningGameClaim): Promise<void> {
    const partition = this.partition(header.gameId);
    if (partition.header) throw new HeaderConflictError(header.gameId);
    const write = claim ? this.claiming(claim) : () => {};
    partition.header = jsonCopy(header);
    write();
  }

  async getHeader(gameId: string): Promise<GameHeader | null> {
    const header = this.games.get(gameId)?.header;
    return header ? jsonCopy(header) : null;
  }

  async getHeaders(gameIds: readonly string[]): Promise<ReadonlyMap<string, GameHeader>> {
    const headers = new Map<string, GameHeader>();
    for (const gameId of gameIds) {
      const header = this.games.get(gameId)?.header;
      if (header) headers.set(gameId, jsonCopy(header));
    }
    return headers;
  }

  async replaceHeader(next: GameHeader, expectedRevision: number, claim?: RunningGameClaim): Promise<boolean> {
    assertNextRevision(next, expectedRevision);
    const partition = this.games.get(next.gameId);
    if (partition?.header?.revision !== expectedRevision) return false;
    const write = claim ? this.claiming(claim) : () => {};
    partition.header = jsonCopy(next);
    write();
    return true;
  }

  /** Checks a claim, as a transaction's conditions would, and returns its write: a new counted row, or the seat on a row the player counts already. */
  private claiming({ playerId, row, limit }: RunningGameClaim): () => void {
    const rows = this.memberships.get(playerId) ?? new Map<string, MembershipRow>();
    const held = rows.get(row.gameId);
    if (held) return () => void rows.set(row.gameId, { ...held, seat: row.seat });
    const counted = this.running.get(playerId) ?? 0;
    if (counted >= limit) throw new RunningGamesLimitError(playerId, limit);
    return () => {
      rows.set(row.gameId, { ...jsonCopy(row), counted: true });
      this.memberships.set(playerId, rows);
      this.running.set(playerId, counted + 1);
    };
  }

  async loadGame(gameId: string, afterSeq = 0): Promise<LoadedGame | null> {
    assertAfterSeq(afterSeq);
    const partition = this.games.get(gameId);
    if (!partition?.header) return null;
    const snapshotSeq = Math.max(0, ...partition.snapshots.keys());
    const snapshot = snapshotSeq > afterSeq ? (partition.snapshots.get(snapshotSeq) ?? null) : null;
    const from = Math.max(snapshotSeq, afterSeq);
    const tail = [...partition.commits.values()].filter((c) => c.seq > from).sort((a, b) => a.seq - b.seq);
    return jsonCopy({ header: partition.header, snapshot, tail });
  }

  async appendCommit(commit: Commit): Promise<AppendResult> {
    assertSeq(commit.seq);
    const commits = this.partition(commit.gameId).commits;
    const existing = commits.get(commit.seq);
    if (existing) return { status: 'conflict', existing: jsonCopy(existing) };
    commits.set(commit.seq, jsonCopy(commit));
    return { status: 'appended' };
  }

  async putSnapshot(snapshot: Snapshot): Promise<void> {
    assertSeq(snapshot.seq);
    this.partition(snapshot.gameId).snapshots.set(snapshot.seq, jsonCopy(snapshot));
  }

  async readCommits(gameId: string, afterSeq: number, limit: number): Promise<readonly Commit[]> {
    assertAfterSeq(afterSeq);
    assertLimit(limit);
    const commits = this.games.get(gameId)?.commits;
    if (!commits) return [];
    const found: Commit[] = [];
    for (let seq = afterSeq + 1; seq <= afterSeq + limit; seq++) {
      const commit = commits.get(seq);
      if (commit) found.push(jsonCopy(commit));
    }
    return found;
  }

  async latestCommit(gameId: string): Promise<Commit | null> {
    const commits = this.games.get(gameId)?.commits;
    if (!commits || commits.size === 0) return null;
    return jsonCopy(commits.get(Math.max(...commits.keys())) as Commit);
  }

  async getVacationLedger(playerId: PlayerId): Promise<VacationLedger | null> {
    const ledger = this.vacations.get(playerId);
    return ledger ? jsonCopy(ledger) : null;
  }

  async putVacationLedger(next: VacationLedger, expectedRevision: number): Promise<boolean> {
    assertNextRevision(next, expectedRevision);
    if ((this.vacations.get(next.playerId)?.revision ?? 0) !== expectedRevision) return false;
    this.vacations.set(next.playerId, jsonCopy(next));
    return true;
  }

  async addMembership(playerId: PlayerId, row: MembershipRow): Promise<void> {
    const rows = this.memberships.get(playerId) ?? new Map<string, MembershipRow>();
    rows.set(row.gameId, jsonCopy(row));
    this.memberships.set(playerId, rows);
  }

  async listMemberships(playerId: PlayerId, cursor: string | null, limit: number): Promise<Page<MembershipRow>> {
    assertLimit(limit);
    const after = cursor === null ? null : decodeCursor(cursor);
    const rows = [...(this.memberships.get(playerId)?.values() ?? [])]
      .filter((row) => after === null || byUtf8(row.gameId, after) > 0)
      .sort((a, b) => byUtf8(a.gameId, b.gameId));
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items: jsonCopy(items), next: rows.length > limit && last ? encodeCursor(last.gameId) : null };
  }

  async adoptMembership(playerId: PlayerId, gameId: string): Promise<void> {
    const rows = this.memberships.get(playerId);
    const row = rows?.get(gameId);
    if (!rows || !row || row.counted) return;
    rows.set(gameId, { ...row, counted: true });
    this.running.set(playerId, (this.running.get(playerId) ?? 0) + 1);
  }

  async retireMembership(playerId: PlayerId, gameId: string, finished: FinishedRow | null): Promise<void> {
    const rows = this.memberships.get(playerId);
    const row = rows?.get(gameId);
    rows?.delete(gameId);
    if (row?.counted) this.running.set(playerId, (this.running.get(playerId) ?? 0) - 1);
    if (!finished) return;
    const done = this.finished.get(playerId) ?? new Map<string, FinishedRow>();
    done.set(finishedOrderKey(gameId), jsonCopy(finished));
    this.finished.set(playerId, done);
  }

  async listFinishedGames(playerId: PlayerId, afterKey: string | null, limit: number): Promise<readonly FinishedRow[]> {
    assertLimit(limit);
    const rows = [...(this.finished.get(playerId) ?? new Map<string, FinishedRow>())]
      .filter(([key]) => afterKey === null || byUtf8(key, afterKey) > 0)
      .sort(([a], [b]) => byUtf8(a, b));
    return jsonCopy(rows.slice(0, limit).map(([, row]) => row));
  }

  async listFinishedByEnd(playerId: PlayerId, query: EndedQuery, limit: number): Promise<readonly FinishedRow[]> {
    assertLimit(limit);
    // Newest first, then game id descending: DynamoDB's order of `ENDED#<ms>#<gameId>` read backwards.
    const later = (a: EndPosition, b: EndPosition) => (a.endedAt !== b.endedAt ? a.endedAt > b.endedAt : byUtf8(a.gameId, b.gameId) > 0);
    const rows = [...(this.finished.get(playerId)?.values() ?? [])]
      .flatMap((row) => (row.endedAt === undefined ? [] : [{ row, at: { endedAt: row.endedAt, gameId: row.gameId } }]))
      .filter(({ at }) => (query.since === null || at.endedAt >= query.since) && (query.until === null || at.endedAt < query.until))
      .filter(({ at }) => query.after === null || later(query.after, at))
      .sort((a, b) => (later(a.at, b.at) ? -1 : 1));
    return jsonCopy(rows.slice(0, limit).map(({ row }) => row));
  }

  async getIdempotent(scope: string, key: string): Promise<IdempotentResponse | null> {
    const record = this.idempotency.get(idempotencyId(scope, key));
    return record && this.clock() < record.expiresAt ? jsonCopy(record.response) : null;
  }

  async putIdempotent(scope: string, key: string, response: IdempotentResponse, expiresAt: number): Promise<void> {
    this.idempotency.set(idempotencyId(scope, key), { response: jsonCopy(response), expiresAt });
  }

  async getRatings(game: string, playerIds: readonly PlayerId[]): Promise<ReadonlyMap<PlayerId, PlayerRating>> {
    const pool = this.ratings.get(game);
    return new Map(
      playerIds.flatMap((playerId) => {
        const rating = pool?.get(playerId);
        return rating ? [[playerId, jsonCopy(rating)] as const] : [];
      }),
    );
  }

  async listPlayerRatings(playerId: PlayerId): Promise<readonly PlayerRating[]> {
    const games = [...this.ratings.keys()].sort(byUtf8);
    return games.flatMap((game) => {
      const rating = this.ratings.get(game)?.get(playerId);
      return rating ? [jsonCopy(rating)] : [];
    });
  }

  async listPlayerTallies(playerId: PlayerId): Promise<readonly PlayerTally[]> {
    const games = this.tallies.get(playerId);
    return [...(games?.values() ?? [])].sort((a, b) => byUtf8(a.game, b.game)).map(jsonCopy);
  }

  async recordGameEnd(record: GameEnd, ratings: readonly PlayerRating[]): Promise<GameEndWrite> {
    ratings.forEach((rating) => assertSeq(rating.revision));
    if (this.gameEnds.has(record.gameId)) return 'already-recorded';
    const stale = ratings.some((rating) => (this.ratings.get(rating.game)?.get(rating.playerId)?.revision ?? 0) !== rating.revision - 1);
    if (stale) return 'stale';
    this.gameEnds.set(record.gameId, jsonCopy(record));
    for (const rating of ratings) {
      const pool = this.ratings.get(rating.game) ?? new Map<PlayerId, PlayerRating>();
      pool.set(rating.playerId, jsonCopy(rating));
      this.ratings.set(rating.game, pool);
    }
    for (const { playerId, clean, won } of record.tallies) {
      const games = this.tallies.get(playerId) ?? new Map<string, PlayerTally>();
      const tally = games.get(record.game) ?? { playerId, game: record.game, finished: 0, clean: 0, won: 0 };
      games.set(record.game, { ...tally, finished: tally.finished + 1, clean: tally.clean + (clean ? 1 : 0), won: tally.won + (won ? 1 : 0) });
      this.tallies.set(playerId, games);
    }
    return 'recorded';
  }

  async getGameEnd(gameId: string): Promise<GameEnd | null> {
    const record = this.gameEnds.get(gameId);
    return record ? jsonCopy(record) : null;
  }

  async listLeaderboard(game: string, cursor: string | null, limit: number): Promise<Page<PlayerRating>> {
    const listed = [...(this.ratings.get(game)?.values() ?? [])].filter((rating) => rating.listed);
    return newestFirst(listed, leaderboardKey, cursor, limit);
  }

  async putBlock(row: BlockRow): Promise<void> {
    const mine = this.blocks.get(row.playerId) ?? new Map<PlayerId, BlockRow>();
    mine.set(row.blockedId, jsonCopy(row));
    this.blocks.set(row.playerId, mine);
  }

  async deleteBlock(playerId: PlayerId, blockedId: PlayerId): Promise<boolean> {
    return this.blocks.get(playerId)?.delete(blockedId) ?? false;
  }

  async listBlocks(playerId: PlayerId): Promise<readonly BlockRow[]> {
    return [...(this.blocks.get(playerId)?.values() ?? [])].sort((a, b) => byUtf8(a.blockedId, b.blockedId)).map(jsonCopy);
  }

  async anyBlockBetween(playerId: PlayerId, others: readonly PlayerId[]): Promise<boolean> {
    return others.some((other) => other !== playerId && (this.blocks.get(playerId)?.has(other) || this.blocks.get(other)?.has(playerId)));
  }

  async blockedEitherWay(playerId: PlayerId, others: readonly PlayerId[]): Promise<ReadonlySet<PlayerId>> {
    return new Set(others.filter((other) => other !== playerId && (this.blocks.get(playerId)?.has(other) || this.blocks.get(other)?.has(playerId))));
  }

  async listOpenGames(game: string, cursor: string | null, limit: number): Promise<Page<GameHeader>> {
    const headers = [...this.games.values()].flatMap((p) =>
      p.header && p.header.game === game && p.header.status === 'open' && p.header.visibility === 'open' ? [p.header] : [],
    );
    return newestFirst(headers, openGameKey, cursor, limit);
  }

  async putSeek(seek: SeekRecord): Promise<void> {
    if (this.seeks.has(seek.seekId)) throw new Error(`seek ${seek.seekId} already exists`);
    this.seeks.set(seek.seekId, jsonCopy(seek));
  }

  async listPoolSeeks(game: string): Promise<readonly SeekRecord[]> {
    return this.liveSeeks((seek) => seek.game === game && seek.status === 'waiting');
  }

  async listPlayerSeeks(playerId: PlayerId): Promise<readonly SeekRecord[]> {
    return this.liveSeeks((seek) => seek.playerId === playerId);
  }

  async cancelSeek(playerId: PlayerId, seekId: string): Promise<SeekRecord | null> {
    const seek = this.seeks.get(seekId);
    if (!seek || seek.playerId !== playerId || seek.expiresAt <= this.clock()) return null;
    if (seek.status === 'waiting') this.seeks.delete(seekId);
    return jsonCopy(seek);
  }

  async seatSeeks(header: GameHeader, seeks: readonly SeekRecord[], claims: readonly RunningGameClaim[]): Promise<SeatingOutcome> {
    const now = this.clock();
    const gone = seeks.filter(({ seekId }) => {
      const stored = this.seeks.get(seekId);
      return stored?.status !== 'waiting' || stored.expiresAt <= now;
    });
    if (gone.length > 0) return { status: 'gone', seekIds: gone.map((seek) => seek.seekId) };
    const players = seeks.map((seek) => seek.playerId);
    if (players.some((player, i) => players.slice(i + 1).some((other) => this.blocks.get(player)?.has(other) || this.blocks.get(other)?.has(player))))
      return { status: 'blocked' };
    if (this.games.get(header.gameId)?.header) throw new HeaderConflictError(header.gameId);
    // Every condition first, as one transaction: a claim over its limit throws before anything is written.
    const writes = claims.map((claim) => this.claiming(claim));
    this.partition(header.gameId).header = jsonCopy(header);
    for (const write of writes) write();
    for (const { seekId } of seeks) {
      const stored = this.seeks.get(seekId);
      if (stored) this.seeks.set(seekId, { ...stored, status: 'seated', gameId: header.gameId });
    }
    return { status: 'seated' };
  }

  private liveSeeks(wanted: (seek: SeekRecord) => boolean): SeekRecord[] {
    const now = this.clock();
    return [...this.seeks.values()]
      .filter((seek) => seek.expiresAt > now && wanted(seek))
      .sort((a, b) => a.createdAt - b.createdAt || byUtf8(a.seekId, b.seekId))
      .map(jsonCopy);
  }

  async listActiveGameIds(): Promise<readonly string[]> {
    return [...this.games.values()].flatMap((p) => (p.header?.status === 'active' ? [p.header.gameId] : [])).sort(byUtf8);
  }

  private partition(gameId: string): GamePartition {
    let partition = this.games.get(gameId);
    if (!partition) {
      partition = { header: null, commits: new Map(), snapshots: new Map() };
      this.games.set(gameId, partition);
    }
    return partition;
  }
}

/** A page of a sparse index as DynamoDB reads it: highest key first, after the cursor's key, copies. */
function newestFirst<T>(items: readonly T[], keyOf: (item: T) => string, cursor: string | null, limit: number): Page<T> {
  assertLimit(limit);
  const after = cursor === null ? null : decodeCursor(cursor);
  const ordered = items
    .map((item) => ({ item, key: keyOf(item) }))
    .sort((a, b) => byUtf8(b.key, a.key))
    .filter(({ key }) => after === null || byUtf8(key, after) < 0);
  const page = ordered.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(({ item }) => jsonCopy(item)), next: ordered.length > limit && last ? encodeCursor(last.key) : null };
}

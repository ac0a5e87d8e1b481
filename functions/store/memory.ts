import { assertAfterSeq, assertLimit, assertNextRevision, assertSeq, byUtf8, decodeCursor, encodeCursor, idempotencyId, jsonCopy } from './conventions.js';
import {
  HeaderConflictError,
  PlayerConflictError,
  type AppendResult,
  type Commit,
  type GameHeader,
  type IdempotentResponse,
  type LoadedGame,
  type MembershipRow,
  type Page,
  type PlayerId,
  type PlayerRecord,
  type Snapshot,
  type Store,
  type VacationLedger,
} from './port.js';

/** A game's partition: like DynamoDB's, it may hold commits before (or without) a header. */
interface GamePartition {
  header: GameHeader | null;
  readonly commits: Map<number, Commit>;
  readonly snapshots: Map<number, Snapshot>;
}

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
  private readonly tokens = new Map<string, PlayerId>();
  private readonly games = new Map<string, GamePartition>();
  private readonly memberships = new Map<PlayerId, Map<string, MembershipRow>>();
  private readonly idempotency = new Map<string, IdempotencyRecord>();
  private readonly vacations = new Map<PlayerId, VacationLedger>();
  private readonly clock: () => number;

  constructor(options: MemoryStoreOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  async createPlayer(player: PlayerRecord): Promise<void> {
    if (this.players.has(player.playerId) || this.tokens.has(player.tokenHash)) throw new PlayerConflictError(player.playerId);
    this.players.set(player.playerId, jsonCopy(player));
    this.tokens.set(player.tokenHash, player.playerId);
  }

  async getPlayer(playerId: PlayerId): Promise<PlayerRecord | null> {
    const player = this.players.get(playerId);
    return player ? jsonCopy(player) : null;
  }

  async getPlayerByTokenHash(tokenHash: string): Promise<PlayerRecord | null> {
    const playerId = this.tokens.get(tokenHash);
    return playerId === undefined ? null : this.getPlayer(playerId);
  }

  async createGame(header: GameHeader): Promise<void> {
    const partition = this.partition(header.gameId);
    if (partition.header) throw new HeaderConflictError(header.gameId);
    partition.header = jsonCopy(header);
  }

  async getHeader(gameId: string): Promise<GameHeader | null> {
    const header = this.games.get(gameId)?.header;
    return header ? jsonCopy(header) : null;
  }

  async replaceHeader(next: GameHeader, expectedRevision: number): Promise<boolean> {
    assertNextRevision(next, expectedRevision);
    const partition = this.games.get(next.gameId);
    if (partition?.header?.revision !== expectedRevision) return false;
    partition.header = jsonCopy(next);
    return true;
  }

  async loadGame(gameId: string): Promise<LoadedGame | null> {
    const partition = this.games.get(gameId);
    if (!partition?.header) return null;
    const snapshotSeq = Math.max(0, ...partition.snapshots.keys());
    const snapshot = partition.snapshots.get(snapshotSeq) ?? null;
    const tail = [...partition.commits.values()].filter((c) => c.seq > snapshotSeq).sort((a, b) => a.seq - b.seq);
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

  async getIdempotent(scope: string, key: string): Promise<IdempotentResponse | null> {
    const record = this.idempotency.get(idempotencyId(scope, key));
    return record && this.clock() < record.expiresAt ? jsonCopy(record.response) : null;
  }

  async putIdempotent(scope: string, key: string, response: IdempotentResponse, expiresAt: number): Promise<void> {
    this.idempotency.set(idempotencyId(scope, key), { response: jsonCopy(response), expiresAt });
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

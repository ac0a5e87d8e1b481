import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../functions/store/memory.js';
import { finishedOrderKey } from '../../functions/store/conventions.js';
import {
  AccessTokenLimitError,
  type AccessTokenRecord,
  HeaderConflictError,
  PasskeyConflictError,
  PasskeyLimitError,
  type PasskeyChallenge,
  type PasskeyRecord,
  PlayerConflictError,
  RunningGamesLimitError,
  type Commit,
  type EndPosition,
  type FinishedRow,
  type GameHeader,
  type GameStatus,
  type MembershipRow,
  type PlayerRating,
  type PlayerRecord,
  type GameEnd,
  type SeekRecord,
  type Store,
  type VacationLedger,
} from '../../functions/store/port.js';
import { freshTable, type TestTable } from '../support/dynamo.js';

/**
 * The one contract both store adapters honour. The DynamoDB run uses the
 * DynamoDB Local started by the test run (test/support/global-setup.ts).
 */

interface Adapter {
  readonly name: string;
  /** Called once per file, before any store is made. */
  setup(): Promise<void>;
  /** The store every test shares. */
  shared(): Store;
  /** Another process's store on the same data: it shares no in-process state with `shared()`. */
  elsewhere(options?: { readonly loadPageSize?: number }): Store;
  /** An isolated store whose idempotency records expire by this clock. */
  withClock(clock: () => number): Store;
}

function memoryAdapter(): Adapter {
  const store = new MemoryStore();
  return {
    name: 'memory',
    async setup() {},
    shared: () => store,
    // The memory store lives in one process: everyone shares it.
    elsewhere: () => store,
    withClock: (clock) => new MemoryStore({ clock }),
  };
}

function dynamoAdapter(): Adapter {
  let table: TestTable | undefined;
  let store: Store | undefined;
  const ready = () => {
    if (!table || !store) throw new Error('setup() first');
    return { table, store };
  };
  return {
    name: 'dynamodb',
    async setup() {
      table = await freshTable('store-contract');
      store = table.store();
    },
    shared: () => ready().store,
    elsewhere: (options = {}) => ready().table.store(options),
    withClock: (clock) => ready().table.store({ clock }),
  };
}

const uid = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

function player(overrides: Partial<PlayerRecord> = {}): PlayerRecord {
  return { playerId: uid('pl'), name: 'Ada', tokenHash: randomBytes(32).toString('hex'), createdAt: 1_700_000_000_000, ...overrides };
}

function header(overrides: Partial<GameHeader> = {}): GameHeader {
  return {
    gameId: uid('g'),
    game: 'villages-of-valeria',
    options: { variant: 'standard', expansions: [] },
    deadlines: { turnMs: 86_400_000, windowMs: 3_600_000 },
    seats: [{ kind: 'player', playerId: 'pl_a', name: 'Ada' }, { kind: 'bot', level: 'greedy' }, { kind: 'empty' }],
    createdBy: 'pl_a',
    createdAt: 1_700_000_000_000,
    seed: randomBytes(32).toString('hex'),
    seedHash: randomBytes(32).toString('hex'),
    status: 'open',
    startedAt: null,
    revision: 1,
    ...overrides,
  };
}

function commit(gameId: string, seq: number, overrides: Partial<Commit> = {}): Commit {
  return {
    gameId,
    seq,
    command: { type: 'moves', seat: seq % 3, moves: [{ type: 'build', card: `c${seq}` }], at: 1_700_000_000_000 + seq },
    events: [
      { type: 'card-built', seat: seq % 3, card: `c${seq}` },
      { type: 'rng-advanced', rng: [seq, 2, 3, 4] },
    ],
    actor: 'pl_a',
    idempotencyKey: `key-${seq}`,
    requestHash: 'ab'.repeat(32),
    at: 1_700_000_000_000 + seq,
    summary: { status: 'active', awaiting: [(seq + 1) % 3], deadline: 1_700_086_400_000 + seq, pendingId: `p${seq}` },
    ...overrides,
  };
}

/** A commit too large to compress much, so a few of them overflow DynamoDB's 1 MB page. */
function bulkyCommit(gameId: string, seq: number): Commit {
  return commit(gameId, seq, { events: [{ type: 'noise', blob: randomBytes(96 * 1024).toString('base64') }] });
}

async function appendAll(store: Store, commits: readonly Commit[]): Promise<void> {
  for (const c of commits) expect(await store.appendCommit(c)).toEqual({ status: 'appended' });
}

function row(gameId: string, seat = 0): MembershipRow {
  return { gameId, game: 'villages-of-valeria', seat, joinedAt: 1_700_000_000_000 };
}

function rating(overrides: Partial<PlayerRating> = {}): PlayerRating {
  return {
    playerId: uid('pl'),
    game: 'village-pillage',
    name: 'Ada',
    mu: 25,
    sigma: 8,
    games: 1,
    wins: 0,
    lastGameAt: 1_700_000_000_000,
    listed: false,
    revision: 1,
    ...overrides,
  };
}

function ratedGame(ratings: readonly PlayerRating[], gameId = uid('g')): GameEnd {
  const before = { mu: 25, sigma: 25 / 3, games: 0, wins: 0, lastGameAt: null };
  return {
    gameId,
    game: ratings[0]?.game ?? 'village-pillage',
    at: 1_700_000_000_000,
    tallies: ratings.map((r, seat) => ({ playerId: r.playerId, seat, clean: true, won: seat === 0 })),
    changes: ratings.map((r, seat) => ({
      playerId: r.playerId,
      seat,
      place: seat + 1,
      absent: false,
      before,
      after: { mu: r.mu, sigma: r.sigma, games: r.games, wins: r.wins, lastGameAt: r.lastGameAt },
    })),
  };
}

function seek(overrides: Partial<SeekRecord> = {}): SeekRecord {
  const now = Date.now();
  return {
    seekId: uid('sk'),
    playerId: uid('pl'),
    name: 'Ada',
    game: 'village-pillage',
    seats: 2,
    deadlines: 'daily',
    options: {},
    rated: true,
    allowBots: false,
    pool: 'village-pillage.pool',
    mu: 25,
    createdAt: now,
    expiresAt: now + 86_400_000,
    status: 'waiting',
    ...overrides,
  };
}

describe.each([memoryAdapter(), dynamoAdapter()])('store contract: $name', (adapter) => {
  let store: Store;
  beforeAll(async () => {
    await adapter.setup();
    store = adapter.shared();
  });

  describe('players', () => {
    it('stores a player, found by id and by token hash', async () => {
      const ada = player();
      await store.createPlayer(ada);
      expect(await store.getPlayer(ada.playerId)).toEqual(ada);
      expect(await store.resolveToken(ada.tokenHash)).toEqual({ player: ada, access: null });
      expect(await store.getPlayer(uid('pl'))).toBeNull();
      expect(await store.resolveToken('f'.repeat(64))).toBeNull();
    });

    it('refuses a taken player id or token hash, writing nothing', async () => {
      const ada = player();
      await store.createPlayer(ada);
      const sameId = player({ playerId: ada.playerId });
      await expect(store.createPlayer(sameId)).rejects.toBeInstanceOf(PlayerConflictError);
      expect(await store.resolveToken(sameId.tokenHash)).toBeNull();
      const sameToken = player({ tokenHash: ada.tokenHash });
      await expect(store.createPlayer(sameToken)).rejects.toBeInstanceOf(PlayerConflictError);
      expect(await store.getPlayer(sameToken.playerId)).toBeNull();
      expect(await store.resolveToken(ada.tokenHash)).toEqual({ player: ada, access: null });
    });
  });

  describe('access tokens', () => {
    const accessToken = (ada: PlayerRecord, overrides: Partial<AccessTokenRecord> = {}): AccessTokenRecord => ({
      tokenId: uid('tok'),
      playerId: ada.playerId,
      tokenHash: randomBytes(32).toString('hex'),
      label: 'stats site',
      scopes: ['games:read'],
      createdAt: 1_700_000_000_000,
      expiresAt: null,
      lastUsedAt: null,
      ...overrides,
    });

    it('stores an access token found by its hash beside its player, listed without touching the registration token', async () => {
      const ada = player();
      await store.createPlayer(ada);
      const reader = accessToken(ada, { expiresAt: 1_800_000_000_000 });
      await store.createAccessToken(reader, 3);
      expect(await store.resolveToken(reader.tokenHash)).toEqual({ player: ada, access: reader });
      expect(await store.resolveToken(ada.tokenHash)).toEqual({ player: ada, access: null });
      expect(await store.listAccessTokens(ada.playerId)).toEqual([reader]);
      expect(await store.listAccessTokens(uid('pl'))).toEqual([]);
    });

    it('records a use on both copies, and nothing for a revoked token', async () => {
      const ada = player();
      await store.createPlayer(ada);
      const reader = accessToken(ada);
      await store.createAccessToken(reader, 3);
      await store.touchAccessToken(reader, 1_700_000_100_000);
      const used = { ...reader, lastUsedAt: 1_700_000_100_000 };
      expect(await store.resolveToken(reader.tokenHash)).toEqual({ player: ada, access: used });
      expect(await store.listAccessTokens(ada.playerId)).toEqual([used]);
      expect(await store.deleteAccessToken(ada.playerId, reader.tokenId)).toEqual(used);
      await store.touchAccessToken(used, 1_700_000_200_000);
      expect(await store.listAccessTokens(ada.playerId)).toEqual([]);
      expect(await store.resolveToken(reader.tokenHash)).toBeNull();
    });

    it('revokes at once, once; the count frees a place', async () => {
      const ada = player();
      await store.createPlayer(ada);
      const [first, second, third] = [accessToken(ada), accessToken(ada), accessToken(ada)];
      await store.createAccessToken(first!, 2);
      await store.createAccessToken(second!, 2);
      const refused = store.createAccessToken(third!, 2);
      await expect(refused).rejects.toBeInstanceOf(AccessTokenLimitError);
      await expect(refused).rejects.toMatchObject({ limit: 2 });
      expect(await store.resolveToken(third!.tokenHash)).toBeNull();
      expect(await store.deleteAccessToken(ada.playerId, first!.tokenId)).toEqual(first);
      expect(await store.deleteAccessToken(ada.playerId, first!.tokenId)).toBeNull();
      expect(await store.resolveToken(first!.tokenHash)).toBeNull();
      await store.createAccessToken(third!, 2);
      expect((await store.listAccessTokens(ada.playerId)).map((t) => t.tokenId).sort()).toEqual([second!.tokenId, third!.tokenId].sort());
      expect(await store.deleteAccessToken(uid('pl'), second!.tokenId)).toBeNull();
    });
  });

  describe('passkeys', () => {
    const passkey = (ada: PlayerRecord, overrides: Partial<PasskeyRecord> = {}): PasskeyRecord => ({
      playerId: ada.playerId,
      credentialId: randomBytes(16).toString('base64url'),
      publicKey: randomBytes(77).toString('base64url'),
      counter: 0,
      transports: ['internal'],
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Laptop',
      createdAt: 1_700_000_000_000,
      lastUsedAt: null,
      ...overrides,
    });

    it('keeps a player’s passkeys under a limit, found by player and credential id, removed once', async () => {
      const ada = player();
      await store.createPlayer(ada);
      const [laptop, phone, third] = [passkey(ada), passkey(ada, { name: 'Phone', transports: ['hybrid', 'internal'] }), passkey(ada)];
      await store.createPasskey(laptop!, 2);
      await store.createPasskey(phone!, 2);
      expect(await store.getPasskey(ada.playerId, laptop!.credentialId)).toEqual(laptop);
      expect(await store.getPasskey(uid('pl'), laptop!.credentialId)).toBeNull();
      expect(await store.listPasskeys(ada.playerId)).toEqual([laptop, phone].sort((a, b) => (a!.credentialId < b!.credentialId ? -1 : 1)));
      const refused = store.createPasskey(third!, 2);
      await expect(refused).rejects.toBeInstanceOf(PasskeyLimitError);
      await expect(refused).rejects.toMatchObject({ limit: 2 });
      expect(await store.getPasskey(ada.playerId, third!.credentialId)).toBeNull();
      expect(await store.deletePasskey(ada.playerId, laptop!.credentialId)).toBe(true);
      expect(await store.deletePasskey(ada.playerId, laptop!.credentialId)).toBe(false);
      expect(await store.getPasskey(ada.playerId, laptop!.credentialId)).toBeNull();
      // The removal freed a place.
      await store.createPasskey(third!, 2);
      expect((await store.listPasskeys(ada.playerId)).map((p) => p.name).sort()).toEqual(['Laptop', 'Phone']);
      expect(await store.listPasskeys(uid('pl'))).toEqual([]);
    });

    it('refuses a credential id the player has already, writing nothing and counting nothing', async () => {
      const ada = player();
      await store.createPlayer(ada);
      const laptop = passkey(ada);
      await store.createPasskey(laptop, 2);
      const again = store.createPasskey({ ...laptop, name: 'Again' }, 2);
      await expect(again).rejects.toBeInstanceOf(PasskeyConflictError);
      expect(await store.getPasskey(ada.playerId, laptop.credentialId)).toEqual(laptop);
      await store.createPasskey(passkey(ada), 2);
    });

    it('records a use only over the counter it was read with, and never for a removed passkey', async () => {
      const ada = player();
      await store.createPlayer(ada);
      const laptop = passkey(ada, { counter: 3 });
      await store.createPasskey(laptop, 2);
      expect(await store.recordPasskeyUse(laptop, 4, 1_700_000_100_000)).toBe(true);
      const used = { ...laptop, counter: 4, lastUsedAt: 1_700_000_100_000 };
      expect(await store.getPasskey(ada.playerId, laptop.credentialId)).toEqual(used);
      // A second sign-in checked against counter 3 lost the race.
      expect(await store.recordPasskeyUse(laptop, 5, 1_700_000_200_000)).toBe(false);
      expect(await store.getPasskey(ada.playerId, laptop.credentialId)).toEqual(used);
      expect(await store.deletePasskey(ada.playerId, laptop.credentialId)).toBe(true);
      expect(await store.recordPasskeyUse(used, 5, 1_700_000_300_000)).toBe(false);
      expect(await store.getPasskey(ada.playerId, laptop.credentialId)).toBeNull();
    });

    it('lets a challenge be answered once: taken, then used; one never issued is unknown', async () => {
      // Issued now: a store may sweep challenges long expired by its own clock.
      const expiresAt = Date.now() + 300_000;
      const issued: PasskeyChallenge = { challenge: randomBytes(32).toString('base64url'), purpose: 'sign-in', playerId: null, expiresAt };
      const mine: PasskeyChallenge = { challenge: randomBytes(32).toString('base64url'), purpose: 'register', playerId: uid('pl'), expiresAt };
      await store.putPasskeyChallenge(issued);
      await store.putPasskeyChallenge(mine);
      expect(await adapter.elsewhere().takePasskeyChallenge(issued.challenge)).toEqual({ status: 'taken', challenge: issued });
      expect(await store.takePasskeyChallenge(issued.challenge)).toEqual({ status: 'used', challenge: issued });
      expect(await store.takePasskeyChallenge(issued.challenge)).toEqual({ status: 'used', challenge: issued });
      expect(await store.takePasskeyChallenge(mine.challenge)).toEqual({ status: 'taken', challenge: mine });
      expect(await store.takePasskeyChallenge(randomBytes(32).toString('base64url'))).toEqual({ status: 'unknown' });
    });
  });

  describe('game headers', () => {
    it('creates a header once; a second create with the id is refused and changes nothing', async () => {
      const first = header();
      await store.createGame(first);
      expect(await store.getHeader(first.gameId)).toEqual(first);
      await expect(store.createGame({ ...first, game: 'village-pillage' })).rejects.toBeInstanceOf(HeaderConflictError);
      expect(await store.getHeader(first.gameId)).toEqual(first);
      expect(await store.getHeader(uid('g'))).toBeNull();
    });

    it('replaces a header only at the expected revision', async () => {
      const first = header();
      await store.createGame(first);
      const second: GameHeader = { ...first, status: 'active', startedAt: 1_700_000_100_000, revision: 2 };
      expect(await store.replaceHeader(second, 1)).toBe(true);
      expect(await store.getHeader(first.gameId)).toEqual(second);
      // A writer still holding revision 1 lost the race.
      expect(await store.replaceHeader({ ...first, seats: [], revision: 2 }, 1)).toBe(false);
      expect(await store.getHeader(first.gameId)).toEqual(second);
      expect(await store.replaceHeader(header({ revision: 2 }), 1)).toBe(false);
      await expect(store.replaceHeader({ ...second, revision: 4 }, 2)).rejects.toThrow(RangeError);
    });

    it('shares no objects with its callers', async () => {
      const mutable = structuredClone(header()) as { -readonly [K in keyof GameHeader]: GameHeader[K] };
      const saved = structuredClone(mutable);
      await store.createGame(mutable);
      mutable.status = 'finished';
      (mutable.options as { variant: string }).variant = 'changed';
      const read = (await store.getHeader(saved.gameId)) as { options: { variant: string } };
      expect(read).toEqual(saved);
      read.options.variant = 'changed again';
      expect(await store.getHeader(saved.gameId)).toEqual(saved);
    });
  });

  describe('the commit log', () => {
    it('appends gapless commits and reads them back in order', async () => {
      const gameId = uid('g');
      const commits = [1, 2, 3, 4, 5].map((seq) => commit(gameId, seq));
      await appendAll(store, commits);
      expect(await store.readCommits(gameId, 0, 100)).toEqual(commits);
    });

    it('keeps the header revision a commit was decided under, and none on a commit made without it', async () => {
      const h = header({ status: 'active', startedAt: 1_700_000_000_000, revision: 4 });
      await store.createGame(h);
      const commits = [commit(h.gameId, 1, { headerRevision: 3 }), commit(h.gameId, 2, { headerRevision: 4 }), commit(h.gameId, 3)];
      await appendAll(store, commits);
      const read = await store.readCommits(h.gameId, 0, 100);
      expect(read.map((c) => c.headerRevision)).toEqual([3, 4, undefined]);
      expect(read[2]).not.toHaveProperty('headerRevision');
      expect((await store.loadGame(h.gameId))?.tail).toEqual(commits);
      expect(await store.latestCommit(h.gameId)).toEqual(commits[2]);
    });

    it('keeps whether a game may have game-scope webhooks, and its absence on a header written before the flag', async () => {
      const flagged = header({ gameWebhooks: false });
      const old = header();
      await Promise.all([store.createGame(flagged), store.createGame(old)]);
      expect((await store.getHeader(flagged.gameId))?.gameWebhooks).toBe(false);
      expect(await store.getHeader(old.gameId)).not.toHaveProperty('gameWebhooks');
      expect(await store.replaceHeader({ ...flagged, gameWebhooks: true, revision: flagged.revision + 1 }, flagged.revision)).toBe(true);
      expect((await store.loadGame(flagged.gameId))?.header).toEqual({ ...flagged, gameWebhooks: true, revision: flagged.revision + 1 });
    });

    it('never overwrites: a taken seq answers with the commit that holds it', async () => {
      const gameId = uid('g');
      const first = commit(gameId, 1);
      await appendAll(store, [first]);
      const rival = commit(gameId, 1, { actor: 'pl_b', idempotencyKey: 'other', command: { type: 'timeout', pendingId: 'p0', at: 5 } });
      expect(await store.appendCommit(rival)).toEqual({ status: 'conflict', existing: first });
      expect(await store.readCommits(gameId, 0, 10)).toEqual([first]);
      await expect(store.appendCommit(commit(gameId, 0))).rejects.toThrow(RangeError);
    });

    it('lets exactly one of 20 simultaneous appends at one seq win', async () => {
      const gameId = uid('g');
      const rivals = Array.from({ length: 20 }, (_, i) => commit(gameId, 1, { actor: `pl_${i}`, idempotencyKey: `k${i}` }));
      const results = await Promise.all(rivals.map((c) => store.appendCommit(c)));
      const winners = results.flatMap((r, i) => (r.status === 'appended' ? [rivals[i]] : []));
      expect(winners).toHaveLength(1);
      for (const r of results) if (r.status === 'conflict') expect(r.existing).toEqual(winners[0]);
      expect(await store.readCommits(gameId, 0, 10)).toEqual(winners);
    });

    it('pages through the log, skipping snapshots', async () => {
      const gameId = uid('g');
      const commits = Array.from({ length: 25 }, (_, i) => commit(gameId, i + 1));
      await appendAll(store, commits);
      await store.putSnapshot({ gameId, seq: 10, state: { at: 10 } });
      await store.putSnapshot({ gameId, seq: 20, state: { at: 20 } });
      const read: Commit[] = [];
      for (let page = await store.readCommits(gameId, 0, 7); page.length > 0; page = await store.readCommits(gameId, read.at(-1)?.seq ?? 0, 7)) {
        expect(page.length).toBeLessThanOrEqual(7);
        read.push(...page);
      }
      expect(read).toEqual(commits);
      expect(await store.readCommits(gameId, 9, 2)).toEqual(commits.slice(9, 11));
      expect(await store.readCommits(gameId, 25, 10)).toEqual([]);
      expect(await store.readCommits(uid('g'), 0, 10)).toEqual([]);
      await expect(store.readCommits(gameId, 0, 0)).rejects.toThrow(RangeError);
    });

    it('reads past 1 MB of commits (several DynamoDB pages)', async () => {
      const gameId = uid('g');
      const commits = Array.from({ length: 14 }, (_, i) => bulkyCommit(gameId, i + 1));
      await appendAll(store, commits);
      const read = await store.readCommits(gameId, 0, 100);
      expect(read.map((c) => c.seq)).toEqual(commits.map((c) => c.seq));
      expect(read).toEqual(commits);
    });

    it('knows the latest commit, even when a snapshot follows it, as soon as it is written', async () => {
      const gameId = uid('g');
      expect(await store.latestCommit(gameId)).toBeNull();
      const commits = [1, 2, 3, 4].map((seq) => commit(gameId, seq));
      await appendAll(store, commits.slice(0, 3));
      expect(await store.latestCommit(gameId)).toEqual(commits[2]);
      await store.putSnapshot({ gameId, seq: 3, state: { big: 'x'.repeat(2000) } });
      expect(await store.latestCommit(gameId)).toEqual(commits[2]);
      // Lists read each game's newest commit in another process than the one that wrote it (strongly consistent).
      await store.appendCommit(commits[3]!);
      expect(await adapter.elsewhere().latestCommit(gameId)).toEqual(commits[3]);
    });
  });

  describe('loading a game', () => {
    it('is null for an unknown game, or commits without a header', async () => {
      expect(await store.loadGame(uid('g'))).toBeNull();
      const orphan = uid('g');
      await appendAll(store, [commit(orphan, 1)]);
      expect(await store.loadGame(orphan)).toBeNull();
    });

    it('returns the header alone before the first commit', async () => {
      const h = header();
      await store.createGame(h);
      expect(await store.loadGame(h.gameId)).toEqual({ header: h, snapshot: null, tail: [] });
    });

    it('returns header, latest snapshot and exactly the commits after it', async () => {
      const h = header({ status: 'active', startedAt: 1_700_000_000_000 });
      await store.createGame(h);
      const commits = Array.from({ length: 25 }, (_, i) => commit(h.gameId, i + 1));
      await appendAll(store, commits);
      expect(await store.loadGame(h.gameId)).toEqual({ header: h, snapshot: null, tail: commits });
      await store.putSnapshot({ gameId: h.gameId, seq: 10, state: { after: 10 } });
      const latest = { gameId: h.gameId, seq: 20, state: { after: 20, nested: { list: [1, 2, 3] } } };
      await store.putSnapshot(latest);
      expect(await store.loadGame(h.gameId)).toEqual({ header: h, snapshot: latest, tail: commits.slice(20) });
      const atEnd = { gameId: h.gameId, seq: 25, state: { after: 25 } };
      await store.putSnapshot(atEnd);
      expect(await store.loadGame(h.gameId)).toEqual({ header: h, snapshot: atEnd, tail: [] });
    });

    it('follows pagination when the tail outgrows a page', async () => {
      const h = header({ status: 'active', startedAt: 1_700_000_000_000 });
      await store.createGame(h);
      const commits = Array.from({ length: 30 }, (_, i) => commit(h.gameId, i + 1));
      await appendAll(store, commits);
      const snapshot = { gameId: h.gameId, seq: 4, state: { after: 4 } };
      await store.putSnapshot(snapshot);
      // Pages of 3 items: HEAD and 26 commits take many pages to reach the snapshot.
      const reader = adapter.elsewhere({ loadPageSize: 3 });
      expect(await reader.loadGame(h.gameId)).toEqual({ header: h, snapshot, tail: commits.slice(4) });
    });

    it('loads everything when other writers went on since it last looked', async () => {
      const h = header({ status: 'active', startedAt: 1_700_000_000_000 });
      await store.createGame(h);
      const commits = Array.from({ length: 30 }, (_, i) => commit(h.gameId, i + 1));
      const snapshot = { gameId: h.gameId, seq: 3, state: { after: 3 } };
      await appendAll(store, commits.slice(0, 3));
      await store.putSnapshot(snapshot);
      expect(await store.loadGame(h.gameId)).toEqual({ header: h, snapshot, tail: [] });
      await appendAll(adapter.elsewhere(), commits.slice(3));
      expect(await store.loadGame(h.gameId)).toEqual({ header: h, snapshot, tail: commits.slice(3) });
    });

    it('after a version the caller holds, returns the header and only what lies beyond it', async () => {
      const h = header({ status: 'active', startedAt: 1_700_000_000_000 });
      await store.createGame(h);
      const commits = Array.from({ length: 12 }, (_, i) => commit(h.gameId, i + 1));
      await appendAll(store, commits.slice(0, 6));
      const atSix = { gameId: h.gameId, seq: 6, state: { after: 6 } };
      await store.putSnapshot(atSix);
      // Up to date: the header alone, not even the snapshot of the version held.
      expect(await store.loadGame(h.gameId, 6)).toEqual({ header: h, snapshot: null, tail: [] });
      // Behind, with no newer snapshot: the commits after the version held (the older snapshot is not read).
      await appendAll(adapter.elsewhere(), commits.slice(6, 9));
      expect(await store.loadGame(h.gameId, 6)).toEqual({ header: h, snapshot: null, tail: commits.slice(6, 9) });
      expect(await store.loadGame(h.gameId, 7)).toEqual({ header: h, snapshot: null, tail: commits.slice(7, 9) });
      // Behind a newer snapshot: that snapshot and the commits after it.
      const atTen = { gameId: h.gameId, seq: 10, state: { after: 10 } };
      await appendAll(store, commits.slice(9, 10));
      await store.putSnapshot(atTen);
      await appendAll(store, commits.slice(10));
      expect(await store.loadGame(h.gameId, 7)).toEqual({ header: h, snapshot: atTen, tail: commits.slice(10) });
      expect(await adapter.elsewhere({ loadPageSize: 2 }).loadGame(h.gameId, 3)).toEqual({ header: h, snapshot: atTen, tail: commits.slice(10) });
      expect(await store.loadGame(uid('g'), 3)).toBeNull();
    });

    it('follows pagination past 1 MB of tail', async () => {
      const h = header({ status: 'active', startedAt: 1_700_000_000_000 });
      await store.createGame(h);
      const early = [1, 2].map((seq) => commit(h.gameId, seq));
      await appendAll(store, early);
      const snapshot = { gameId: h.gameId, seq: 2, state: { after: 2 } };
      await store.putSnapshot(snapshot);
      const bulky = Array.from({ length: 14 }, (_, i) => bulkyCommit(h.gameId, i + 3));
      await appendAll(store, bulky);
      const loaded = await adapter.elsewhere({ loadPageSize: 100 }).loadGame(h.gameId);
      expect(loaded?.tail.map((c) => c.seq)).toEqual(bulky.map((c) => c.seq));
      expect(loaded).toEqual({ header: h, snapshot, tail: bulky });
    });
  });

  describe('memberships', () => {
    it('pages through a player’s games in id order, ending with a null cursor', async () => {
      const playerId = uid('pl');
      const gameIds = Array.from({ length: 12 }, () => uid('g'));
      for (const [i, gameId] of gameIds.entries()) await store.addMembership(playerId, row(gameId, i % 4));
      const expected = gameIds.map((gameId, i) => row(gameId, i % 4)).sort((a, b) => (a.gameId < b.gameId ? -1 : 1));
      const sizes: number[] = [];
      const seen: MembershipRow[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<Store['listMemberships']>> = await store.listMemberships(playerId, cursor, 5);
        sizes.push(page.items.length);
        seen.push(...page.items);
        cursor = page.next;
      } while (cursor !== null);
      expect(sizes).toEqual([5, 5, 2]);
      expect(seen).toEqual(expected);
    });

    it('gives no next cursor when the last page is exactly full, or the player has no games', async () => {
      const playerId = uid('pl');
      for (let i = 0; i < 4; i++) await store.addMembership(playerId, row(uid('g')));
      const first = await store.listMemberships(playerId, null, 2);
      expect(first.next).not.toBeNull();
      const second = await store.listMemberships(playerId, first.next, 2);
      expect(second.items).toHaveLength(2);
      expect(second.next).toBeNull();
      expect(await store.listMemberships(uid('pl'), null, 10)).toEqual({ items: [], next: null });
      await expect(store.listMemberships(playerId, '!not a cursor!', 2)).rejects.toThrow(RangeError);
    });

    it('rewrites a player’s row for a game instead of adding a second', async () => {
      const playerId = uid('pl');
      const gameId = uid('g');
      await store.addMembership(playerId, row(gameId, 0));
      await store.addMembership(playerId, row(gameId, 2));
      expect(await store.listMemberships(playerId, null, 10)).toEqual({ items: [row(gameId, 2)], next: null });
    });
  });

  describe('running games and their quota', () => {
    const claim = (playerId: string, gameId: string, seat: number | null, limit: number) => ({
      playerId,
      row: { gameId, game: 'villages-of-valeria', seat, joinedAt: 1_700_000_000_000 },
      limit,
    });
    const runningIds = async (playerId: string) => (await store.listMemberships(playerId, null, 100)).items.map((r) => r.gameId).sort();

    it('writes a creator’s counted row with the header, and refuses the header and the row at the limit, even to creators racing', async () => {
      const playerId = uid('pl');
      const games = Array.from({ length: 8 }, () => header({ createdBy: playerId }));
      const outcomes = await Promise.allSettled(games.map((h) => store.createGame(h, claim(playerId, h.gameId, 0, 5))));
      const created = games.filter((_, i) => outcomes[i]!.status === 'fulfilled');
      expect(created).toHaveLength(5);
      for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
        expect(outcome.reason).toBeInstanceOf(RunningGamesLimitError);
        expect(outcome.reason).toMatchObject({ playerId, limit: 5 });
      }
      expect(await runningIds(playerId)).toEqual(created.map((h) => h.gameId).sort());
      expect((await store.listMemberships(playerId, null, 100)).items.every((r) => r.counted === true)).toBe(true);
      // Nothing of a refused game was written.
      for (const h of games.filter((g) => !created.includes(g))) expect(await store.getHeader(h.gameId)).toBeNull();
      // An existing id is refused as such, whatever the claim.
      await expect(store.createGame(created[0]!, claim(uid('pl'), created[0]!.gameId, 0, 5))).rejects.toBeInstanceOf(HeaderConflictError);
    });

    it('seats a joining player with their claim, or not at all; an unseated creator taking a seat is not counted twice', async () => {
      const [creator, joiner] = [uid('pl'), uid('pl')];
      const h = header({ createdBy: creator });
      await store.createGame(h, claim(creator, h.gameId, null, 2));
      const seated = { ...h, seats: [{ kind: 'player' as const, playerId: joiner, name: 'Jo' }, ...h.seats.slice(1)], revision: 2 };
      // A stale revision writes neither the header nor the row.
      expect(await store.replaceHeader({ ...seated, revision: 3 }, 2, claim(joiner, h.gameId, 0, 2))).toBe(false);
      expect(await runningIds(joiner)).toEqual([]);
      expect(await store.replaceHeader(seated, 1, claim(joiner, h.gameId, 0, 2))).toBe(true);
      expect(await runningIds(joiner)).toEqual([h.gameId]);
      const creatorSeated = { ...seated, seats: [...seated.seats.slice(0, 2), { kind: 'player' as const, playerId: creator, name: 'Cy' }], revision: 3 };
      // At its limit (1) already, with this very game: the seat is taken all the same.
      expect(await store.replaceHeader(creatorSeated, 2, claim(creator, h.gameId, 2, 1))).toBe(true);
      expect((await store.listMemberships(creator, null, 10)).items).toEqual([{ ...claim(creator, h.gameId, 2, 1).row, counted: true }]);
      // The creator still counts one running game: a second fits under a limit of 2, a third does not.
      const [second, third] = [header({ createdBy: creator }), header({ createdBy: creator })];
      await store.createGame(second, claim(creator, second.gameId, 0, 2));
      await expect(store.createGame(third, claim(creator, third.gameId, 0, 2))).rejects.toBeInstanceOf(RunningGamesLimitError);
      // At the limit, a seat is refused and its header write with it.
      const other = header();
      await store.createGame(other);
      const full = { ...other, seats: [{ kind: 'player' as const, playerId: creator, name: 'Cy' }, ...other.seats.slice(1)], revision: 2 };
      await expect(store.replaceHeader(full, 1, claim(creator, other.gameId, 0, 2))).rejects.toBeInstanceOf(RunningGamesLimitError);
      expect((await store.getHeader(other.gameId))?.revision).toBe(1);
    });

    it('releases a retired game once, moving a seated row to the finished games; counts a row from before quotas once', async () => {
      const playerId = uid('pl');
      const [a, b] = [header({ createdBy: playerId }), header({ createdBy: playerId })];
      await store.createGame(a, claim(playerId, a.gameId, 1, 2));
      await store.createGame(b, claim(playerId, b.gameId, null, 2));
      const done: FinishedRow = { gameId: a.gameId, game: a.game, seat: 1, version: 42, seats: a.seats, vacations: [{ seat: 1, leftAt: 5, backAt: 9 }] };
      await store.retireMembership(playerId, a.gameId, done);
      await store.retireMembership(playerId, a.gameId, done);
      await store.retireMembership(playerId, b.gameId, null);
      expect(await runningIds(playerId)).toEqual([]);
      expect(await store.listFinishedGames(playerId, null, 10)).toEqual([done]);
      // Both released, once each: two more fit under the limit of 2, a third does not.
      const more = [header(), header(), header()];
      await store.createGame(more[0]!, claim(playerId, more[0]!.gameId, 0, 2));
      await store.createGame(more[1]!, claim(playerId, more[1]!.gameId, 0, 2));
      await expect(store.createGame(more[2]!, claim(playerId, more[2]!.gameId, 0, 2))).rejects.toBeInstanceOf(RunningGamesLimitError);

      const old = uid('pl');
      const legacy = header();
      await store.createGame(legacy);
      await store.addMembership(old, row(legacy.gameId, 0));
      await store.adoptMembership(old, legacy.gameId);
      await store.adoptMembership(old, legacy.gameId);
      await store.adoptMembership(old, uid('g'));
      expect((await store.listMemberships(old, null, 10)).items).toEqual([{ ...row(legacy.gameId, 0), counted: true }]);
      const next = header();
      await expect(store.createGame(next, claim(old, next.gameId, 0, 1))).rejects.toBeInstanceOf(RunningGamesLimitError);
      // A row from before quotas that was never counted releases nothing when it goes.
      const older = uid('pl');
      await store.addMembership(older, row(legacy.gameId, 0));
      await store.retireMembership(older, legacy.gameId, null);
      expect(await runningIds(older)).toEqual([]);
      await store.createGame(next, claim(older, next.gameId, 0, 1));
    });

    it('lists finished games in localeCompare order of their ids, a page after a key', async () => {
      const playerId = uid('pl');
      const ids = ['g_b', 'g_A', 'g_a', 'g__x', 'g_-x', 'g_0', 'g_ab', 'g_aB', 'g_Z'].map((id) => `${id}${uid('')}`);
      for (const gameId of ids)
        await store.retireMembership(playerId, gameId, { gameId, game: 'village-pillage', seat: 0, version: 3, seats: [], vacations: undefined });
      const expected = [...ids].sort((x, y) => x.localeCompare(y));
      const listed: string[] = [];
      for (let after: string | null = null; ;) {
        const page: readonly FinishedRow[] = await store.listFinishedGames(playerId, after, 4);
        listed.push(...page.map((r) => r.gameId));
        if (page.length < 4) break;
        after = finishedOrderKey(page.at(-1)!.gameId);
      }
      expect(listed).toEqual(expected);
      expect(await store.listFinishedGames(uid('pl'), null, 4)).toEqual([]);
    });

    it('lists finished games newest first for the export, within [since, until), a page after a position; rows without their end stay out', async () => {
      const playerId = uid('pl');
      const ended = [5_000, 1_000, 3_000, 3_000, 2_000, 4_000, 3_000].map((endedAt, i) => ({ gameId: `g_${i}${uid('')}`, endedAt }));
      for (const { gameId, endedAt } of ended)
        await store.retireMembership(playerId, gameId, { gameId, game: 'village-pillage', seat: 0, version: 3, seats: [], vacations: undefined, endedAt });
      await store.retireMembership(playerId, 'g_before', { gameId: 'g_before', game: 'village-pillage', seat: 0, version: 3, seats: [], vacations: undefined });
      const newestFirst = [...ended].sort((a, b) => b.endedAt - a.endedAt || (a.gameId < b.gameId ? 1 : -1));
      const read = async (since: number | null, until: number | null) => {
        const listed: { gameId: string; endedAt: number }[] = [];
        for (let after: EndPosition | null = null; ;) {
          const page: readonly FinishedRow[] = await store.listFinishedByEnd(playerId, { after, since, until }, 2);
          listed.push(...page.map((r) => ({ gameId: r.gameId, endedAt: r.endedAt as number })));
          if (page.length < 2) return listed;
          after = listed.at(-1)!;
        }
      };
      expect(await read(null, null)).toEqual(newestFirst);
      expect(await read(2_000, 4_000)).toEqual(newestFirst.filter((g) => g.endedAt >= 2_000 && g.endedAt < 4_000));
      expect(await store.listFinishedByEnd(uid('pl'), { after: null, since: null, until: null }, 2)).toEqual([]);
    });
  });

  describe('headers in batches', () => {
    it('reads the header of each game that exists, as last written, in as many requests as it takes', async () => {
      // More games than one BatchGetItem takes keys: lists read up to a player's 100 running games and more.
      const games = Array.from({ length: 130 }, () => header({ status: 'active', startedAt: 1 }));
      for (const h of games) await store.createGame(h);
      const [first] = games;
      const replaced = { ...first!, status: 'finished' as const, revision: first!.revision + 1 };
      expect(await store.replaceHeader(replaced, first!.revision)).toBe(true);
      const ghost = uid('g');
      const headers = await adapter.elsewhere().getHeaders([...games.map((h) => h.gameId), ghost, first!.gameId]);
      expect(headers.size).toBe(games.length);
      expect(headers.get(first!.gameId)).toEqual(replaced);
      expect(headers.get(games[129]!.gameId)).toEqual(games[129]);
      expect(headers.has(ghost)).toBe(false);
      expect(await store.getHeaders([])).toEqual(new Map());
    });
  });

  describe('vacation ledgers', () => {
    it('writes a ledger only at the expected revision (0: none yet), and keeps it apart from the player’s games', async () => {
      const playerId = uid('pl');
      const ledger: VacationLedger = {
        playerId,
        year: 2026,
        usedDays: 3,
        latest: { leftAt: 1_700_000_000_000, backAt: 1_700_259_200_000, days: 3, refundedDays: 0, startKey: 'k1', endKey: null },
        revision: 1,
      };
      expect(await store.getVacationLedger(playerId)).toBeNull();
      expect(await store.putVacationLedger(ledger, 0)).toBe(true);
      expect(await store.getVacationLedger(playerId)).toEqual(ledger);
      // A second writer that also saw none lost the race; so does one holding an old revision.
      expect(await store.putVacationLedger({ ...ledger, usedDays: 9 }, 0)).toBe(false);
      const ended: VacationLedger = {
        ...ledger,
        usedDays: 1,
        latest: { ...ledger.latest!, backAt: 1_700_086_400_000, days: 1, refundedDays: 2, endKey: 'k2' },
        revision: 2,
      };
      expect(await store.putVacationLedger(ended, 1)).toBe(true);
      expect(await store.putVacationLedger({ ...ledger, revision: 2 }, 1)).toBe(false);
      expect(await store.getVacationLedger(playerId)).toEqual(ended);
      await expect(store.putVacationLedger({ ...ended, revision: 4 }, 2)).rejects.toThrow(RangeError);
      await store.addMembership(playerId, row(uid('g')));
      expect((await store.listMemberships(playerId, null, 10)).items).toHaveLength(1);
    });
  });

  describe('idempotency records', () => {
    it('replays a stored answer until it expires', async () => {
      let now = 1_700_000_000_000;
      const timed = adapter.withClock(() => now);
      const scope = `${uid('pl')}:create-game`;
      const answer = { requestHash: 'cd'.repeat(32), status: 201, body: { gameId: 'g_1', seats: [0, 1] } };
      expect(await timed.getIdempotent(scope, 'k1')).toBeNull();
      await timed.putIdempotent(scope, 'k1', answer, now + 60_000);
      expect(await timed.getIdempotent(scope, 'k1')).toEqual(answer);
      expect(await timed.getIdempotent(scope, 'k2')).toBeNull();
      expect(await timed.getIdempotent(`${scope}-other`, 'k1')).toBeNull();
      now += 59_999;
      expect(await timed.getIdempotent(scope, 'k1')).toEqual(answer);
      now += 1;
      expect(await timed.getIdempotent(scope, 'k1')).toBeNull();
      await expect(timed.putIdempotent('a#b', 'k', answer, now + 1)).rejects.toThrow(RangeError);
    });
  });

  describe('active games', () => {
    it('lists exactly the games whose header is active', async () => {
      const status = async (s: GameStatus) => {
        const h = header({ status: s, startedAt: s === 'open' ? null : 1 });
        await store.createGame(h);
        return h;
      };
      const [open, active, finished] = [await status('open'), await status('active'), await status('finished')];
      const listed = () => store.listActiveGameIds();
      expect(await listed()).toContain(active.gameId);
      expect(await listed()).not.toContain(open.gameId);
      expect(await listed()).not.toContain(finished.gameId);

      expect(await store.replaceHeader({ ...open, status: 'active', revision: 2 }, 1)).toBe(true);
      expect(await store.replaceHeader({ ...active, status: 'finished', revision: 2 }, 1)).toBe(true);
      const after = await listed();
      expect(after).toContain(open.gameId);
      expect(after).not.toContain(active.gameId);
      expect(new Set(after).size).toBe(after.length);
    });
  });
  describe('block lists', () => {
    it('keeps, lists and removes blocks, and tells a blocked pair in either direction', async () => {
      const [ann, ben, cy, dee] = [uid('pl'), uid('pl'), uid('pl'), uid('pl')];
      const row = (blockedId: string, at = 1_700_000_000_000) => ({ playerId: ann, blockedId, at });
      await store.putBlock(row(cy));
      await store.putBlock(row(ben));
      await store.putBlock(row(ben, 1_700_000_000_001));
      expect(await store.listBlocks(ann)).toEqual([row(ben, 1_700_000_000_001), row(cy)].sort((a, b) => (a.blockedId < b.blockedId ? -1 : 1)));
      expect(await store.anyBlockBetween(ann, [dee, ben])).toBe(true);
      expect(await store.anyBlockBetween(ben, [ann])).toBe(true);
      expect(await store.anyBlockBetween(dee, [ben, cy])).toBe(false);
      expect(await store.anyBlockBetween(ann, [ann])).toBe(false);
      expect(await store.anyBlockBetween(ann, [])).toBe(false);
      expect(await store.blockedEitherWay(ben, [ann, cy, dee, ben])).toEqual(new Set([ann]));
      expect(await store.blockedEitherWay(ann, [ben, cy, dee, ann, ben])).toEqual(new Set([ben, cy]));
      // More than one request's worth of keys (100) is read whole.
      const many = Array.from({ length: 70 }, () => uid('pl'));
      expect(await store.blockedEitherWay(ann, [...many, cy])).toEqual(new Set([cy]));
      expect(await store.deleteBlock(ann, ben)).toBe(true);
      expect(await store.deleteBlock(ann, ben)).toBe(false);
      expect(await store.anyBlockBetween(ben, [ann])).toBe(false);
      expect((await store.listBlocks(ann)).map((r) => r.blockedId)).toEqual([cy]);
    });
  });

  describe('automatch seeks', () => {
    const claimOf = (s: SeekRecord, gameId: string, seat: number, limit = 5) => ({
      playerId: s.playerId,
      row: { gameId, game: s.game, seat, joinedAt: 1_700_000_000_000 },
      limit,
    });
    const tableOf = (seeks: readonly SeekRecord[]) =>
      header({
        game: seeks[0]!.game,
        seats: seeks.map((s) => ({ kind: 'player' as const, playerId: s.playerId, name: s.name })),
        status: 'active',
        startedAt: 1_700_000_000_000,
      });
    const seatAll = (seeks: readonly SeekRecord[], h = tableOf(seeks), limit = 5) =>
      store.seatSeeks(
        h,
        seeks,
        seeks.map((s, seat) => claimOf(s, h.gameId, seat, limit)),
      );

    it('keeps a seek in its game’s pool and among its player’s, oldest first, until cancelled', async () => {
      const game = uid('kind');
      const [late, early] = [seek({ game, createdAt: Date.now() + 5 }), seek({ game })];
      const mine = seek({ game: uid('kind'), playerId: late.playerId });
      for (const s of [late, early, mine]) await store.putSeek(s);
      expect(await store.listPoolSeeks(game)).toEqual([early, late]);
      expect(await store.listPlayerSeeks(late.playerId)).toEqual([late, mine].sort((a, b) => a.createdAt - b.createdAt || (a.seekId < b.seekId ? -1 : 1)));
      expect(await store.cancelSeek(late.playerId, late.seekId)).toEqual(late);
      expect(await store.listPoolSeeks(game)).toEqual([early]);
      expect(await store.listPlayerSeeks(late.playerId)).toEqual([mine]);
      // Gone, someone else's, or never made: nothing to cancel.
      expect(await store.cancelSeek(late.playerId, late.seekId)).toBeNull();
      expect(await store.cancelSeek(late.playerId, early.seekId)).toBeNull();
      expect(await store.cancelSeek(uid('pl'), uid('sk'))).toBeNull();
    });

    it('seats a table in one write: the game, every seek seated and named to its player, their running rows; a seated seek is never seated again', async () => {
      const game = uid('kind');
      const [a, b, c] = [seek({ game }), seek({ game }), seek({ game })];
      for (const s of [a, b, c]) await store.putSeek(s);
      const h = tableOf([a, b]);
      expect(await seatAll([a, b], h)).toEqual({ status: 'seated' });
      expect(await store.getHeader(h.gameId)).toEqual(h);
      expect(await store.listPoolSeeks(game)).toEqual([c]);
      expect(await store.listPlayerSeeks(a.playerId)).toEqual([{ ...a, status: 'seated', gameId: h.gameId }]);
      expect((await store.listMemberships(b.playerId, null, 10)).items).toEqual([{ ...claimOf(b, h.gameId, 1).row, counted: true }]);
      // A second seating with a seated seek writes nothing, and names it.
      const again = tableOf([c, b]);
      expect(await seatAll([c, b], again)).toEqual({ status: 'gone', seekIds: [b.seekId] });
      expect(await store.getHeader(again.gameId)).toBeNull();
      expect(await store.listPoolSeeks(game)).toEqual([c]);
      // Cancelling a seated seek changes nothing: it answers it as it stands.
      expect(await store.cancelSeek(a.playerId, a.seekId)).toEqual({ ...a, status: 'seated', gameId: h.gameId });
    });

    it('lets one of two matchers racing over the same seek seat it, never both', async () => {
      const game = uid('kind');
      const [a, b, c] = [seek({ game }), seek({ game }), seek({ game })];
      for (const s of [a, b, c]) await store.putSeek(s);
      const outcomes = await Promise.all([seatAll([a, b]), seatAll([a, c]), seatAll([b, c])]);
      expect(outcomes.filter((o) => o.status === 'seated')).toHaveLength(1);
      const seated = (await Promise.all([a, b, c].map((s) => store.listPlayerSeeks(s.playerId)))).flat().filter((s) => s.status === 'seated');
      expect(seated).toHaveLength(2);
      expect(new Set(seated.map((s) => s.gameId)).size).toBe(1);
    });

    it('refuses to seat two players who block one another, and a player over their running games, writing nothing', async () => {
      const game = uid('kind');
      const [a, b] = [seek({ game }), seek({ game })];
      for (const s of [a, b]) await store.putSeek(s);
      await store.putBlock({ playerId: b.playerId, blockedId: a.playerId, at: 1 });
      const h = tableOf([a, b]);
      expect(await seatAll([a, b], h)).toEqual({ status: 'blocked' });
      expect(await store.getHeader(h.gameId)).toBeNull();
      expect(await store.deleteBlock(b.playerId, a.playerId)).toBe(true);
      await store.createGame(header({ createdBy: b.playerId }), claimOf(b, uid('g'), 0, 1));
      await expect(seatAll([a, b], h, 1)).rejects.toMatchObject({ name: 'RunningGamesLimitError', playerId: b.playerId });
      expect(await store.getHeader(h.gameId)).toBeNull();
      expect((await store.listPoolSeeks(game)).map((s) => s.seekId).sort()).toEqual([a, b].map((s) => s.seekId).sort());
      expect((await store.listMemberships(a.playerId, null, 10)).items).toEqual([]);
    });

    it('forgets an expired seek for every read, and never seats it', async () => {
      let now = 1_800_000_000_000;
      const timed = adapter.withClock(() => now);
      const game = uid('kind');
      const [a, b] = [seek({ game, createdAt: now, expiresAt: now + 1_000 }), seek({ game, createdAt: now, expiresAt: now + 5_000 })];
      for (const s of [a, b]) await timed.putSeek(s);
      now += 1_000;
      expect(await timed.listPoolSeeks(game)).toEqual([b]);
      expect(await timed.listPlayerSeeks(a.playerId)).toEqual([]);
      expect(await timed.cancelSeek(a.playerId, a.seekId)).toBeNull();
      const h = tableOf([a, b]);
      expect(await timed.seatSeeks(h, [a, b], [])).toMatchObject({ status: 'gone' });
      expect(await timed.getHeader(h.gameId)).toBeNull();
    });
  });

  describe('open games', () => {
    it('lists the open games with visibility open of one game, newest first, a page at a time, until they fill', async () => {
      const game = uid('kind');
      const make = (createdAt: number, overrides: Partial<GameHeader> = {}) => header({ game, createdAt, visibility: 'open', ...overrides });
      const listed = [make(3_000), make(1_000), make(2_000), make(2_000)];
      const hidden = [make(5_000, { visibility: 'invite' }), make(6_000, { visibility: undefined }), make(7_000, { status: 'active', startedAt: 7_000 })];
      for (const h of [...listed, ...hidden, header({ game: uid('kind'), visibility: 'open' })]) await store.createGame(h);

      const expected = [...listed].sort((a, b) => b.createdAt - a.createdAt || (a.gameId < b.gameId ? 1 : -1)).map((h) => h.gameId);
      const first = await store.listOpenGames(game, null, 3);
      const second = await store.listOpenGames(game, first.next, 3);
      expect([...first.items, ...second.items].map((h) => h.gameId)).toEqual(expected);
      expect(second.next).toBeNull();
      expect(first.items[0]).toEqual(listed[0]);

      // Full now: it leaves the list.
      expect(await store.replaceHeader({ ...listed[0]!, status: 'active', startedAt: 4_000, revision: 2 }, 1)).toBe(true);
      expect((await store.listOpenGames(game, null, 10)).items.map((h) => h.gameId)).toEqual(expected.slice(1));
      expect(await store.listOpenGames(uid('kind'), null, 10)).toEqual({ items: [], next: null });
    });
  });

  describe('ratings', () => {
    it('a game end is recorded once, with every rating it changed, or not at all', async () => {
      const [ann, ben] = [rating({ mu: 27.6 }), rating({ mu: 22.4 })];
      const record = ratedGame([ann, ben]);
      expect(await store.getRatings(ann.game, [ann.playerId, ben.playerId])).toEqual(new Map());
      expect(await store.recordGameEnd(record, [ann, ben])).toBe('recorded');
      expect(await store.getGameEnd(record.gameId)).toEqual(record);
      expect(await store.getRatings(ann.game, [ann.playerId, ben.playerId, 'pl_nobody'])).toEqual(
        new Map([
          [ann.playerId, ann],
          [ben.playerId, ben],
        ]),
      );
      // The same end processed again: nothing more is written, even with revisions that would fit.
      const again = [rating({ ...ann, mu: 99, revision: 2 }), rating({ ...ben, mu: 1, revision: 2 })];
      expect(await store.recordGameEnd(record, again)).toBe('already-recorded');
      expect((await store.getRatings(ann.game, [ann.playerId])).get(ann.playerId)?.mu).toBe(27.6);
      expect((await store.getRatings(ann.game, [ben.playerId])).get(ben.playerId)?.revision).toBe(1);
    });

    it('refuses the whole record when a rating moved since it was read', async () => {
      const ann = rating();
      expect(await store.recordGameEnd(ratedGame([ann]), [ann])).toBe('recorded');
      const ben = rating();
      // Ann's rating is at revision 1: a write expecting none stored (revision 1 again) or revision 2 (writing 3) is stale.
      for (const stale of [rating({ ...ann, revision: 1 }), rating({ ...ann, revision: 3 })]) {
        const record = ratedGame([stale, ben]);
        expect(await store.recordGameEnd(record, [stale, ben])).toBe('stale');
        expect(await store.getGameEnd(record.gameId)).toBeNull();
        expect(await store.getRatings(ben.game, [ben.playerId])).toEqual(new Map());
      }
      const next = rating({ ...ann, games: 2, revision: 2 });
      expect(await store.recordGameEnd(ratedGame([next, ben]), [next, ben])).toBe('recorded');
      expect((await store.getRatings(ann.game, [ann.playerId])).get(ann.playerId)).toEqual(next);
    });

    it("adds each end's tallies once to its players' finished and clean games, per game", async () => {
      const [ann, ben] = [uid('pl'), uid('pl')];
      const end = (game: string, annClean: boolean): GameEnd => ({
        gameId: uid('g'),
        game,
        at: 1_700_000_000_000,
        tallies: [
          { playerId: ann, seat: 0, clean: annClean, won: annClean },
          { playerId: ben, seat: 1, clean: true, won: !annClean },
        ],
        changes: [],
      });
      const first = end('village-pillage', false);
      for (const record of [first, first, end('village-pillage', true), end('villages-of-valeria', true)]) await store.recordGameEnd(record, []);
      expect(await store.listPlayerTallies(ann)).toEqual([
        { playerId: ann, game: 'village-pillage', finished: 2, clean: 1, won: 1 },
        { playerId: ann, game: 'villages-of-valeria', finished: 1, clean: 1, won: 1 },
      ]);
      expect(await store.listPlayerTallies(ben)).toEqual([
        { playerId: ben, game: 'village-pillage', finished: 2, clean: 2, won: 1 },
        { playerId: ben, game: 'villages-of-valeria', finished: 1, clean: 1, won: 0 },
      ]);
      expect(await store.listPlayerRatings(ann)).toEqual([]);
      expect(await store.listPlayerTallies(uid('pl'))).toEqual([]);
    });

    it("lists a player's ratings in every pool", async () => {
      const playerId = uid('pl');
      const pools = ['valeria-card-kingdoms', 'village-pillage'].map((game) => rating({ playerId, game }));
      for (const r of pools) expect(await store.recordGameEnd(ratedGame([r]), [r])).toBe('recorded');
      expect(await store.listPlayerRatings(playerId)).toEqual(pools);
      expect(await store.listPlayerRatings(uid('pl'))).toEqual([]);
    });

    it('a leaderboard lists the listed ratings of one game, highest mu − 3·sigma first, a page at a time', async () => {
      const game = uid('pool');
      const conservatives = [12.5, -3, 40.25, 7, 7, 19];
      const ratings = conservatives.map((c, i) => rating({ game, mu: c + 3 * 2, sigma: 2, listed: true, name: `P${i}` }));
      const unlisted = rating({ game, mu: 60, sigma: 8, listed: false });
      const elsewhere = rating({ game: uid('pool'), mu: 50, sigma: 1, listed: true });
      for (const r of [...ratings, unlisted, elsewhere]) expect(await store.recordGameEnd(ratedGame([r]), [r])).toBe('recorded');

      const expected = [...ratings].sort((a, b) => b.mu - a.mu || (a.playerId < b.playerId ? 1 : -1)).map((r) => r.playerId);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await store.listLeaderboard(game, cursor, 4);
        seen.push(...page.items.map((r) => r.playerId));
        cursor = page.next;
        pages++;
      } while (cursor !== null);
      expect(seen).toEqual(expected);
      expect(pages).toBe(2);
      const first = await store.listLeaderboard(game, null, 1);
      expect(first.items).toEqual([ratings[2]]);
      expect((await store.listLeaderboard(game, null, 6)).next).toBeNull();
      expect(await store.listLeaderboard(uid('pool'), null, 10)).toEqual({ items: [], next: null });
    });

    it('a rating leaves the leaderboard when it is written unlisted', async () => {
      const game = uid('pool');
      const listed = rating({ game, listed: true });
      expect(await store.recordGameEnd(ratedGame([listed]), [listed])).toBe('recorded');
      expect((await store.listLeaderboard(game, null, 10)).items).toHaveLength(1);
      const unlisted = rating({ ...listed, listed: false, revision: 2 });
      expect(await store.recordGameEnd(ratedGame([unlisted]), [unlisted])).toBe('recorded');
      expect((await store.listLeaderboard(game, null, 10)).items).toEqual([]);
    });
  });
});

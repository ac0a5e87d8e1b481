import { applyInPlace, awaitedSeats, type GameInit, type GameListing, type Pending } from '../../core/engine/index.js';
import { tableGame, type TableGame, type TableState } from '../../core/table/index.js';
import type { Commit, CommitSummary, GameHeader, LoadedGame } from '../store/port.js';
import { fail } from './errors.js';

/** An idempotency key remembered with the commit it produced. */
export interface RecentKey {
  readonly actor: string;
  readonly key: string;
  readonly requestHash: string | null;
  readonly seq: number;
}

/** How many idempotency keys a game remembers across snapshots. */
const RECENT_KEYS_KEPT = 64;

/** What a snapshot item holds besides the engine state. */
export interface SnapshotBody {
  readonly state: TableState;
  readonly recentKeys: readonly RecentKey[];
}

/** A game rebuilt in memory from its header, snapshot and tail. */
export interface LiveGame {
  /** As loaded, or as this process last wrote it (a game's end marks it finished). */
  header: GameHeader;
  /** The game at the table (its rules and the table's). */
  readonly engine: TableGame;
  /** Null until every seat is taken. */
  state: TableState | null;
  /** The seq of the last commit (0 before the first). */
  version: number;
  recentKeys: RecentKey[];
}

/** A game's state as of one version, held by a caller: what its log folds to up to `version` (functions/service/recent-games.ts). */
export interface KnownGame {
  readonly version: number;
  readonly state: TableState;
  readonly recentKeys: RecentKey[];
}

/** Games stored before engine versions were recorded were all written by version 1. */
const UNRECORDED_ENGINE_VERSION = 1;

/**
 * The listing of a stored game whose log this build can replay. A game
 * written by another engine version is refused with a 409 on every route
 * that needs its state (it still appears in lists, which read headers only).
 */
export function replayableListing(games: readonly GameListing[], header: GameHeader): GameListing {
  const listing = games.find((g) => g.meta.id === header.game);
  // A stored game names a game this build no longer offers: a deployment defect.
  if (!listing) throw new Error(`stored game ${header.gameId} uses unknown game ${header.game}`);
  const version = header.engineVersion ?? UNRECORDED_ENGINE_VERSION;
  if (version !== listing.engineVersion)
    throw fail('engine-version-unsupported', { recorded: version, title: listing.meta.title, supported: listing.engineVersion });
  return listing;
}

/** The engine of a stored game at the table, loaded if this is its first use here. */
export async function engineOf(games: readonly GameListing[], header: GameHeader): Promise<TableGame> {
  return tableGame(await replayableListing(games, header).engine());
}

export function initOf(header: GameHeader): GameInit<unknown> {
  if (header.startedAt === null) throw new Error(`game ${header.gameId} has not started`);
  return { seats: header.seats.length, options: header.options, deadlines: header.deadlines, seed: header.seed, at: header.startedAt };
}

export function rememberKey(keys: RecentKey[], commit: Commit): RecentKey[] {
  if (commit.idempotencyKey === null) return keys;
  const next = [...keys, { actor: commit.actor, key: commit.idempotencyKey, requestHash: commit.requestHash, seq: commit.seq }];
  return next.length > RECENT_KEYS_KEPT ? next.slice(next.length - RECENT_KEYS_KEPT) : next;
}

/** Folds a commit into the live game (the state is owned by the live game). */
export function foldCommit(live: LiveGame, commit: Commit): void {
  if (live.state) for (const event of commit.events) applyInPlace(live.engine, live.state, event as never);
  live.version = commit.seq;
  live.recentKeys = rememberKey(live.recentKeys, commit);
}

/**
 * The live game a load gives: its tail folded onto the newest state at hand —
 * the loaded snapshot, else `known` (a state kept by this process, as of a
 * version the tail continues, and shared: copied before a tail is folded onto
 * it), else the setup. The loaded items are the live game's own (parsed for
 * this load), so the snapshot's state is folded into as it is.
 */
export function materialize(engine: TableGame, loaded: LoadedGame, known: KnownGame | null = null): LiveGame {
  const { header, snapshot, tail } = loaded;
  const body = snapshot?.state as SnapshotBody | undefined;
  const continues = known !== null && !body && (tail[0]?.seq ?? known.version + 1) === known.version + 1;
  const fromKnown = () => (known && tail.length > 0 ? { ...known, state: engine.clone(known.state) } : known);
  const base = body ? { state: body.state, version: snapshot?.seq ?? 0, recentKeys: [...body.recentKeys] } : continues ? fromKnown() : null;
  const live: LiveGame = {
    header,
    engine,
    state: header.startedAt === null ? null : (base?.state ?? engine.setup(initOf(header))),
    version: base?.version ?? 0,
    recentKeys: base?.recentKeys ?? [],
  };
  for (const commit of tail) foldCommit(live, commit);
  return live;
}

export function snapshotOf(live: LiveGame): SnapshotBody {
  if (!live.state) throw new Error('no state to snapshot before the game starts');
  return { state: live.state, recentKeys: live.recentKeys };
}

/** What a commit leaving `state` says for lists and timers; `before` is the entry pending before it, whose timer a commit that closed it no longer needs. */
export function summarize(state: TableState, before: Pending | null = null): CommitSummary {
  const closed = before !== null && before.id !== state.pending?.id ? before.id : null;
  return {
    status: state.finished ? 'finished' : 'active',
    awaiting: awaitedSeats(state.pending),
    deadline: state.pending?.deadline ?? null,
    pendingId: state.pending?.id ?? null,
    pendingKind: state.pending?.kind ?? null,
    ...(state.pending?.kind === 'simultaneous' && state.pending.lateParts ? { lateParts: state.pending.lateParts } : {}),
    ...(state.vacations ? { vacations: state.vacations.flatMap((away, seat) => (away ? [{ seat, ...away }] : [])) } : {}),
    ...(closed === null ? {} : { closedPendingId: closed }),
  };
}

/** The seat a player holds in this game, or null for a spectator. */
export function seatOf(header: GameHeader, playerId: string): number | null {
  const seat = header.seats.findIndex((s) => s.kind === 'player' && s.playerId === playerId);
  return seat === -1 ? null : seat;
}

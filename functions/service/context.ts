import type { GameListing } from '../../core/engine/index.js';
import { GAMES } from '../../core/games/index.js';
import type { SeekRecord, Store } from '../store/port.js';
import { cryptoSecrets, type SecretSource } from './ids.js';
import { OneAtATime } from './one-at-a-time.js';
import { RecentGames } from './recent-games.js';
import { ProcessTokenCache, type TokenCache } from './token-cache.js';
import { CommitSignal, Signal, type JoinSignal } from './signal.js';
import { LOCAL_RELYING_PARTY, type RelyingParty } from './relying-party.js';
import { DEFAULT_VACATION_POLICY, type VacationPolicy } from './vacation-policy.js';

/** Everything the service needs from the outside world, injected (functions/compose.ts builds it; tests too). */
export interface ServiceContext {
  readonly store: Store;
  /** The games offered (core/games in production; fixtures in some tests). */
  readonly games: readonly GameListing[];
  /** Epoch milliseconds. */
  readonly clock: () => number;
  readonly secrets: SecretSource;
  readonly signal: CommitSignal;
  /** A snapshot is written after every `snapshotEvery`-th commit. */
  readonly snapshotEvery: number;
  /** How often a long-poll re-reads the store when no in-process signal arrives. */
  readonly pollIntervalMs: number;
  readonly tokens: TokenCache;
  /** In-process news of each header that seated a player, once stored (no commit carries a join): the local notifier listens. */
  readonly joins: JoinSignal;
  /** In-process news of each seek stored (functions/service/automatch.ts): the local timers arm its pool's next pass. */
  readonly seeks: Signal<SeekRecord>;
  /** The deployment's vacation allowance (functions/service/vacation.ts). */
  readonly vacation: VacationPolicy;
  /** Bringing a game up to date without a move of its own: one reader per game at a time in this process. */
  readonly settling: OneAtATime;
  /** The games this process loaded or committed lately, as of their version: a load reads only what lies beyond. */
  readonly recentGames: RecentGames;
  /** What passkeys are bound to (functions/service/passkeys.ts); null where no web client's address is known, and passkeys are refused. */
  readonly relyingParty: RelyingParty | null;
}

/** A snapshot every this many commits keeps loading O(1) in game length. */
export const SNAPSHOT_EVERY = 25;

/** The DynamoDB load page that covers header, longest tail and snapshot in one request. */
export const LOAD_PAGE_SIZE = SNAPSHOT_EVERY + 2;

/** A context with production defaults for whatever the caller leaves out; the store is the caller's choice. */
export function createServiceContext(parts: Pick<ServiceContext, 'store'> & Partial<ServiceContext>): ServiceContext {
  return {
    games: GAMES,
    clock: Date.now,
    secrets: cryptoSecrets,
    snapshotEvery: SNAPSHOT_EVERY,
    pollIntervalMs: 1000,
    tokens: new ProcessTokenCache(),
    joins: new Signal(),
    seeks: new Signal(),
    settling: new OneAtATime(),
    recentGames: new RecentGames(),
    vacation: DEFAULT_VACATION_POLICY,
    relyingParty: LOCAL_RELYING_PARTY,
    signal: new CommitSignal(),
    ...parts,
  };
}

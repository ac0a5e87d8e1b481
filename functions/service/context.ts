import type { GameListing } from '../../core/engine/index.js';
import { GAMES } from '../../core/games/index.js';
import { AnnouncementSignal } from '../notifications/announcements.js';
import { pushStoreFor } from '../notifications/stores.js';
import { DEFAULT_PUSH_POLICY, type PushPolicy } from '../notifications/policy.js';
import type { PushStore } from '../notifications/port.js';
import type { Store } from '../store/port.js';
import { cryptoSecrets, type SecretSource } from './ids.js';
import { OneAtATime } from './one-at-a-time.js';
import { TokenCache } from './players.js';
import { CommitSignal } from './signal.js';
import { DEFAULT_VACATION_POLICY, type VacationPolicy } from './vacation-policy.js';

/** Everything the service needs from the outside world, injected. */
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
  /** Notifications, preferences, webhooks and stream tickets (functions/notifications). */
  readonly push: PushStore;
  /** In-process news of notifications no commit carries (a seat taken), for the local notifier. */
  readonly announcements: AnnouncementSignal;
  /** Webhook targets allowed and retry delays (the local server and tests allow loopback http). */
  readonly pushPolicy: PushPolicy;
  /** The deployment's vacation allowance (functions/service/vacation.ts). */
  readonly vacation: VacationPolicy;
  /** Bringing a game up to date without a move of its own: one reader per game at a time in this process. */
  readonly settling: OneAtATime;
}

/** A snapshot every this many commits keeps loading O(1) in game length. */
export const SNAPSHOT_EVERY = 25;

/** The DynamoDB load page that covers header, longest tail and snapshot in one request. */
export const LOAD_PAGE_SIZE = SNAPSHOT_EVERY + 2;

/** A context with production defaults for whatever the caller leaves out. */
export function createServiceContext(parts: Pick<ServiceContext, 'store'> & Partial<ServiceContext>): ServiceContext {
  return {
    games: GAMES,
    clock: Date.now,
    secrets: cryptoSecrets,
    signal: new CommitSignal(),
    snapshotEvery: SNAPSHOT_EVERY,
    pollIntervalMs: 1000,
    tokens: new TokenCache(),
    pushPolicy: DEFAULT_PUSH_POLICY,
    announcements: new AnnouncementSignal(),
    settling: new OneAtATime(),
    vacation: DEFAULT_VACATION_POLICY,
    ...parts,
    push: parts.push ?? pushStoreFor(parts.store, parts.clock ?? Date.now),
  };
}

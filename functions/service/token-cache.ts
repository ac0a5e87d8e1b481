import type { PlayerId, TokenHolder } from '../store/port.js';

/**
 * Whom recent tokens named, by token hash, so that an active client's
 * requests need not read the store each time. A cached token must stop
 * working the moment it is revoked (an access token deleted, a player's every
 * token at account deletion), so the service tells its cache of each
 * revocation; a cache serves for long only where every revocation that
 * matters passes through it: one process (`npm start`, tests). On AWS, where
 * each Lambda instance holds a cache of its own and a revocation reaches one
 * instance only, an entry lives a few seconds, the bound on how late another
 * instance learns of a revocation (functions/lambda/witnessing-token-cache.ts).
 */
export interface TokenCache {
  get(tokenHash: string, now: number): TokenHolder | null;
  put(tokenHash: string, holder: TokenHolder, now: number): void;
  /** The token was revoked: never answer it again. */
  revoke(tokenHash: string): void;
  /** The player changed or left: their tokens are read afresh. */
  forgetPlayer(playerId: PlayerId): void;
}

/**
 * The in-process cache: entries expire after `ttlMs` (a bound on what a
 * change made by another process could leave stale), the oldest first out
 * beyond `capacity`.
 */
export class ProcessTokenCache implements TokenCache {
  private readonly entries = new Map<string, { readonly holder: TokenHolder; readonly until: number }>();

  constructor(
    private readonly ttlMs = 5 * 60 * 1000,
    private readonly capacity = 10_000,
  ) {}

  get(tokenHash: string, now: number): TokenHolder | null {
    const entry = this.entries.get(tokenHash);
    if (!entry || entry.until <= now) return null;
    return entry.holder;
  }

  put(tokenHash: string, holder: TokenHolder, now: number): void {
    // Maps iterate in insertion order: the first key is the oldest.
    if (this.entries.size >= this.capacity && !this.entries.has(tokenHash)) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { holder, until: now + this.ttlMs });
  }

  revoke(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  forgetPlayer(playerId: PlayerId): void {
    for (const [tokenHash, entry] of this.entries) if (entry.holder.player.playerId === playerId) this.entries.delete(tokenHash);
  }
}

import { ProcessTokenCache, type TokenCache } from '../service/token-cache.js';
import type { PlayerId, TokenHolder } from '../store/port.js';

/**
 * How long a Lambda instance answers a token from its cache: the bound on how
 * long another instance may still accept a token revoked through this one (a
 * revocation reaches the instance that made it at once, the others only when
 * their entry expires). A player playing quickly reads their token's item
 * once in this span instead of on every request (README, Tokens and scopes).
 */
export const LAMBDA_TOKEN_CACHE_MS = 10_000;

/** Tokens one instance remembers: far more than the players one instance serves within the bound. */
const LAMBDA_TOKEN_CACHE_ENTRIES = 1_000;

/**
 * The HTTP Lambda's token cache: a short-lived process cache
 * (LAMBDA_TOKEN_CACHE_MS). Many instances serve the API and no instance
 * learns of another's revocation without reading the store, so an entry
 * lives only as long as a revocation elsewhere may take to reach this
 * instance. It also keeps whom the current request authenticated as, so that
 * the request's log line can name the player without the token ever leaving
 * the service. An instance runs one request at a time; `forget()` starts each.
 */
export class WitnessingTokenCache implements TokenCache {
  private readonly recent = new ProcessTokenCache(LAMBDA_TOKEN_CACHE_MS, LAMBDA_TOKEN_CACHE_ENTRIES);
  private witnessed: TokenHolder | null = null;

  get(tokenHash: string, now: number): TokenHolder | null {
    const holder = this.recent.get(tokenHash, now);
    if (holder) this.witnessed = holder;
    return holder;
  }

  put(tokenHash: string, holder: TokenHolder, now: number): void {
    this.witnessed = holder;
    this.recent.put(tokenHash, holder, now);
  }

  revoke(tokenHash: string): void {
    this.recent.revoke(tokenHash);
  }

  forgetPlayer(playerId: PlayerId): void {
    this.recent.forgetPlayer(playerId);
    if (this.witnessed?.player.playerId === playerId) this.witnessed = null;
  }

  /** The player the current request authenticated as, if it did. */
  get playerId(): string | undefined {
    return this.witnessed?.player.playerId;
  }

  /** A new request begins: it has authenticated as no one yet (the cached tokens stay). */
  forget(): void {
    this.witnessed = null;
  }
}

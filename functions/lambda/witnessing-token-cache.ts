import type { TokenCache } from '../service/token-cache.js';
import type { PlayerId, TokenHolder } from '../store/port.js';

/**
 * The HTTP Lambda's token cache: it serves nothing across requests. Many
 * instances serve the API, and a token revoked through one of them must be
 * refused by every other on its next request; no instance can learn of
 * another's revocation without reading the store, so each request reads its
 * token's item (one strongly consistent GetItem). What it keeps is whom the
 * current request authenticated as, so that the request's log line can name
 * the player without the token ever leaving the service. An instance runs
 * one request at a time; `forget()` starts each.
 */
export class WitnessingTokenCache implements TokenCache {
  private witnessed: TokenHolder | null = null;

  get(): TokenHolder | null {
    return null;
  }

  put(_tokenHash: string, holder: TokenHolder): void {
    this.witnessed = holder;
  }

  revoke(): void {}

  forgetPlayer(playerId: PlayerId): void {
    if (this.witnessed?.player.playerId === playerId) this.witnessed = null;
  }

  /** The player the current request authenticated as, if it did. */
  get playerId(): string | undefined {
    return this.witnessed?.player.playerId;
  }

  forget(): void {
    this.witnessed = null;
  }
}

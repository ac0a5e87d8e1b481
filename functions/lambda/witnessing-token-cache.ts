import { TokenCache } from '../service/token-cache.js';
import type { PlayerRecord } from '../store/port.js';

/**
 * The service's token cache, also remembering whom the current request
 * authenticated as: every successful authentication ends in a hit or a put
 * here, so the request's log line can name the player without the token ever
 * leaving the service. A Lambda instance runs one request at a time;
 * `forget()` starts each.
 */
export class WitnessingTokenCache extends TokenCache {
  private witnessed: PlayerRecord | null = null;

  override get(tokenHash: string, now: number): PlayerRecord | null {
    const player = super.get(tokenHash, now);
    if (player) this.witnessed = player;
    return player;
  }

  override put(tokenHash: string, player: PlayerRecord, now: number): void {
    super.put(tokenHash, player, now);
    this.witnessed = player;
  }

  /** The player the current request authenticated as, if it did. */
  get playerId(): string | undefined {
    return this.witnessed?.playerId;
  }

  forget(): void {
    this.witnessed = null;
  }
}

import type { PlayerRecord } from '../store/port.js';

/**
 * Players recently seen, by token hash. Tokens never change owner, so a hit
 * saves the store a read on every request of an active client; entries expire
 * so that a deleted player stops working within minutes.
 */
export class TokenCache {
  private readonly entries = new Map<string, { readonly player: PlayerRecord; readonly until: number }>();

  constructor(
    private readonly ttlMs = 5 * 60 * 1000,
    private readonly capacity = 10_000,
  ) {}

  get(tokenHash: string, now: number): PlayerRecord | null {
    const entry = this.entries.get(tokenHash);
    if (!entry || entry.until <= now) return null;
    return entry.player;
  }

  put(tokenHash: string, player: PlayerRecord, now: number): void {
    // Maps iterate in insertion order: the first key is the oldest.
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { player, until: now + this.ttlMs });
  }
}

/** One key's window: hits counted so far and when it resets (epoch ms). */
export interface Window {
  readonly hits: number;
  readonly resetAt: number;
}

interface OpenWindow {
  hits: number;
  resetAt: number;
}

/**
 * Hits per key in fixed windows of one length, as a rate limiter counts them.
 * Keys live in two generations, each as long as a window: when one ends, the
 * older generation is dropped whole and the newer becomes the older, so a key
 * idle for two windows costs no memory and no timer sweeps them. A hit costs
 * one or two map look-ups; a key's first hit in a window, one small object.
 */
export class FixedWindows {
  private current = new Map<string, OpenWindow>();
  private previous = new Map<string, OpenWindow>();
  private generationEndsAt: number;

  constructor(
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.generationEndsAt = clock() + windowMs;
  }

  /** Counts one hit for `key`: its window afterwards, this hit included. */
  hit(key: string): Window {
    const now = this.clock();
    if (now >= this.generationEndsAt) {
      this.previous = this.current;
      this.current = new Map();
      this.generationEndsAt = now + this.windowMs;
    }
    let window = this.current.get(key);
    if (window === undefined) {
      window = this.previous.get(key) ?? { hits: 0, resetAt: now + this.windowMs };
      this.previous.delete(key);
      this.current.set(key, window);
    }
    if (window.resetAt <= now) {
      window.hits = 0;
      window.resetAt = now + this.windowMs;
    }
    window.hits++;
    return window;
  }
}

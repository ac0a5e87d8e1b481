import type { OutboxMessage } from './message.js';
import type { Outbox, OutboxAgenda } from './port.js';

/** A message whose handling failed (the store away) is tried again after 1, 2, 4 … 30 s, never dropped. */
const RETRY = { firstMs: 1000, maxMs: 30_000 } as const;

/**
 * The outbox of `npm start`: each accepted message is stored in the agenda
 * (the push store) before it runs, and deleted once its attempt is recorded,
 * so a restart re-runs whatever was accepted and not finished (`restore`).
 * Every message runs at once, apart from the commit path that enqueued it;
 * the dispatcher keeps targets apart. Handling is idempotent (the delivery
 * record says what is still due), so a message run twice after a crash
 * makes at most one more attempt.
 */
export class LocalOutbox implements Outbox {
  private readonly running = new Set<Promise<void>>();
  private readonly retries = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly agenda: OutboxAgenda,
    private readonly dispatch: (message: OutboxMessage) => Promise<void>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async enqueue(messages: readonly OutboxMessage[]): Promise<void> {
    for (const message of messages) await this.agenda.putQueued(message);
    for (const message of messages) this.run(message);
  }

  /** Runs every message a previous process accepted and did not finish (start-up); returns how many. */
  async restore(): Promise<number> {
    const queued = await this.agenda.listQueued();
    for (const message of queued) this.run(message);
    return queued.length;
  }

  /** Resolves once no message is running (tests and benches wait on it; a retry waiting its backoff is not running). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  stop(): void {
    this.stopped = true;
    for (const retry of this.retries) clearTimeout(retry);
    this.retries.clear();
  }

  private run(message: OutboxMessage, failures = 0): void {
    if (this.stopped) return;
    const done = (async () => {
      try {
        await this.dispatch(message);
        await this.agenda.deleteQueued(message);
      } catch (error) {
        // Stopped meanwhile (the store may be gone too): the message stays in the agenda for the next start.
        if (this.stopped) return;
        this.onError(error);
        const retry = setTimeout(
          () => {
            this.retries.delete(retry);
            this.run(message, failures + 1);
          },
          Math.min(RETRY.maxMs, RETRY.firstMs * 2 ** failures),
        );
        retry.unref?.();
        this.retries.add(retry);
      }
    })();
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }
}

/**
 * Runs tasks one at a time per key, in arrival order, within this process.
 * Readers that bring one game up to date (lazy expiry, the deadline timer)
 * queue behind each other instead of racing: the first resolves what is
 * overdue, the next finds nothing left to commit. Across processes the
 * commit conditions still decide, with backoff (pipeline.ts).
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.catch(() => {});
    this.tails.set(key, tail);
    // The last task of a key clears its entry, so the map holds only keys at work.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

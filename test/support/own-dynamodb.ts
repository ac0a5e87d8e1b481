import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../functions/local/dynamodb-local.js';

/**
 * A DynamoDB Local of a test's own, persisted in a temporary folder, for tests
 * that kill, freeze and restart it: the run's shared instance is never touched.
 */
export class OwnDynamoDbLocal {
  private constructor(
    readonly dbPath: string,
    private current: DynamoDbLocal,
  ) {}

  static async start(): Promise<OwnDynamoDbLocal> {
    const dbPath = await mkdtemp(join(tmpdir(), 'valeria-dynamodb-'));
    return new OwnDynamoDbLocal(dbPath, await startDynamoDbLocal({ dbPath }));
  }

  get endpoint(): string {
    return this.current.endpoint;
  }

  get accessKeyId(): string {
    return this.current.accessKeyId;
  }

  get pid(): number {
    return this.current.pid;
  }

  /** SIGKILL, and wait until it is gone. */
  async kill(): Promise<void> {
    process.kill(this.current.pid, 'SIGKILL');
    await this.current.exited;
  }

  /** SIGSTOP: the process keeps its port (the kernel still accepts connections) but answers nothing. */
  freeze(): void {
    process.kill(this.current.pid, 'SIGSTOP');
  }

  resume(): void {
    process.kill(this.current.pid, 'SIGCONT');
  }

  /** Starts it again on the same port with the same data. */
  async restart(): Promise<void> {
    this.current = await startDynamoDbLocal({ dbPath: this.dbPath, port: Number(new URL(this.current.endpoint).port) });
  }

  async dispose(): Promise<void> {
    try {
      this.resume();
    } catch {
      // Already gone.
    }
    await this.current.stop();
    await rm(this.dbPath, { recursive: true, force: true });
  }
}

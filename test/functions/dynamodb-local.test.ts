import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JavaMissingError, startDynamoDbLocal } from '../../functions/local/dynamodb-local.js';
import { localDynamoClient } from '../../functions/store/dynamo-client.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';

const answers = (endpoint: string) =>
  fetch(endpoint, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );

describe('DynamoDB Local', () => {
  it('says plainly that Java is missing', async () => {
    await expect(startDynamoDbLocal({ java: join(tmpdir(), 'no-such-dir', 'java') })).rejects.toBeInstanceOf(JavaMissingError);
  });

  it('keeps tables across restarts when given a folder', async () => {
    const dbPath = await mkdtemp(join(tmpdir(), 'ddb-local-'));
    const player = { playerId: 'pl_persisted', name: 'Ada', tokenHash: 'ab'.repeat(32), createdAt: 1 };
    try {
      const first = await startDynamoDbLocal({ dbPath });
      const store = new DynamoStore({ client: localDynamoClient(first.endpoint), tableName: 'persisted' });
      await store.ensureTable();
      await store.createPlayer(player);
      await first.stop();
      expect(await answers(first.endpoint)).toBe(false);

      const second = await startDynamoDbLocal({ dbPath });
      try {
        const again = new DynamoStore({ client: localDynamoClient(second.endpoint), tableName: 'persisted' });
        await again.ensureTable();
        expect(await again.getPlayerByTokenHash(player.tokenHash)).toEqual(player);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dbPath, { recursive: true, force: true });
    }
  });

  it('dies with the process that started it', async () => {
    const script = fileURLToPath(new URL('../support/dynamodb-local-child.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const { endpoint } = JSON.parse(line) as { endpoint: string };
    expect(await answers(endpoint)).toBe(true);
    child.kill('SIGTERM');
    await once(child, 'exit');
    const deadline = Date.now() + 10_000;
    while ((await answers(endpoint)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await answers(endpoint)).toBe(false);
  });
});

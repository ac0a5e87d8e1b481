import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
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
      const store = new DynamoStore({ client: localDynamoClient(first), tableName: 'persisted' });
      await store.ensureTable();
      await store.createPlayer(player);
      await first.stop();
      expect(await answers(first.endpoint)).toBe(false);

      const second = await startDynamoDbLocal({ dbPath });
      try {
        const again = new DynamoStore({ client: localDynamoClient(second), tableName: 'persisted' });
        await again.ensureTable();
        expect(await again.resolveToken(player.tokenHash)).toEqual({ player, access: null });
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dbPath, { recursive: true, force: true });
    }
  });

  // Issue 22, item 5: it listens on every interface and checks no credentials, so its data lives under a secret key id.
  it('shows a caller without its secret key id none of its data, and keeps that key beside the data, for the owner only', async () => {
    const dbPath = await mkdtemp(join(tmpdir(), 'ddb-local-'));
    try {
      const local = await startDynamoDbLocal({ dbPath });
      try {
        await new DynamoStore({ client: localDynamoClient(local), tableName: 'keyed' }).ensureTable();
        for (const accessKeyId of ['local', 'AKIAIOSFODNN7EXAMPLE', local.accessKeyId.slice(0, -1)]) {
          expect((await localDynamoClient({ endpoint: local.endpoint, accessKeyId }).send(new ListTablesCommand({}))).TableNames).toEqual([]);
        }
        expect((await localDynamoClient(local).send(new ListTablesCommand({}))).TableNames).toEqual(['keyed']);
        expect(local.accessKeyId).toMatch(/^LOCAL[0-9A-F]{32}$/);
        const keyFile = join(dbPath, 'access-key-id');
        expect((await readFile(keyFile, 'utf8')).trim()).toBe(local.accessKeyId);
        expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      } finally {
        await local.stop();
      }
      // In memory, a new key each time.
      const [a, b] = await Promise.all([startDynamoDbLocal(), startDynamoDbLocal()]);
      await Promise.all([a.stop(), b.stop()]);
      expect(a.accessKeyId).not.toBe(b.accessKeyId);
    } finally {
      await rm(dbPath, { recursive: true, force: true });
    }
  });

  it('keeps the data of a folder kept before it had a key (DynamoDB Local’s shared database), now under its key', async () => {
    const dbPath = await mkdtemp(join(tmpdir(), 'ddb-local-'));
    const player = { playerId: 'pl_before', name: 'Bea', tokenHash: 'cd'.repeat(32), createdAt: 1 };
    try {
      const before = await startDynamoDbLocal({ dbPath });
      const store = new DynamoStore({ client: localDynamoClient(before), tableName: 'older' });
      await store.ensureTable();
      await store.createPlayer(player);
      await before.stop();
      // The folder as `-sharedDb` left it: one shared database, no key.
      await rename(join(dbPath, `${before.accessKeyId}_local.db`), join(dbPath, 'shared-local-instance.db'));
      await rm(join(dbPath, 'access-key-id'));

      const after = await startDynamoDbLocal({ dbPath });
      try {
        expect(after.accessKeyId).not.toBe(before.accessKeyId);
        expect(await new DynamoStore({ client: localDynamoClient(after), tableName: 'older' }).resolveToken(player.tokenHash)).toEqual({
          player,
          access: null,
        });
        expect((await readdir(dbPath)).sort()).toEqual(['access-key-id', `${after.accessKeyId}_local.db`].sort());
      } finally {
        await after.stop();
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

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 12, item 5: `npm start` on a busy port says so in one line, exits
 * non-zero and leaves no DynamoDB Local behind.
 */
const START = fileURLToPath(new URL('../../functions/local/start.ts', import.meta.url));
let blocker: Server;
let port: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'valeria-start-'));
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, resolve));
  port = (blocker.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start on a busy port', () => {
  it('prints one clear line, exits non-zero and stops DynamoDB Local', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', START], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));

    expect(code, `stdout:\n${stdout}\nstderr:\n${stderr}`).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^port ${port} is in use; set PORT=`))]);
    const javaPid = Number(/DynamoDB Local at \S+ \(pid (\d+)/.exec(stdout)?.[1]);
    expect(javaPid).toBeGreaterThan(0);
    expect(isAlive(javaPid)).toBe(false);
  });
});

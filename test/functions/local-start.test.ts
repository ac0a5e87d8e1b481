import { ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TABLE } from '../../functions/compose.js';
import { localDynamoClient } from '../../functions/store/dynamo-client.js';

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

/**
 * Issue 22, item 5: `npm start` is reachable from this machine only — the
 * API on the loopback interface, DynamoDB Local (which cannot be bound to one
 * interface) behind a secret key id — unless HOST shares the API, which says
 * what that exposes in one line.
 */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address !== undefined && !address.internal && address.family === 'IPv4')?.address;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, at: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port: at, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

interface Started {
  readonly apiPort: number;
  readonly dynamoPort: number;
  readonly stdout: string;
  stop(): Promise<void>;
}

/** Runs `npm start` (its entry) until it serves, with `env` added. */
async function npmStart(env: Record<string, string>): Promise<Started> {
  const apiPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', START], {
    env: { ...process.env, PORT: String(apiPort), DATA_DIR: dataDir, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/restored\./.test(stdout)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${stdout}\n${stderr}`)));
  });
  const dynamoPort = Number(/DynamoDB Local at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)?.[1]);
  return {
    apiPort,
    dynamoPort,
    stdout,
    stop: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe.skipIf(lanAddress === undefined)(
  `npm start seen from this machine's network address (${lanAddress ?? 'none: skipped, this machine has no non-loopback IPv4 address'})`,
  () => {
    const lan = lanAddress as string;

    it('answers on the loopback interface only, and DynamoDB Local shows another caller none of its data', async () => {
      const started = await npmStart({});
      try {
        expect(started.stdout).toContain(`Valeria Tabletop API on http://localhost:${started.apiPort}`);
        expect(started.stdout).not.toMatch(/HOST=/);
        expect((await fetch(`http://127.0.0.1:${started.apiPort}/health`)).status).toBe(200);
        expect(await accepts(lan, started.apiPort)).toBe(false);

        // DynamoDB Local listens on every interface (it has no option to bind one), so what it shows a caller is what counts.
        expect(started.dynamoPort).toBeGreaterThan(0);
        const stranger = localDynamoClient({ endpoint: `http://${lan}:${started.dynamoPort}`, accessKeyId: 'local' });
        expect((await stranger.send(new ListTablesCommand({}))).TableNames).toEqual([]);
        await expect(stranger.send(new ScanCommand({ TableName: LOCAL_TABLE }))).rejects.toThrow(/non-existent table|not found/i);
        // The key id kept beside the data opens it.
        const accessKeyId = (await readFile(join(dataDir, 'dynamodb', 'access-key-id'), 'utf8')).trim();
        const owner = localDynamoClient({ endpoint: `http://127.0.0.1:${started.dynamoPort}`, accessKeyId });
        expect((await owner.send(new ListTablesCommand({}))).TableNames).toContain(LOCAL_TABLE);
        expect(started.stdout).not.toContain(accessKeyId);
      } finally {
        await started.stop();
      }
    });

    it('is shared on the network with HOST=0.0.0.0, saying so in one line, and then refuses webhooks to this machine', async () => {
      const started = await npmStart({ HOST: '0.0.0.0' });
      try {
        expect((await fetch(`http://${lan}:${started.apiPort}/health`)).status).toBe(200);
        const notice = started.stdout.split('\n').filter((line) => line.startsWith('HOST='));
        expect(notice).toEqual([expect.stringMatching(/^HOST=0\.0\.0\.0: shared with every network .* may not target this machine itself/)]);
        const base = `http://${lan}:${started.apiPort}`;
        const register = await fetch(`${base}/v1/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Guest"}' });
        const { token } = (await register.json()) as { token: string };
        const webhook = await fetch(`${base}/v1/webhooks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ url: `http://127.0.0.1:${started.dynamoPort}/` }),
        });
        expect(webhook.status).toBe(422);
        expect(((await webhook.json()) as { code: string }).code).toBe('webhook-target-forbidden');
      } finally {
        await started.stop();
      }
    });
  },
);

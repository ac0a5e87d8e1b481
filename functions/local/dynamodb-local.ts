import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LOCAL_REGION, type LocalDynamoAddress } from '../store/dynamo-client.js';

/**
 * DynamoDB Local, started from Node. Its jar ships inside the npm package
 * `amplify-dynamodb-simulator`; we fetch that package's tarball with
 * `npm pack` (never installing it or its dependencies) and unpack the jar into
 * a git-ignored cache, once.
 *
 * It cannot be kept to this machine: it listens on every interface, and
 * neither its options (`-help`: port, paths, CORS, telemetry) nor its server
 * offer a bind address; nor does it check credentials. What it does offer:
 * without `-sharedDb`, each access key id (and region) has a database of its
 * own (`<key>_<region>.db`). So each instance is given a secret key id (128
 * random bits, never printed), on a random port: a caller without it, from
 * the network or from another program, reads and writes only an empty
 * database of its own and never sees a seed or a token hash. It can still
 * make DynamoDB Local busy or add files beside the data.
 */

/** Pinned: it carries DynamoDB Local 1.25.1, which supports ReturnValuesOnConditionCheckFailure. */
export const SIMULATOR_PACKAGE = 'amplify-dynamodb-simulator';
export const SIMULATOR_VERSION = '2.9.30';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_CACHE_DIR = join(REPO_ROOT, '.cache', 'dynamodb-local');

const JAR = 'DynamoDBLocal.jar';
const NATIVE_LIBS = 'DynamoDBLocal_lib';
const run = promisify(execFile);

export class JavaMissingError extends Error {
  constructor(detail: string) {
    super(`DynamoDB Local needs Java (17 or later) on the PATH, and \`java -version\` failed: ${detail}`);
    this.name = 'JavaMissingError';
  }
}

export interface DynamoDbLocalOptions {
  /** The Java executable; default `$JAVA_HOME/bin/java` when JAVA_HOME is set, else `java` on the PATH. */
  readonly java?: string;
  /** Where the simulator's files are cached; default `<repo>/.cache/dynamodb-local`. */
  readonly cacheDir?: string;
  /** Persist tables under this folder; in memory when absent. */
  readonly dbPath?: string;
  /** Default: a free port. */
  readonly port?: number;
  /**
   * The secret access key id the data lives under. Default: for a folder, the
   * one kept in it (made on first use); in memory, a new one.
   */
  readonly accessKeyId?: string;
  /** How long to wait for the server to answer. */
  readonly startTimeoutMs?: number;
}

export interface DynamoDbLocal extends LocalDynamoAddress {
  readonly endpoint: string;
  /** The Java process (for supervision, and for tests that kill or freeze it). */
  readonly pid: number;
  /** Settles when the process has exited, for whatever reason, with its exit code or signal. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
  stop(): Promise<void>;
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  const java = options.java ?? (process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java');
  assertJava(java);
  const home = await ensureUnpacked(options.cacheDir ?? DEFAULT_CACHE_DIR);
  const port = options.port ?? (await freePort());
  const storage = options.dbPath ? ['-dbPath', resolve(options.dbPath)] : ['-inMemory'];
  if (options.dbPath) await mkdir(options.dbPath, { recursive: true });
  const accessKeyId = options.accessKeyId ?? (options.dbPath ? await keptAccessKeyId(options.dbPath) : newAccessKeyId());
  // No -sharedDb: a database per access key id, ours secret (see above).
  // C1 only: the JVM starts in about half the time (a supervised restart is back sooner), and a
  // local store's load never needs the optimising compiler's peak throughput.
  const args = ['-XX:TieredStopAtLevel=1', `-Djava.library.path=./${NATIVE_LIBS}`, '-jar', JAR, '-port', String(port), '-disableTelemetry', ...storage];
  const child = spawn(java, args, { cwd: home, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(chunk.toString('utf8'));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const forget = killWithProcess(child);
  const exited = new Promise<number | NodeJS.Signals | null>((done) => child.once('exit', (code, signal) => done(code ?? signal)));
  // A server that died by itself needs no killing at our exit any more.
  void exited.then(forget);
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(endpoint, child, output, options.startTimeoutMs ?? 30_000);
  } catch (error) {
    forget();
    await terminate(child);
    throw error;
  }
  child.stdout?.off('data', keep);
  child.stderr?.off('data', keep);
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    endpoint,
    accessKeyId,
    pid: child.pid as number,
    exited,
    async stop() {
      forget();
      await terminate(child);
    },
  };
}

const newAccessKeyId = () => `LOCAL${randomBytes(16).toString('hex').toUpperCase()}`;

/** Where a data folder keeps its key id (beside the data it opens: whoever may read one may read the other). */
const KEY_FILE = 'access-key-id';
/** The database of DynamoDB Local's `-sharedDb`, which this project ran with before its data had a key. */
const SHARED_DB = 'shared-local-instance.db';

/**
 * The key id of the data in `dbPath`, made (readable by its owner only) on
 * first use. Data kept under `-sharedDb` before becomes this key's database:
 * the same file, renamed.
 */
async function keptAccessKeyId(dbPath: string): Promise<string> {
  const keyFile = join(dbPath, KEY_FILE);
  if (existsSync(keyFile)) return (await readFile(keyFile, 'utf8')).trim();
  const accessKeyId = newAccessKeyId();
  if (existsSync(join(dbPath, SHARED_DB))) await rename(join(dbPath, SHARED_DB), join(dbPath, `${accessKeyId}_${LOCAL_REGION}.db`));
  await writeFile(keyFile, `${accessKeyId}\n`, { mode: 0o600 });
  return accessKeyId;
}

function assertJava(java: string): void {
  const probe = spawnSync(java, ['-version'], { stdio: 'ignore' });
  if (probe.error) throw new JavaMissingError(probe.error.message);
  if (probe.status !== 0) throw new JavaMissingError(`exit status ${probe.status}`);
}

/**
 * The folder holding the jar and its native libraries, unpacked on first use.
 * Concurrent first runs each unpack into their own temporary folder and
 * rename it into place: a rename is atomic, and a loser just uses the winner's.
 */
async function ensureUnpacked(cacheDir: string): Promise<string> {
  const home = join(cacheDir, SIMULATOR_VERSION);
  if (existsSync(join(home, JAR))) return home;
  await mkdir(cacheDir, { recursive: true });
  const scratch = await mkdtemp(join(cacheDir, 'unpacking-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { stdout } = await run(npm, ['pack', `${SIMULATOR_PACKAGE}@${SIMULATOR_VERSION}`, '--pack-destination', scratch, '--silent'], {
      shell: process.platform === 'win32',
      maxBuffer: 1 << 20,
    });
    const tarball = stdout.trim().split('\n').at(-1) ?? '';
    await run('tar', ['-xzf', join(scratch, tarball), '-C', scratch]);
    const emulator = await findJarFolder(scratch);
    try {
      await rename(emulator, home);
    } catch (error) {
      if (!existsSync(join(home, JAR))) throw error;
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return home;
}

async function findJarFolder(root: string): Promise<string> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const jar = entries.find((e) => e.isFile() && e.name === JAR);
  if (!jar) throw new Error(`${SIMULATOR_PACKAGE}@${SIMULATOR_VERSION} holds no ${JAR}`);
  const folder = jar.parentPath;
  if (!existsSync(join(folder, NATIVE_LIBS))) throw new Error(`${JAR} in ${SIMULATOR_PACKAGE} comes without ${NATIVE_LIBS}`);
  return folder;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Any HTTP answer means the server is up (it answers a bare GET with 400). */
async function waitUntilAnswering(endpoint: string, child: ChildProcess, output: readonly string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`DynamoDB Local exited (${child.exitCode ?? child.signalCode}) before answering:\n${output.join('')}`);
    }
    try {
      await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms:\n${output.join('')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const FATAL_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * However this process ends, the server must not outlive it: on exit, and on
 * a fatal signal, which would otherwise end Node without an `exit` event. A
 * signal nobody else listens to is raised again, so it still ends the process.
 * Returns the function that unregisters all this.
 */
function killWithProcess(child: ChildProcess): () => void {
  const kill = () => child.kill('SIGTERM');
  const onSignal = (signal: NodeJS.Signals) => {
    kill();
    forget();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const forget = () => {
    process.off('exit', kill);
    for (const signal of FATAL_SIGNALS) process.off(signal, onSignal);
  };
  process.on('exit', kill);
  for (const signal of FATAL_SIGNALS) process.on(signal, onSignal);
  return forget;
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

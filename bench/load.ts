/**
 * `npm run bench:load` — `npm start` under the load of many games at once,
 * measured from outside. It starts the server as `npm start` does (its own
 * data directory and port, in a process group of its own that is killed on
 * the way out, failure or not) and drives it from a bounded, seeded load
 * generator: BENCH_LOAD_GAMES games (default 2000) of Villages of Valeria
 * running at once among 5× as many players, for BENCH_LOAD_SECONDS (default
 * 120) of measured play after the tables are set. People's think time is
 * compressed: a move comes after an exponentially distributed pause of mean
 * BENCH_LOAD_THINK_S seconds (default 10, a third of the 30 s bench:push
 * assumes at the table). A share of games seats a greedy bot, a share of
 * players follows its games on the live stream (learning its turns from the
 * commit messages; the others read their legal moves), and a share has a
 * webhook to a local receiver. At most BENCH_LOAD_IN_FLIGHT requests are
 * under way at once (default 64): the generator never outruns itself.
 *
 * Prints moves/s, p50/p99/p99.9 latency by route, answers by status (a 5xx is
 * a bug), and from the server's own diagnostics line (functions/local/
 * diagnostics.ts) its event loop's delay, its DynamoDB Local requests per
 * second and its RSS over time, with this machine's load average beside them.
 * Asserts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { Rng, rngStateFromSeed } from '../core/engine/rng.js';
import { startReceiver } from '../test/support/webhook-receiver.js';
import { fixed, quantile } from './stats.js';

const GAMES = Number(process.env.BENCH_LOAD_GAMES ?? 2000);
const PLAYERS = 5 * GAMES;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 120);
const THINK_S = Number(process.env.BENCH_LOAD_THINK_S ?? 10);
const IN_FLIGHT = Number(process.env.BENCH_LOAD_IN_FLIGHT ?? 64);
const SEED = Number(process.env.BENCH_LOAD_SEED ?? 1);
const SHARES = { botGames: 0.2, streamPlayers: 0.3, webhookPlayers: 0.1 } as const;
/** How long a stream follower waits for the commit message that tells its turn before it reads its moves instead. */
const STREAM_PATIENCE_MS = 5_000;
const DIAGNOSTICS_EVERY_MS = 5_000;

/** The engine's seeded generator (core/engine/rng.ts): the generator's only source of chance, so a run is repeated by its seed. */
const rng = new Rng(rngStateFromSeed(`bench-load-${SEED}`));
const random = () => rng.nextUint32() / 2 ** 32;
const pick = <T>(from: readonly T[]): T | undefined => (from.length === 0 ? undefined : rng.pick(from));
const thinkMs = () => -Math.log(1 - random()) * THINK_S * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── the server, as npm start runs it ───────────────────────────────────────

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface ServerSample {
  readonly at: number;
  /** Sampled every 10 ms (functions/local/diagnostics.ts): an idle loop reads about 10. */
  readonly eventLoopMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly rssMb: number;
  readonly heapMb: number;
  readonly dynamoCalls: number;
  /** The in-process notifier's backlog: work held, and games whose newer commits it reads back from the log. */
  readonly notifier?: { readonly held: number; readonly gamesBehind: number };
}

const START = fileURLToPath(new URL('../functions/local/start.ts', import.meta.url));
const dataDir = await mkdtemp(join(tmpdir(), 'valeria-load-'));
const port = await freePort();
const samples: ServerSample[] = [];
const failures: string[] = [];
const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', START], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIAGNOSTICS_EVERY_MS: String(DIAGNOSTICS_EVERY_MS), REQUEST_LOG: '0', RATE_LIMITS: '0' },
  stdio: ['ignore', 'pipe', 'pipe'],
  // Its own process group: DynamoDB Local (its child) goes with it.
  detached: true,
});
const killServer = (signal: NodeJS.Signals) => {
  try {
    if (server.pid !== undefined) process.kill(-server.pid, signal);
  } catch {
    // Already gone.
  }
};
process.on('exit', () => killServer('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

let buffered = '';
const listening = new Promise<void>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`npm start exited with ${code} before it listened:\n${failures.join('\n')}`)));
  server.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('diagnostics ')) samples.push(JSON.parse(line.slice('diagnostics '.length)) as ServerSample);
      else if (line.startsWith('Valeria Tabletop API on')) resolve();
      else if (/→ 5\d\d/.test(line)) failures.push(line);
    }
  });
  server.stderr?.on('data', (chunk: Buffer) => failures.push(chunk.toString('utf8').trim()));
});

// ── the generator's requests, bounded and timed ───────────────────────────

const base = `http://127.0.0.1:${port}`;
const latencies = new Map<string, number[]>();
const statuses = new Map<string, number>();
let inFlight = 0;
const queued: (() => void)[] = [];
let measuring = false;

const routeOf = (method: string, path: string) => `${method} ${path.replace(/\/g_[A-Za-z0-9_-]+/, '/{id}').replace(/\?.*$/, '')}`;

/** The fields of the answers the generator reads (each route answers some of them). */
interface Reply {
  readonly playerId: string;
  readonly token: string;
  readonly gameId: string;
  readonly seats: readonly { readonly seat: number; readonly kind: string; readonly playerId?: string }[];
  readonly url: string;
  readonly version: number;
  readonly state: { readonly awaiting: readonly number[] } | null;
  readonly moves: readonly unknown[];
  readonly next: { readonly version: number; readonly moves: readonly unknown[] };
}

async function request(method: string, path: string, token: string | null, body?: unknown, idempotencyKey?: string): Promise<{ status: number; body: Reply }> {
  if (inFlight >= IN_FLIGHT) await new Promise<void>((resolve) => queued.push(resolve));
  inFlight++;
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const route = routeOf(method, path);
    if (measuring) {
      const timed = latencies.get(route) ?? [];
      timed.push(performance.now() - started);
      latencies.set(route, timed);
      statuses.set(`${response.status}`, (statuses.get(`${response.status}`) ?? 0) + 1);
    }
    if (response.status >= 500) failures.push(`${route} → ${response.status} ${text.slice(0, 200)}`);
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Reply };
  } finally {
    inFlight--;
    queued.shift()?.();
  }
}

/**
 * A request that must succeed: a 503 (the store did not answer in time, as
 * DynamoDB Local may under load) or a 429 is sent again under the same
 * Idempotency-Key, as the typed client does, up to 8 times over about half a
 * minute (a loaded machine's DynamoDB Local may lag for seconds).
 */
async function expectOk(method: string, path: string, token: string | null, body?: unknown) {
  const key = method === 'GET' ? undefined : randomUUID();
  for (let attempt = 0; ; attempt++) {
    const reply = await request(method, path, token, body, key);
    if ((reply.status === 503 || reply.status === 429) && attempt < 8) {
      await sleep(Math.min(200 * 2 ** attempt, 5_000));
      continue;
    }
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  }
}

/** `work` over every item, at most `limit` at once (the set-up's requests and connections never pile up), answers in the items' order. */
async function bounded<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) answers[i] = await work(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return answers;
}

// ── players, their streams and webhooks ───────────────────────────────────

interface Player {
  readonly playerId: string;
  readonly token: string;
  /** The newest legal moves each followed game's commit messages told this player: game → version and moves. */
  readonly streamed: Map<string, { version: number; moves: readonly unknown[] }> | null;
  socket: WebSocket | null;
}

const SCORING = new Set(['build', 'recruit']);
/** As bench:push's players: build or recruit whenever they can, any other legal move at random (seeded). */
function choose(legal: readonly unknown[]): unknown {
  const scoring = legal.filter((m) => SCORING.has((m as { type: string }).type));
  return pick(scoring.length > 0 ? scoring : legal);
}

async function register(i: number): Promise<Player> {
  // Drawn before the request: the draws follow the seed, not the server's timing (a game's moves interleave as the server answers).
  const onStream = random() < SHARES.streamPlayers;
  const { playerId, token } = await expectOk('POST', '/v1/players', null, { name: `Load ${i}` });
  return { playerId, token, streamed: onStream ? new Map() : null, socket: null };
}

/**
 * Opens the player's stream and subscribes to its games; commit messages keep
 * `streamed` current. A connection refused or reset while thousands open (the
 * server's accept queue is finite) is tried again with a new ticket, at most 4
 * times, as a client would.
 */
async function openStream(player: Player, gameIds: readonly string[]) {
  if (!player.streamed || gameIds.length === 0) return;
  for (let attempt = 0; ; attempt++) {
    const { url } = await expectOk('POST', '/v1/stream/tickets', player.token);
    const socket = new WebSocket(url);
    try {
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    } catch (error) {
      if (attempt >= 4) throw error;
      await sleep(200 * 2 ** attempt);
      continue;
    }
    follow(player, socket, gameIds);
    return;
  }
}

function follow(player: Player, socket: WebSocket, gameIds: readonly string[]) {
  player.socket = socket;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { type: string; gameId?: string; version?: number; commit?: { seq: number }; moves?: unknown[] };
    const version = message.type === 'commit' ? message.commit?.seq : message.type === 'subscribed' ? message.version : undefined;
    if (message.gameId && version !== undefined && message.moves) player.streamed?.set(message.gameId, { version, moves: message.moves });
  });
  for (const gameId of gameIds.slice(0, 20)) socket.send(JSON.stringify({ action: 'subscribe', gameId }));
}

// ── one game, played until the time is up ────────────────────────────────

interface Table {
  readonly gameId: string;
  /** Seat → player (bots are not here). */
  readonly seated: Map<number, Player>;
}

async function setTable(players: readonly Player[]): Promise<Table> {
  const seats = 2 + Math.floor(random() * 3);
  const withBot = random() < SHARES.botGames;
  const people = new Set<Player>();
  while (people.size < seats - (withBot ? 1 : 0)) people.add(rng.pick(players));
  const [host, ...guests] = [...people];
  const { gameId } = await expectOk('POST', '/v1/games', host!.token, { game: 'villages-of-valeria', seats, deadlines: 'daily' });
  for (const guest of guests) await expectOk('POST', `/v1/games/${gameId}/join`, guest.token, {});
  if (withBot) await expectOk('POST', `/v1/games/${gameId}/bots`, host!.token, { level: 'greedy' });
  const { seats: taken } = await expectOk('GET', `/v1/games/${gameId}`, host!.token);
  const byId = new Map([...people].map((p) => [p.playerId, p]));
  const seated = new Map(taken.flatMap(({ seat, playerId }) => (playerId && byId.has(playerId) ? [[seat, byId.get(playerId)!] as const] : [])));
  return { gameId, seated };
}

/** The awaited player's legal moves at `version`: from its stream when it has one (waiting a little for the message), else read. */
async function movesOf(table: Table, player: Player, version: number): Promise<readonly unknown[]> {
  if (player.streamed && player.socket?.readyState === WebSocket.OPEN) {
    const until = performance.now() + STREAM_PATIENCE_MS;
    for (;;) {
      const known = player.streamed.get(table.gameId);
      if (known && known.version >= version) return known.moves;
      if (performance.now() > until) break;
      await sleep(20);
    }
  }
  return (await expectOk('GET', `/v1/games/${table.gameId}/moves`, player.token)).moves;
}

let moves = 0;

async function play(table: Table, endAt: number) {
  const first = await expectOk('GET', `/v1/games/${table.gameId}`, table.seated.get(0)!.token);
  let version = first.version;
  let awaiting = first.state?.awaiting ?? [];
  while (performance.now() < endAt) {
    const seat = pick(awaiting.filter((s) => table.seated.has(s)));
    if (seat === undefined) return; // over, or only a bot awaited (it moved already: the answer says so)
    const player = table.seated.get(seat)!;
    const legal = await movesOf(table, player, version);
    // The time is up for thinking too: nothing of a game outlasts the measured window.
    await sleep(Math.min(thinkMs(), endAt - performance.now()));
    if (performance.now() >= endAt || legal.length === 0) return;
    const answer = await request('POST', `/v1/games/${table.gameId}/moves`, player.token, { moves: [choose(legal)] });
    if (answer.status !== 200) {
      // Refused (a deadline passed meanwhile, say): look again.
      const view = await expectOk('GET', `/v1/games/${table.gameId}`, player.token);
      version = view.version;
      awaiting = view.state?.awaiting ?? [];
      continue;
    }
    const { next } = answer.body;
    if (measuring) moves++;
    if (next.moves.length > 0) {
      // The answer lists the mover's own next moves: their turn goes on.
      version = next.version;
      awaiting = [seat];
      continue;
    }
    // Someone else's turn: a client that follows no stream reads the game to learn whose.
    const view = await expectOk('GET', `/v1/games/${table.gameId}`, player.token);
    version = view.version;
    awaiting = view.state?.awaiting ?? [];
  }
}

// ── the run ───────────────────────────────────────────────────────────────

const runStarted = performance.now();
try {
  await listening;
  const receiver = await startReceiver();
  console.log(
    `npm start on port ${port}, data in ${dataDir}; load average ${loadavg()
      .map((x) => fixed(x, 2))
      .join(' ')}`,
  );

  const players = await bounded(
    Array.from({ length: PLAYERS }, (_, i) => i),
    IN_FLIGHT,
    register,
  );
  await bounded(
    players.filter(() => random() < SHARES.webhookPlayers),
    IN_FLIGHT,
    (player) => expectOk('POST', '/v1/webhooks', player.token, { url: receiver.url }),
  );
  const tables = await bounded(Array.from({ length: GAMES }), IN_FLIGHT, () => setTable(players));
  const gamesOf = new Map<Player, string[]>();
  for (const table of tables) for (const player of table.seated.values()) gamesOf.set(player, [...(gamesOf.get(player) ?? []), table.gameId]);
  await bounded([...gamesOf], IN_FLIGHT, ([player, gameIds]) => openStream(player, gameIds));
  const subscribers = players.filter((p) => p.socket).length;
  const hooks = receiver.received.length;
  console.log(
    `Set up in ${fixed((performance.now() - runStarted) / 1000, 0)} s: ${PLAYERS} players, ${GAMES} games, ${subscribers} players on the stream; load average ${loadavg()
      .map((x) => fixed(x, 2))
      .join(' ')}`,
  );

  measuring = true;
  const measuredFrom = performance.now();
  const endAt = measuredFrom + SECONDS * 1000;
  const loads: number[][] = [];
  const loadTimer = setInterval(() => loads.push(loadavg()), 10_000);
  const results = await Promise.allSettled(tables.map((table) => play(table, endAt)));
  clearInterval(loadTimer);
  measuring = false;
  const measuredSeconds = (performance.now() - measuredFrom) / 1000;
  const broken = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');

  // ── the figures ──
  const sampled = samples.filter((s) => s.at >= Date.now() - measuredSeconds * 1000);
  console.log(
    `\n${GAMES} games, ${PLAYERS} players, ${SECONDS} s measured (think time mean ${THINK_S} s, seed ${SEED}, at most ${IN_FLIGHT} requests at once; ${subscribers} on the stream, webhooks delivered ${receiver.received.length - hooks}):`,
  );
  console.log(`  moves: ${moves} (${fixed(moves / measuredSeconds, 1)} moves/s); games that stopped on an error: ${broken.length}`);
  if (broken[0]) console.log(`    first: ${String(broken[0].reason).slice(0, 300)}`);
  console.log('  latency by route (ms):');
  for (const [route, values] of [...latencies].sort((a, b) => b[1].length - a[1].length))
    console.log(
      `    ${route.padEnd(34)} n=${String(values.length).padStart(7)}  p50 ${fixed(quantile(values, 0.5), 1).padStart(7)}  p99 ${fixed(quantile(values, 0.99), 1).padStart(7)}  p99.9 ${fixed(quantile(values, 0.999), 1).padStart(7)}`,
    );
  console.log(
    `  answers by status: ${[...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')} (5xx: ${[...statuses].filter(([s]) => s.startsWith('5')).reduce((n, [, c]) => n + c, 0)})`,
  );
  if (failures.length > 0) console.log(`  server failures (first 3):\n    ${failures.slice(0, 3).join('\n    ')}`);
  console.log(
    `  server, every ${DIAGNOSTICS_EVERY_MS / 1000} s while measured (event loop delay p50/p99/max ms, 10-ms sampling included, DynamoDB Local requests/s, RSS MB, heap MB, notifier's backlog: held / games behind):`,
  );
  for (const [i, s] of sampled.entries()) {
    const before = i > 0 ? sampled[i - 1]! : samples[samples.indexOf(s) - 1];
    const rate = before ? ((s.dynamoCalls - before.dynamoCalls) * 1000) / (s.at - before.at) : Number.NaN;
    console.log(
      `    +${String(Math.round((s.at - sampled[0]!.at) / 1000)).padStart(4)} s  loop ${fixed(s.eventLoopMs.p50, 1)}/${fixed(s.eventLoopMs.p99, 1)}/${fixed(s.eventLoopMs.max, 0)}  dynamo ${fixed(rate, 0).padStart(5)}/s  rss ${fixed(s.rssMb, 0)}  heap ${fixed(s.heapMb, 0)}  backlog ${s.notifier ? `${s.notifier.held} / ${s.notifier.gamesBehind}` : '?'}`,
    );
  }
  // The heap between collections saws up and down; its low points show whether what survives them grows.
  const quarters = [0, 1, 2, 3].map((q) => sampled.slice(Math.floor((q * sampled.length) / 4), Math.floor(((q + 1) * sampled.length) / 4)));
  if (quarters.every((q) => q.length > 0))
    console.log(`  heap's low point in each quarter of the window: ${quarters.map((q) => fixed(Math.min(...q.map((s) => s.heapMb)), 0)).join(' → ')} MB`);
  const warm = sampled.slice(Math.floor(sampled.length / 2));
  if (warm.length >= 2)
    console.log(
      `  RSS once warm (second half): ${fixed(warm[0]!.rssMb, 0)} → ${fixed(warm.at(-1)!.rssMb, 0)} MB (min ${fixed(Math.min(...warm.map((s) => s.rssMb)), 0)}, max ${fixed(Math.max(...warm.map((s) => s.rssMb)), 0)})`,
    );
  console.log(`  load average while measured (1-min, every 10 s): ${loads.map((l) => fixed(l[0]!, 2)).join(' ')}`);
  for (const player of players) player.socket?.close();
  await receiver.close();
} finally {
  killServer('SIGTERM');
  // Given 15 s to stop DynamoDB Local itself, then the whole group is killed.
  const forced = setTimeout(() => killServer('SIGKILL'), 15_000);
  await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  clearTimeout(forced);
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);

/**
 * `npm run demo:clocks`: one whole game of Valeria: Card Kingdoms for three,
 * on a short time bank, played through the HTTP API in process (in-memory
 * store, a clock the script moves; every exchange checked against the API
 * document), in which one player's bank runs out, one player goes on
 * vacation, and one absent seat is played by the bot after its timeouts and
 * later reclaimed. Prints the game's log as a short story.
 *
 * Ann answers an hour after she is asked. So does Ben, but he leaves for
 * two days once six turns are played, when a harvest window he shares awaits
 * him (there his part waits, the others' close on time). Cid plays until his turn comes after
 * the fourth, then vanishes; he is back eight turns later and reclaims his
 * seat. Each move is the greedy bot's choice for that player.
 */
import { botMove, Rng, rngStateFromSeed, type BaseState } from '../core/engine/index.js';
import { cryptoSecrets } from '../functions/service/ids.js';
import { loadLive } from '../functions/service/pipeline.js';
import { manualClock, startApi } from '../test/support/api.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NAMES = ['Ann', 'Ben', 'Cid'];
const BANK = { initialSeconds: 8 * 3600, incrementSeconds: 2 * 3600, maxSeconds: 12 * 3600 };

interface Commit {
  readonly seq: number;
  readonly at: string;
  readonly actor: { readonly kind: string; readonly seat?: number };
  readonly events: readonly { readonly type: string; readonly [field: string]: any }[];
}

const clock = manualClock(Date.UTC(2026, 10, 23, 9));
// A fixed seed and ids: the same game, and the same story, on every run.
let serial = 0;
const secrets = { ...cryptoSecrets, seed: () => 'demo:clocks', playerId: () => `pl_demo${++serial}`, gameId: () => 'g_demo_clocks' };
const api = await startApi({ clock: clock.now, pollIntervalMs: 20, secrets });
const { client } = api;

async function ok(reply: Promise<{ status: number; text: string; body: any }>, what: string) {
  const answer = await reply;
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer.body;
}

const players: { readonly token: string }[] = [];
for (const name of NAMES) players.push(await client.register(name));
const token = (seat: number) => (players[seat] as { token: string }).token;
const created = await ok(
  client.post('/v1/games', {
    token: token(0),
    body: {
      game: 'valeria-card-kingdoms',
      seats: 3,
      options: { setup: 'first-game' },
      deadlines: { bank: BANK, windowSeconds: 4 * 3600 },
      table: { replaceAfterTimeouts: 2 },
    },
  }),
  'create',
);
const gameId: string = created.gameId;
for (const seat of [1, 2]) await ok(client.post(`/v1/games/${gameId}/join`, { token: token(seat), body: {} }), 'join');

/** The story's cast: who is at the table at this moment. */
const story = { benBackAt: null as number | null, cidGoneAfter: null as number | null, cidReclaimed: false };
const present = (seat: number, underBot: readonly number[]) =>
  !underBot.includes(seat) &&
  (seat !== 1 || story.benBackAt === null || clock.now() >= story.benBackAt) &&
  (seat !== 2 || story.cidGoneAfter === null || story.cidReclaimed);

/** The greedy bot's choice for a player, from the game as the service holds it. */
async function greedyMove(seat: number): Promise<unknown> {
  const live = await loadLive(api.ctx, gameId);
  return botMove(live.engine, 'greedy', live.state as BaseState, seat, new Rng(rngStateFromSeed(`demo:${live.version}:${seat}`)));
}

for (let step = 0; ; step++) {
  if (step > 3000) throw new Error('the game did not end');
  const game = await ok(client.get(`/v1/games/${gameId}`, { token: token(0) }), 'view');
  if (game.state.finished) break;
  const turns: number = game.state.board.turnsPlayed;
  const pending = game.state.pending;
  const underBot: number[] = game.absence?.seatsUnderBot ?? [];
  // Ben leaves when a window he shares with others awaits him (or, failing that, anything of his after nine turns).
  const benAwaited = (game.state.awaiting as number[]).includes(1);
  const shared = pending.kind === 'simultaneous' && game.state.awaiting.length > 1;
  if (story.benBackAt === null && turns >= 6 && benAwaited && (shared || turns >= 9)) {
    clock.advance(10 * MINUTE);
    const away = await ok(
      client.post('/v1/players/me/vacation', { token: token(1), body: { until: new Date(clock.now() + 2 * DAY - HOUR).toISOString() } }),
      'vacation',
    );
    story.benBackAt = Date.parse(away.current.until);
    continue;
  }
  if (story.cidGoneAfter === null && turns >= 4 && pending.kind !== 'simultaneous' && pending.seat === 2) story.cidGoneAfter = turns;
  if (story.cidGoneAfter !== null && !story.cidReclaimed && underBot.includes(2) && turns >= story.cidGoneAfter + 8) {
    clock.advance(10 * MINUTE);
    await ok(client.post(`/v1/games/${gameId}/reclaim`, { token: token(2) }), 'reclaim');
    story.cidReclaimed = true;
    continue;
  }
  const mover = (game.state.awaiting as number[]).find((seat) => present(seat, underBot));
  if (mover === undefined) {
    // Nobody at the table answers: time runs on to the next deadline (or Ben's return), and the engine resolves what is due.
    const next = Math.min(Date.parse(pending.deadline), story.benBackAt !== null && story.benBackAt > clock.now() ? story.benBackAt : Infinity);
    clock.advance(Math.max(MINUTE, next - clock.now() + MINUTE));
    continue;
  }
  // An hour to think, or less when the deadline is nearer: present players answer in time.
  const own = pending.lateParts?.find((part: { seat: number }) => part.seat === mover)?.deadline ?? pending.deadline;
  clock.advance(Math.max(0, Math.min(HOUR, Date.parse(own) - clock.now() - MINUTE)));
  await ok(client.post(`/v1/games/${gameId}/moves`, { token: token(mover), body: { moves: [await greedyMove(mover)] } }), `move of ${NAMES[mover]}`);
}

const final = await ok(client.get(`/v1/games/${gameId}`, { token: token(0) }), 'view');
const commits: Commit[] = [];
for (let after = 0, more = true; more;) {
  const page = await ok(client.get(`/v1/games/${gameId}/events?after=${after}`, { token: token(0) }), 'events');
  commits.push(...page.commits);
  after = page.next;
  more = page.more;
}
await api.close();

console.log(
  `Valeria: Card Kingdoms for ${NAMES.join(', ')}; each a bank of 8 h, +2 h per move, at most 12 h; windows 4 h; the bot after 2 timeouts in a row.\n`,
);
for (const line of tell(commits)) console.log(line);
const score = final.state.score;
console.log(`\nThe end, ${commits.length} commits: ${score.scores.map((points: number, seat: number) => `${NAMES[seat]} ${points}`).join(', ')}.`);
console.log(
  `Winner: ${score.winners.map((seat: number) => NAMES[seat]).join(' and ')}. Seats that ended under a bot: ${(final.absence?.seatsUnderBot ?? []).map((seat: number) => NAMES[seat]).join(', ') || 'none'}.`,
);

/** The log as lines: a commit worth telling on its own line; runs of ordinary moves folded into one. */
function tell(log: readonly Commit[]): string[] {
  const lines: string[] = [];
  let streak = NAMES.map(() => 0);
  let runningBank: number | null = null;
  let run: Commit[] = [];
  const fold = () => {
    const [first, last] = [run[0], run.at(-1)];
    if (first && last)
      lines.push(
        `${when(first.at)} – ${when(last.at)}  #${first.seq}–${last.seq}  ${run.length} moves by ${[...new Set(run.map(by))].join(', ')}${banks(last)}`,
      );
    run = [];
  };
  for (const commit of log) {
    const absence = commit.events.find((e) => e.type === 'absence');
    const defaulted = absence ? absence.absence.streak.flatMap((n: number, seat: number) => (n > (streak[seat] ?? 0) ? [NAMES[seat]] : [])) : [];
    const note = noteOf(commit, runningBank, defaulted);
    if (absence) streak = absence.absence.streak;
    const clocks = commit.events.find((e) => e.type === 'clock');
    if (clocks) runningBank = clocks.clocks.running;
    if (note === null) {
      run.push(commit);
      continue;
    }
    fold();
    lines.push(`${when(commit.at)}  #${commit.seq}  ${note}${banks(commit)}`);
  }
  fold();
  return lines;
}

/** What makes a commit worth its own line, or null for an ordinary move. */
function noteOf(commit: Commit, runningBank: number | null, defaulted: string[]): string | null {
  if (commit.seq === 1) return 'the game starts: every seat taken';
  const change = commit.events.find((e) => e.type === 'absence' && e.change)?.change;
  if (change?.kind === 'replaced') return `${NAMES[change.seat]} timed out ${change.afterTimeouts} times in a row: the greedy bot takes the seat`;
  if (change?.kind === 'reclaimed') return `${NAMES[change.seat]} is back and reclaims the seat (the bot's moves stand)`;
  const vacations = commit.events.filter((e) => e.type === 'vacation');
  const moved = vacations.flatMap((e) =>
    e.shifts.map((s: { fromDeadline: string; toDeadline: string }) => `${NAMES[e.seat]}'s deadline ${when(s.fromDeadline)} → ${when(s.toDeadline)}`),
  );
  if (commit.actor.kind === 'player' && vacations.length > 0 && !commit.events.some((e) => !['vacation', 'awaiting', 'clock'].includes(e.type)))
    return `${by(commit)} leaves on vacation until ${when(vacations[0]!.away.backAt)}${moved.length ? `: ${moved.join('; ')}` : ''}`;
  const ended = commit.events.find((e) => e.type === 'game-ended') ? 'the game ends' : null;
  if (commit.actor.kind === 'system') {
    const ranOut = runningBank !== null && defaulted.includes(NAMES[runningBank] as string) ? `${NAMES[runningBank]}'s bank ran out: default played` : null;
    const window = defaulted.length && !ranOut ? `deadline passed: default for ${defaulted.join(', ')}` : null;
    return [ranOut ?? window ?? 'the window closes for the others on time', ...moved, ...(ended ? [ended] : [])].join('; ');
  }
  if (commit.actor.kind === 'bot') return `the bot plays ${NAMES[commit.actor.seat ?? 0]}'s ${gameEvents(commit)}${ended ? `; ${ended}` : ''}`;
  if (moved.length || ended) return `${by(commit)}: ${gameEvents(commit)}; ${[...moved, ...(ended ? [ended] : [])].join('; ')}`;
  return null;
}

function by(commit: Commit): string {
  return commit.actor.seat === undefined ? 'the game' : (NAMES[commit.actor.seat] as string);
}

/** The game's own events of a commit, by name, the kit's left out. */
function gameEvents(commit: Commit): string {
  const kit = new Set(['awaiting', 'clock', 'absence', 'vacation', 'seed-revealed']);
  return [...new Set(commit.events.filter((e) => !kit.has(e.type)).map((e) => e.type))].join(', ') || 'move';
}

function banks(commit: Commit): string {
  const clocks = commit.events.find((e) => e.type === 'clock')?.clocks;
  if (!clocks) return '';
  return `   [banks ${clocks.bankSeconds.map((s: number, seat: number) => `${NAMES[seat]} ${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`).join(' ')}]`;
}

function when(at: string): string {
  const date = new Date(at);
  return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()]} ${date.toISOString().slice(11, 16)}`;
}

/**
 * `npm run bench:core` — engine figures for every registered game: full
 * random-bot games per second on one core, engine microseconds per move,
 * game length, win rate by seat, mean final score, and greedy vs random.
 * Prints figures; asserts nothing (the tests assert behaviour).
 *
 *   GAMES_PER_CELL=400 npm run bench:core     (default 300)
 */
import { performance } from 'node:perf_hooks';
import { playOut, type AnyGameEngine, type BotLevel } from '../core/engine/index.js';
import { loadAllEngines } from '../core/games/index.js';
import { fixed, mean, median, pct } from './stats.js';

const GAMES_PER_CELL = Number(process.env.GAMES_PER_CELL ?? 300);
const DEADLINES = { turnMs: 60_000, windowMs: 30_000 };

function play(engine: AnyGameEngine, seats: number, bots: BotLevel[], index: number, timed: boolean) {
  return playOut(engine, {
    init: { seats, options: engine.optionsSchema.parse({}), deadlines: DEADLINES, seed: `bench-${engine.meta.id}-${seats}-${index}`, at: 0 },
    bots,
    botSeed: `bots-${index}`,
    ...(timed ? { clock: () => performance.now() } : {}),
  });
}

function randomBotCell(engine: AnyGameEngine, seats: number) {
  const bots = Array.from({ length: seats }, () => 'random' as const);
  // Throughput first, untimed per command, so the clock does not weigh on it.
  const started = performance.now();
  for (let i = 0; i < GAMES_PER_CELL; i++) play(engine, seats, bots, i, false);
  const gamesPerSecond = GAMES_PER_CELL / ((performance.now() - started) / 1000);

  const micros: number[] = [];
  const turns: number[] = [];
  const moves: number[] = [];
  const wins = new Array<number>(seats).fill(0);
  const scores: number[] = [];
  for (let i = 0; i < GAMES_PER_CELL; i++) {
    const result = play(engine, seats, bots, i, true);
    micros.push(...result.commandMicros);
    const sheet = engine.score(result.state);
    turns.push(sheet.turns);
    moves.push(result.commands);
    scores.push(...sheet.scores);
    // A shared victory counts for each winner, split evenly.
    for (const w of sheet.winners) wins[w] = (wins[w] as number) + 1 / sheet.winners.length;
  }
  return {
    gamesPerSecond,
    micros: median(micros),
    turns: median(turns),
    moves: median(moves),
    winRates: wins.map((w) => w / GAMES_PER_CELL),
    meanScore: mean(scores),
  };
}

/** Greedy against random in two-player games, seats alternating. */
function greedyVsRandom(engine: AnyGameEngine) {
  let greedyWins = 0;
  for (let i = 0; i < GAMES_PER_CELL; i++) {
    const greedySeat = i % 2;
    const bots: BotLevel[] = greedySeat === 0 ? ['greedy', 'random'] : ['random', 'greedy'];
    const sheet = engine.score(play(engine, 2, bots, 100_000 + i, false).state);
    if (sheet.winners.includes(greedySeat)) greedyWins += 1 / sheet.winners.length;
  }
  return greedyWins / GAMES_PER_CELL;
}

console.log(`bench:core — ${GAMES_PER_CELL} seeded games per cell, Node ${process.version}, one core\n`);
for (const engine of await loadAllEngines()) {
  console.log(`## ${engine.meta.title}`);
  console.log('seats | games/s | µs/move (median) | turns (median) | commands (median) | mean score | win rate by seat');
  for (let seats = Math.max(2, engine.meta.minSeats); seats <= engine.meta.maxSeats; seats++) {
    const cell = randomBotCell(engine, seats);
    console.log(
      `${seats} | ${fixed(cell.gamesPerSecond, 0)} | ${fixed(cell.micros, 1)} | ${cell.turns} | ${cell.moves} | ${fixed(cell.meanScore, 1)} | ${cell.winRates.map(pct).join(' ')}`,
    );
  }
  if (engine.meta.minSeats <= 2) console.log(`greedy beats random (2 seats): ${pct(greedyVsRandom(engine))}`);
  console.log('');
}

import { botMove } from './bots.js';
import type { BotLevel, Command, GameEngine } from './game.js';
import type { BaseState, GameEvent, GameInit } from './state.js';
import type { LoggedEvent } from './draft.js';
import { executeOwned } from './kit.js';
import { awaitedSeats } from './pending.js';
import { Rng, rngStateFromSeed } from './rng.js';

export interface PlayOutOptions<O> {
  readonly init: GameInit<O>;
  /** The bot level of each seat. */
  readonly bots: readonly BotLevel[];
  /** Seed of the bots' own generator (distinct from the game's secret seed). */
  readonly botSeed: string;
  /** Virtual milliseconds between two commands. */
  readonly stepMs?: number;
  /** A game still running after this many commands is reported as stuck. */
  readonly maxCommands?: number;
  /** Keep every logged event (for replay checks); off for benchmarks. */
  readonly keepLog?: boolean;
  /** Measures each command's engine time (not the bots' thinking) with this clock, in ms. */
  readonly clock?: () => number;
}

export interface PlayOutResult<S, E extends GameEvent> {
  readonly state: S;
  readonly commands: number;
  readonly moves: number;
  readonly timeouts: number;
  readonly log: LoggedEvent<E>[];
  /** Engine time of each command in microseconds, when a clock was given. */
  readonly commandMicros: number[];
}

/**
 * Plays a whole game with bots: every awaited seat answers with its bot's
 * move (chosen from the seat's view), in seat order; a step with nobody to
 * answer is closed by `timeout`.
 * Throws on a bot move the engine rejects or a game that never ends — both
 * are engine defects the property tests must surface.
 */
export function playOut<S extends BaseState, M, E extends GameEvent, O>(engine: GameEngine<S, M, E, O>, options: PlayOutOptions<O>): PlayOutResult<S, E> {
  let state = engine.setup(options.init);
  const botRng = new Rng(rngStateFromSeed(options.botSeed));
  const stepMs = options.stepMs ?? 1000;
  const maxCommands = options.maxCommands ?? 100_000;
  const log: LoggedEvent<E>[] = [];
  let at = options.init.at;
  let commands = 0;
  let moves = 0;
  let timeouts = 0;
  const commandMicros: number[] = [];
  const clock = options.clock;
  const run = (command: Command) => {
    if (!clock) return executeOwned(engine, state, command);
    const started = clock();
    const result = executeOwned(engine, state, command);
    commandMicros.push((clock() - started) * 1000);
    return result;
  };
  while (!state.finished) {
    if (++commands > maxCommands) throw new Error(`${engine.meta.id}: still running after ${maxCommands} commands`);
    at += stepMs;
    const seat = awaitedSeats(state.pending)[0];
    let result;
    if (seat === undefined) {
      at = Math.max(at, state.pending?.deadline ?? at);
      result = run({ type: 'timeout', at });
      timeouts++;
    } else {
      const level = options.bots[seat] ?? 'random';
      const move = botMove(engine, level, state, seat, botRng);
      result = run({ type: 'move', seat, move, at });
      moves++;
    }
    if (!result.ok) throw new Error(`${engine.meta.id}: bot command rejected (${result.code}): ${result.message}`);
    state = result.state;
    if (options.keepLog) log.push(...result.events);
  }
  return { state, commands, moves, timeouts, log, commandMicros };
}

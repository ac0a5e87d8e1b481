import {
  awaitedSeats,
  botMove,
  execute,
  legalMovesFor,
  mayAct,
  replay,
  Rng,
  rngStateFromSeed,
  viewFor,
  type BaseState,
  type BotLevel,
  type Command,
  type GameEngine,
  type GameEvent,
  type GameInit,
  type LoggedEvent,
  type Seat,
} from '../../core/engine/index.js';

/**
 * The checked play-out every game's property suite runs: one seeded bot game
 * in which, on a sample of its commands,
 * - the state handed to the engine (bots, legal moves, views, the command
 *   itself) is deep-frozen, so any write to an input throws;
 * - every listed legal move is accepted, the bot's move is among them, and a
 *   bent move and a move out of turn are refused, leaving the frozen state
 *   as it was;
 * - no one can tell the state from one where what they cannot see is dealt
 *   again (the game's `redeal`): their view and their legal moves stay;
 * and at the end the log replays to the same state. Game-specific invariants
 * (conservation, redaction) run through `afterCommand`. Plain throws, not
 * `expect`: this runs thousands of times per suite.
 */
export interface GameChecks<S extends BaseState, M, E extends GameEvent> {
  /** A move the rules must refuse, derived from a legal one (null: none to try). */
  bend(state: S, seat: Seat, move: M, rng: Rng): unknown;
  /** The game's own invariants after a command; `sampled` marks the commands the costly checks run on. */
  afterCommand?(state: S, events: readonly LoggedEvent<E>[], before: S, sampled: boolean): void;
}

export interface CheckedRun<O> {
  readonly init: GameInit<O>;
  readonly bots: readonly BotLevel[];
  readonly botSeed: string;
  /** About one command in this many is the engine's timeout instead of a move. */
  readonly timeoutOneIn: number;
  /** The costly checks run on every command of this many (and on the first ten). */
  readonly checkEvery: number;
  readonly maxCommands?: number;
}

export interface CheckedGame<S> {
  readonly state: S;
  readonly moves: number;
  readonly commands: number;
}

export function fail(message: string): never {
  throw new Error(message);
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const json = (value: unknown) => JSON.stringify(value);

function checkMoves<S extends BaseState, M, E extends GameEvent>(
  engine: GameEngine<S, M, E, unknown>,
  checks: GameChecks<S, M, E>,
  frozen: S,
  seat: Seat,
  move: M,
  rng: Rng,
  at: number,
): void {
  const before = json(frozen);
  const legal = engine.legalMoves(frozen, seat);
  const listed = new Set(legal.map(json));
  if (!listed.has(json(move))) fail(`the bot's move ${json(move)} is not among the legal moves`);
  for (const m of legal) {
    const result = execute(engine, frozen, { type: 'move', seat, move: m, at });
    if (!result.ok) fail(`legal move ${json(m)} refused: ${result.code}: ${result.message}`);
  }
  const bent = checks.bend(frozen, seat, move, rng);
  if (bent !== null && !listed.has(json(bent)) && execute(engine, frozen, { type: 'move', seat, move: bent, at }).ok) fail(`${json(bent)} accepted`);
  const idle = Array.from({ length: frozen.seats }, (_, s) => s).find((s) => !mayAct(frozen.pending, s));
  if (idle !== undefined && execute(engine, frozen, { type: 'move', seat: idle, move, at }).ok) fail(`seat ${idle} moved out of turn`);
  if (json(frozen) !== before) fail('a decided or refused move changed the state it was given');
}

function checkViewsIndependent<S extends BaseState, M, E extends GameEvent>(engine: GameEngine<S, M, E, unknown>, state: S, rng: Rng): void {
  if (state.finished) return;
  const viewers: (Seat | null)[] = [null, ...Array.from({ length: state.seats }, (_, s) => s)];
  for (const viewer of viewers) {
    const world = engine.redeal(state, viewer, rng);
    if (json(viewFor(engine, world, viewer)) !== json(viewFor(engine, state, viewer))) fail(`what ${viewer} cannot see shows in their view`);
    if (viewer !== null && json(legalMovesFor(engine, world, viewer)) !== json(legalMovesFor(engine, state, viewer)))
      fail(`what seat ${viewer} cannot see changes their legal moves`);
  }
}

export function playChecked<S extends BaseState, M, E extends GameEvent, O>(
  engine: GameEngine<S, M, E, O>,
  checks: GameChecks<S, M, E>,
  run: CheckedRun<O>,
): CheckedGame<S> {
  let state = engine.setup(run.init);
  const rng = new Rng(rngStateFromSeed(run.botSeed));
  const log: LoggedEvent<E>[] = [];
  const maxCommands = run.maxCommands ?? 5_000;
  let at = run.init.at;
  let moves = 0;
  let commands = 0;
  for (; !state.finished; commands++) {
    if (commands >= maxCommands) fail(`${engine.meta.id}: still running after ${maxCommands} commands`);
    at += 1000;
    const sampled = commands < 10 || commands % run.checkEvery === 0;
    // Every input of a sampled command is frozen: a write anywhere throws.
    if (sampled) deepFreeze(state);
    const seat = awaitedSeats(state.pending)[0];
    let command: Command;
    if (seat === undefined || rng.int(run.timeoutOneIn) === 0) {
      at = Math.max(at, state.pending?.deadline ?? at);
      command = { type: 'timeout', at, ...(state.pending ? { pendingId: state.pending.id } : {}) };
    } else {
      const move = botMove(engine, run.bots[seat] ?? 'random', state, seat, rng);
      if (sampled) checkMoves(engine as GameEngine<S, M, E, unknown>, checks, state, seat, move, rng, at);
      command = { type: 'move', seat, move, at };
      moves++;
    }
    const result = execute(engine, state, command);
    if (!result.ok) fail(`${json(command)} refused: ${result.code}: ${result.message}`);
    log.push(...result.events);
    checks.afterCommand?.(result.state, result.events, state, sampled);
    state = result.state;
    if (sampled) checkViewsIndependent(engine as GameEngine<S, M, E, unknown>, state, rng);
  }
  if (json(replay(engine, run.init, log)) !== json(state)) fail(`${engine.meta.id}: the log does not replay to the state`);
  return { state, moves, commands };
}

/**
 * The replay viewer's engine side: a finished game's record replayed once
 * with our own engine (core/, loaded only with this module), then any
 * commit's table and log shown as any seat saw them, without replaying again.
 */
import type { Commit, GameRecord, GameView, ValeriaClient } from '@valeria-tabletop/client';
import { redactFor, viewFor } from '../../../core/engine/index.js';
import { GAMES } from '../../../core/games/index.js';
import { presentTimes, replayable, replayRecord, tableGame, type Replay, type TableGame, type TableState } from '../../../core/table/index.js';
import { num, t } from '../i18n/i18n.js';

export interface ReplaySteps {
  readonly record: GameRecord;
  /** Commits in the game: step 0 is the table before the first, step n after commit n. */
  readonly commits: number;
  /** The table after `step` commits, as `seat` saw it (null: as anyone could). */
  viewAt(step: number, seat: number | null): GameView;
  /** The log up to `step`, as `seat` saw it. */
  logAt(step: number, seat: number | null): readonly Commit[];
}

/** Why a record cannot be replayed here, in words. */
export type NotReplayable = { readonly problem: string };

function stepsOf(record: GameRecord, engine: TableGame, replay: Replay): ReplaySteps {
  const states: readonly TableState[] = [replay.start, ...replay.commits.map((commit) => commit.state)];
  const header = {
    gameId: record.gameId,
    game: record.game,
    options: record.setup.options,
    deadlines: record.setup.deadlines,
    table: record.table,
    rated: record.rated,
    visibility: record.visibility,
    seats: record.seats,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    startedAt: record.setup.startedAt,
    seedHash: record.seedHash,
  };
  // Each seat's log is redacted once, when first asked for: a jump then only slices it.
  const logs = new Map<number | null, readonly Commit[]>();
  const logSeenBy = (seat: number | null): readonly Commit[] => {
    const known = logs.get(seat);
    if (known) return known;
    const log = replay.commits.map((commit, index) => {
      const { seq, at, actor } = record.commits[index]!;
      const events = commit.events.map((event) => redactFor(engine, event, seat)).filter((event) => event !== null && event !== undefined);
      // As the events route shows a commit to that seat.
      return { seq, at, actor, events: presentTimes(events) } as Commit;
    });
    logs.set(seat, log);
    return log;
  };
  return {
    record,
    commits: replay.commits.length,
    viewAt(step, seat) {
      const state = states[step] ?? states[0]!;
      // The engine's own view, which GET …/{id} serves under this type (Verify checks the end is the same).
      return {
        ...header,
        status: state.finished ? 'finished' : 'active',
        version: step,
        you: seat,
        state: presentTimes(viewFor(engine, state, seat)),
        clocks: null,
        absence: null,
        vacations: [],
      } as GameView;
    },
    logAt(step, seat) {
      return logSeenBy(seat).slice(0, step);
    },
  };
}

/** Reads the whole record of a finished game and replays it; a record that does not replay says why. */
export async function loadReplay(client: ValeriaClient, gameId: string): Promise<ReplaySteps | NotReplayable> {
  const record = await client.record(gameId);
  const whole = replayable(record);
  if (!whole) return { problem: t('replay.not-over') };
  const listing = GAMES.find((g) => g.meta.id === record.game);
  if (!listing) return { problem: t('replay.no-engine', { game: record.game }) };
  const engine = tableGame(await listing.engine());
  const replay = replayRecord(engine, whole);
  if (replay.divergence) return { problem: t('replay.diverges', { seq: num(replay.divergence.seq) }) };
  return stepsOf(record, engine, replay);
}

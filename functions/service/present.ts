import { legalMovesFor, redactFor, viewFor, type BaseState, type Deadlines, type LoggedEvent } from '../../core/engine/index.js';
import { awaySeats, isoInstant, presentTimes, type TableGame } from '../../core/table/index.js';
import type { Commit, GameHeader } from '../store/port.js';
import { presentClocks } from './clock-view.js';
import { RULES_BEFORE_TABLE_RULES } from './table-rules.js';
import { seatOf, type LiveGame } from './live-game.js';

/** A game's pace as clients read it: whole seconds, and each player's bank when the game has one. */
export const presentDeadlines = (deadlines: Deadlines) => presentTimes(deadlines);

/** A game's seats as anyone may see them. */
export function publicSeats(header: Pick<GameHeader, 'seats'>) {
  return header.seats.map((occupant, seat) => {
    if (occupant.kind === 'player')
      return {
        seat,
        kind: 'player' as const,
        playerId: occupant.playerId,
        name: occupant.name,
        ...(occupant.botAccount ? { botAccount: true as const } : {}),
      };
    if (occupant.kind === 'bot') return { seat, kind: 'bot' as const, level: occupant.level };
    return { seat, kind: 'empty' as const };
  });
}

/** The header as anyone may see it: never the seed before the end. */
export function publicHeader(header: GameHeader) {
  return {
    gameId: header.gameId,
    game: header.game,
    status: header.status,
    options: header.options,
    deadlines: presentDeadlines(header.deadlines),
    table: header.table ?? RULES_BEFORE_TABLE_RULES,
    seats: publicSeats(header),
    createdBy: header.createdBy,
    createdAt: isoInstant(header.createdAt),
    startedAt: header.startedAt === null ? null : isoInstant(header.startedAt),
    seedHash: header.seedHash,
    rated: header.rated === true,
    visibility: header.visibility ?? 'invite',
  };
}

/** The caller's view of a game at `now` (a spectator's when `viewerId` holds no seat). */
export function presentGame(live: LiveGame, viewerId: string, now: number) {
  return presentGameTo(live, seatOf(live.header, viewerId), now);
}

/** The view of a game at `now` from `seat` (a spectator's for null): what presentGame answers a viewer in that seat. */
export function presentGameTo(live: LiveGame, seat: number | null, now: number) {
  // From the state once there is one: the header's status is today's, and a view may be of an earlier version (the stream's).
  const status = live.state ? (live.state.finished ? 'finished' : 'active') : live.header.status;
  return {
    ...publicHeader(live.header),
    status,
    version: live.version,
    you: seat,
    state: live.state ? presentState(live.engine, live.state, seat) : null,
    clocks: live.state ? presentClocks(live.state, now) : null,
    absence: live.state?.absence ? { timeoutStreaks: live.state.absence.streak, seatsUnderBot: live.state.absence.replaced } : null,
    vacations: presentAway(awaySeats(live.state?.vacations, now)),
  };
}

/** Players away now, as views and inbox entries show them: the seat and when they are back. */
export const presentAway = (away: readonly { readonly seat: number; readonly backAt: number }[]) =>
  away.map(({ seat, backAt }) => ({ seat, until: isoInstant(backAt) }));

/** A seat's view of the state (a spectator's for null), instants as RFC 3339: the `state` of a game's view. */
export function presentState(engine: TableGame, state: BaseState, seat: number | null) {
  return presentTimes(viewFor(engine, state, seat));
}

/** A seat's legal moves now: none before the start, for a spectator, or when nothing awaits it. */
export function legalMovesOf(live: LiveGame, seat: number | null): unknown[] {
  return live.state && seat !== null ? legalMovesFor(live.engine, live.state, seat) : [];
}

export function presentLegalMoves(live: LiveGame, viewerId: string) {
  const seat = seatOf(live.header, viewerId);
  return { gameId: live.header.gameId, game: live.header.game, version: live.version, seat, moves: legalMovesOf(live, seat) };
}

/** One commit as a viewer may see it: who, when, and the events they may see. */
export function presentCommit(engine: TableGame, header: GameHeader, commit: Commit, viewerSeat: number | null) {
  const events = commit.events.map((event) => redactFor(engine, event as LoggedEvent, viewerSeat)).filter((event) => event !== null && event !== undefined);
  return { seq: commit.seq, at: isoInstant(commit.at), actor: publicActor(header, commit), events: presentTimes(events) };
}

/** Who made a commit, as anyone may see it: players by seat and id, bots and standing orders by seat, the game itself as `system`. */
export function publicActor(header: GameHeader, commit: Commit) {
  const command = commit.command as { type: string; seat?: number };
  if (command.type === 'timeout' || command.type === 'start' || command.type === 'replace') return { kind: 'system' as const };
  if (command.type === 'bot') return { kind: 'bot' as const, seat: command.seat as number };
  if (command.type === 'preference') return { kind: 'preference' as const, seat: command.seat as number };
  return { kind: 'player' as const, seat: command.seat as number, playerId: commit.actor };
}

export type PresentedCommit = ReturnType<typeof presentCommit>;

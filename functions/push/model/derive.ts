import { createHash } from 'node:crypto';
import type { ScoreSheet } from '../../../core/engine/index.js';
import type { AbsenceChange } from '../../../core/table/index.js';
import type { Commit, CommitSummary, GameHeader } from '../../store/port.js';
import type { GameNotice, Notification } from './schemas.js';

/**
 * Pure: what a durable commit tells whom. Each notification is addressed to
 * one seated player and holds only public facts or facts about that player's
 * own seat (a pending entry's id, kind and deadline; final scores, public at
 * the end) — never an event body, so no card, plan, bid or duke can leak.
 */

export interface CommitFacts {
  readonly header: GameHeader;
  readonly title: string;
  /** The summary of the commit before (null for the first). */
  readonly previous: CommitSummary | null;
  readonly commit: Commit;
  /** The final score sheet, when this commit ended the game. */
  readonly result: ScoreSheet | null;
}

export interface Addressed {
  readonly playerId: string;
  readonly notification: Notification;
}

export interface Derived {
  readonly notifications: readonly Addressed[];
  readonly notices: readonly GameNotice[];
  /**
   * Ids of notifications and notices kept from the push channels (webhooks,
   * a stream's lone notification messages): stored in the feed as any
   * other (as far as it keeps them), riding in their commit's message, but
   * not sent on their own (an undo's turn announcements, past its game's
   * allowance of the minute).
   */
  readonly held?: ReadonlySet<string>;
}

/** The kinds that announce a turn: the ones a submit/undo loop would repeat. */
export const TURN_TYPES: ReadonlySet<string> = new Set(['your-turn', 'game.turn']);

/** Whether a notification or notice goes out on the push channels on its own. */
export const sendable = (derived: Derived, message: { readonly id: string }) => !derived.held?.has(message.id);

/** A stable id: the same facts always give the same id, so a redelivery is recognised. */
export function derivedId(prefix: string, ...parts: readonly (string | number)[]): string {
  return `${prefix}_${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 22)}`;
}

/** The seats whose players are told: a deleted account is told nothing (nothing may be stored under it again). */
export function playerSeats(header: GameHeader): { seat: number; playerId: string }[] {
  return header.seats.flatMap((occupant, seat) => (occupant.kind === 'player' && !occupant.deleted ? [{ seat, playerId: occupant.playerId }] : []));
}

function seatName(header: GameHeader, seat: number): string | null {
  const occupant = header.seats[seat];
  return occupant?.kind === 'player' ? occupant.name : null;
}

/** The badges a notification shows beside a seat's name: a bot account's, a deleted account's. */
function seatBadges(header: GameHeader, seat: number) {
  const occupant = header.seats[seat];
  if (occupant?.kind !== 'player') return {};
  return { ...(occupant.botAccount ? { botAccount: true as const } : {}), ...(occupant.deleted ? { accountDeleted: true as const } : {}) };
}

export function endedNow(facts: Pick<CommitFacts, 'previous' | 'commit'>): boolean {
  return facts.commit.summary.status === 'finished' && facts.previous?.status !== 'finished';
}

/** Seats newly asked to act by this commit: a new pending entry, or a seat that joins the awaited ones. */
export function newlyAwaited(previous: CommitSummary | null, now: CommitSummary): number[] {
  if (now.status !== 'active' || now.pendingId === null) return [];
  const samePending = previous?.pendingId === now.pendingId;
  return now.awaiting.filter((seat) => !samePending || !previous.awaiting.includes(seat));
}

/** Seats a timeout answered for: those awaited before it, less those a late part (a vacation) keeps the same entry waiting for. */
export function timedOutSeats(previous: CommitSummary, now: CommitSummary): number[] {
  const stillAwaited = now.pendingId === previous.pendingId ? now.awaiting : [];
  return previous.awaiting.filter((seat) => !stillAwaited.includes(seat));
}

/** A seat's own deadline: its late part's in a shared window when a vacation gave it one. */
const ownDeadline = (summary: CommitSummary, seat: number, deadline: number) => summary.lateParts?.find((part) => part.seat === seat)?.deadline ?? deadline;

export function deriveNotifications(facts: CommitFacts): Derived {
  return { notifications: notificationsOf(facts, playerSeats(facts.header)), notices: deriveNotices(facts) };
}

/** What a commit tells one player alone (a request's author, in its answer): nothing is built for anyone else. */
export function notificationsFor(facts: CommitFacts, playerId: string): Addressed[] {
  return notificationsOf(
    facts,
    playerSeats(facts.header).filter((s) => s.playerId === playerId),
  );
}

/** The notifications a commit addresses to the players in `seats`. */
function notificationsOf(facts: CommitFacts, seats: readonly { seat: number; playerId: string }[]): Addressed[] {
  const { header, title, previous, commit } = facts;
  const { gameId, game } = header;
  const at = new Date(commit.at).toISOString();
  const command = commit.command as { type?: string; pendingId?: string };
  const out: Addressed[] = [];
  const to = (
    seat: number,
    build: (ref: { id: string; at: string; gameId: string; game: string; title: string; seat: number }, playerId: string) => Notification,
    type: string,
  ) => {
    const player = seats.find((s) => s.seat === seat);
    if (!player) return; // bots, empty seats and players not asked about are not told anything
    out.push({
      playerId: player.playerId,
      notification: build({ id: derivedId('n', gameId, commit.seq, type, player.playerId), at, gameId, game, title, seat }, player.playerId),
    });
  };

  if (command.type === 'start') for (const { seat } of seats) to(seat, (ref) => ({ ...ref, type: 'game-started', version: commit.seq }), 'game-started');
  if (command.type === 'timeout' && previous)
    for (const seat of timedOutSeats(previous, commit.summary))
      to(seat, (ref) => ({ ...ref, type: 'timed-out', pendingId: command.pendingId ?? previous.pendingId ?? '', version: commit.seq }), 'timed-out');
  const { deadline, pendingId, pendingKind } = commit.summary;
  if (deadline !== null && pendingId !== null)
    for (const seat of newlyAwaited(previous, commit.summary))
      to(
        seat,
        (ref) => ({
          ...ref,
          type: 'your-turn',
          pending: {
            id: pendingId,
            ...(pendingKind ? { kind: pendingKind } : {}),
            deadline: new Date(ownDeadline(commit.summary, seat, deadline)).toISOString(),
          },
          version: commit.seq,
        }),
        'your-turn',
      );
  const handover = seatHandover(commit);
  if (handover) {
    const named = { seat: handover.seat, name: seatName(header, handover.seat) ?? '', ...seatBadges(header, handover.seat) };
    for (const { seat } of seats)
      to(
        seat,
        (ref) =>
          handover.kind === 'replaced'
            ? { ...ref, type: 'seat-replaced', version: commit.seq, replaced: { ...named, afterTimeouts: handover.afterTimeouts } }
            : { ...ref, type: 'seat-reclaimed', version: commit.seq, reclaimed: named },
        `seat-${handover.kind}`,
      );
  }
  if (endedNow(facts) && facts.result) {
    const result = { scores: facts.result.scores, winners: facts.result.winners };
    for (const { seat } of seats) to(seat, (ref) => ({ ...ref, type: 'game-ended', version: commit.seq, result }), 'game-ended');
  }
  return out;
}

/**
 * A player took a seat: read from the header the seat's own write stored
 * (its `lastJoin`, when that write is this header's revision — a later
 * write carries it along and tells nothing), each player seated before is
 * told who and where (public facts). Ids derive from game, seat, joiner and
 * addressee, and the time from the join, so deriving it twice (a stream
 * record redelivered) rewrites the same items.
 */
export function deriveJoined(header: GameHeader, title: string): Addressed[] {
  const join = header.lastJoin;
  if (join?.revision !== header.revision) return [];
  const { seat } = join;
  const joiner = header.seats[seat];
  if (joiner?.kind !== 'player') return [];
  const { gameId, game } = header;
  return playerSeats(header)
    .filter((s) => s.seat !== seat)
    .map(({ seat: addresseeSeat, playerId }) => ({
      playerId,
      notification: {
        id: derivedId('n', gameId, 'player-joined', seat, joiner.playerId, playerId),
        at: new Date(join.at).toISOString(),
        type: 'player-joined' as const,
        gameId,
        game,
        title,
        seat: addresseeSeat,
        joined: { seat, name: joiner.name, ...(joiner.botAccount ? { botAccount: true as const } : {}) },
      },
    }));
}

/** A seat handed to the greedy bot or taken back in this commit (core/table/absence.ts): public, like the seat itself. */
function seatHandover(commit: Commit): AbsenceChange | null {
  for (const event of commit.events as readonly { type: string; change?: AbsenceChange }[]) if (event.type === 'absence' && event.change) return event.change;
  return null;
}

/** Game-scope notices: only what anyone watching the table could say aloud. */
function deriveNotices(facts: CommitFacts): GameNotice[] {
  const { header, title, previous, commit } = facts;
  const base = (type: GameNotice['type']) => ({
    id: derivedId('gn', header.gameId, commit.seq, type),
    at: new Date(commit.at).toISOString(),
    gameId: header.gameId,
    game: header.game,
    title,
    version: commit.seq,
  });
  const notices: GameNotice[] = [];
  const command = commit.command as { type?: string };
  if (command.type === 'start') notices.push({ ...base('game.started'), type: 'game.started' });
  const { deadline, pendingId } = commit.summary;
  if (deadline !== null && pendingId !== null && newlyAwaited(previous, commit.summary).length > 0)
    notices.push({
      ...base('game.turn'),
      type: 'game.turn',
      awaiting: commit.summary.awaiting.map((seat) => ({ seat, name: seatName(header, seat) })),
      pendingId,
      deadline: new Date(deadline).toISOString(),
    });
  if (endedNow(facts) && facts.result)
    notices.push({
      ...base('game.ended'),
      type: 'game.ended',
      scores: facts.result.scores,
      winners: facts.result.winners.map((seat) => ({ seat, name: seatName(header, seat) })),
    });
  return notices;
}

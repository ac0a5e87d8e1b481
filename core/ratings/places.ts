import type { ScoreSheet, Seat } from '../engine/index.js';

/** Who sat in a seat when the game ended, as far as ratings care. */
export type FinalOccupant = { readonly kind: 'person'; readonly playerId: string } | { readonly kind: 'bot' };

/** A finished game as ratings read it. */
export interface FinishedTable {
  /** Whether the table was created rated. */
  readonly rated: boolean;
  readonly seats: readonly FinalOccupant[];
  readonly score: Pick<ScoreSheet, 'scores' | 'winners'>;
  /** Seats that ended under the replacement bot (their player was absent). */
  readonly replaced: readonly Seat[];
}

/** One person's finishing place: 1 is first; equal places are ties. */
export interface Placing {
  readonly playerId: string;
  readonly seat: Seat;
  readonly place: number;
  /** The seat ended under the replacement bot: placed last, whatever the bot scored. */
  readonly absent: boolean;
}

export type UnratedReason = 'table-unrated' | 'solo' | 'bots' | 'same-player-twice' | 'nobody-finished';

export type RatedOutcome = { readonly rated: true; readonly placings: readonly Placing[] } | { readonly rated: false; readonly reason: UnratedReason };

/**
 * The finishing places of a finished game, or why it is not rated. Not
 * rated: a table created unrated, a solo game (so VK-R7's solo tie never
 * is), a game with a bot seated from the start (bots have no rating to
 * measure against), the same person in two seats, or a table every person
 * left to the replacement bot.
 *
 * Places: the winners after the game's own tie-breaks share first place
 * (VK-R1's shared victory is a tie for first); the other players who
 * finished follow by score, equal scores sharing a place (the score sheet
 * carries tie-breaks for first place only). A seat that ended under the
 * replacement bot is a last place for its absent player, tied with any other
 * such seat; the players who stayed are placed among themselves as above,
 * above every absent one — as if the absent had resigned: the bot's play
 * after they left neither earns them a place nor costs the others one, and
 * beating someone who left tells little about skill, which the shared last
 * place keeps to one step down the order.
 */
export function ratedOutcome(table: FinishedTable): RatedOutcome {
  if (!table.rated) return { rated: false, reason: 'table-unrated' };
  if (table.seats.length < 2) return { rated: false, reason: 'solo' };
  const people = table.seats.flatMap((occupant, seat) => (occupant.kind === 'person' ? [{ playerId: occupant.playerId, seat }] : []));
  if (people.length < table.seats.length) return { rated: false, reason: 'bots' };
  if (new Set(people.map((p) => p.playerId)).size < people.length) return { rated: false, reason: 'same-player-twice' };
  const stayed = people.filter(({ seat }) => !table.replaced.includes(seat));
  if (stayed.length === 0) return { rated: false, reason: 'nobody-finished' };
  const winners = new Set(table.score.winners);
  // Lower sorts first: winners, then by score, highest first.
  const order = (seat: Seat): [number, number] => [winners.has(seat) ? 0 : 1, -(table.score.scores[seat] ?? 0)];
  const placeOf = (seat: Seat) => {
    const [group, points] = order(seat);
    return (
      1 +
      stayed.filter((other) => {
        const [g, p] = order(other.seat);
        return g < group || (g === group && p < points);
      }).length
    );
  };
  const placings = people.map(({ playerId, seat }): Placing => {
    const absent = !stayed.some((p) => p.seat === seat);
    return { playerId, seat, place: absent ? stayed.length + 1 : placeOf(seat), absent };
  });
  return { rated: true, placings };
}

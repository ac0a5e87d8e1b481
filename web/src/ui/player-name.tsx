import type { GameHeader } from '@valeria-tabletop/client';
import { seatName } from './seats.js';

type Seat = GameHeader['seats'][number];

/** A badge beside a bot account's name: a program plays it, answered for by a person. */
export const BotBadge = () => <span class="badge">bot</span>;

/** How a seat is named wherever it is shown: a player's name links to their profile (a bot account's badged); bots and empty seats are named. */
export function SeatName({ seat, you = false }: { seat: Seat | undefined; you?: boolean }) {
  if (seat?.kind !== 'player') return <>{`${seatName(seat)}${you ? ' (you)' : ''}`}</>;
  return (
    <>
      <a href={`/players/${seat.playerId}`}>{seat.name}</a>
      {seat.botAccount && <BotBadge />}
      {you && ' (you)'}
    </>
  );
}

/** Several seats named in a sentence: "Ann, Ben and Bot 3 (greedy)". */
export function SeatNames({ seats }: { seats: readonly Seat[] }) {
  return (
    <>
      {seats.map((seat, i) => (
        <span key={seat.seat}>
          {i === 0 ? '' : i === seats.length - 1 ? ' and ' : ', '}
          <SeatName seat={seat} />
        </span>
      ))}
    </>
  );
}

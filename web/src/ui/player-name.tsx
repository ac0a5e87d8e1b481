import type { GameHeader } from '@valeria-tabletop/client';
import { seatName } from './seats.js';
import { t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';

type Seat = GameHeader['seats'][number];

/** A badge beside a bot account's name: a program plays it, answered for by a person. */
export const BotBadge = () => <span class="badge">{t('seat.bot-badge')}</span>;

/**
 * How a seat is named wherever it is shown: a player's name links to their
 * profile (a bot account's badged); bots and empty seats are named. A
 * player's name is isolated (<bdi>): a Latin name in a Persian line, or a
 * Persian one in an English line, keeps the line's order around it.
 */
export function SeatName({ seat, you = false }: { seat: Seat | undefined; you?: boolean }) {
  if (seat?.kind !== 'player') return <>{you ? t('seat.you-suffix', { name: seatName(seat) }) : seatName(seat)}</>;
  const named = (
    <>
      <a href={`/players/${seat.playerId}`}>
        <bdi>{seat.name}</bdi>
      </a>
      {seat.botAccount && <BotBadge />}
    </>
  );
  return <>{you ? tNodes('seat.you-suffix', { name: named }) : named}</>;
}

/** Several seats named in a sentence: "Ann, Ben and Bot 3 (greedy)" ("Ann، Ben و …" in Persian). */
export function SeatNames({ seats }: { seats: readonly Seat[] }) {
  return (
    <>
      {seats.map((seat, i) => (
        <span key={seat.seat}>
          {i === 0 ? '' : i === seats.length - 1 ? ` ${t('list.and-word')} ` : t('list.comma')}
          <SeatName seat={seat} />
        </span>
      ))}
    </>
  );
}

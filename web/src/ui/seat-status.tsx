import type { GameView } from '@valeria-tabletop/client';
import { Countdown, timeLeft } from './countdown.js';
import { when } from './when.js';
import { t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';

/**
 * What the table says of a seat beyond the game itself: its time bank (live
 * for the one running down), a vacation, the bot playing it for an absent player.
 */
export function SeatStatus({ view, seat }: { view: GameView; seat: number }) {
  const clock = view.clocks?.seats.find((c) => c.seat === seat);
  const away = view.vacations.find((v) => v.seat === seat);
  const underBot = view.absence?.seatsUnderBot.includes(seat) ?? false;
  return (
    <>
      {clock && (
        <span class={clock.running ? 'clock running' : 'clock'}>
          {' · '}
          {clock.running && clock.runsOutAt
            ? tNodes('status.bank-running', { left: <Countdown deadline={Date.parse(clock.runsOutAt)} /> })
            : t('status.bank', { left: timeLeft(clock.bankSeconds * 1000) })}
        </span>
      )}
      {away && <span class="away"> · {t('status.away', { until: when(away.until) })}</span>}
      {underBot && <strong class="under-bot"> · {t('status.under-bot')}</strong>}
    </>
  );
}

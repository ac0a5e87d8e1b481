import type { Notification } from '@valeria-tabletop/client';
import { num, t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';
import { timeLeft } from './countdown.js';
import { gameTitle } from './seats.js';

/** "2 h 05 min left", or that the time is up (an old notification read later). */
function left(deadline: string): string {
  const ms = Date.parse(deadline) - Date.now();
  return ms > 0 ? t('notice.left', { left: timeLeft(ms) }) : t('notice.time-up');
}

/** A notification in words, with a link to where it leads (the game's table, or the webhooks page); names isolated (<bdi>). */
export function Notice({ notification: n }: { notification: Notification }) {
  if (n.type === 'webhook-disabled')
    return (
      <>
        {tNodes('notice.webhook-disabled', {
          webhook: <a href="/webhooks">{t('notice.webhook')}</a>,
          url: <bdi dir="ltr">{n.url}</bdi>,
          reason: n.reason,
        })}
      </>
    );
  const game = <a href={`/g/${n.gameId}`}>{gameTitle(n.game)}</a>;
  switch (n.type) {
    case 'your-turn':
      return <>{tNodes('notice.your-turn', { game, left: left(n.pending.deadline) })}</>;
    case 'deadline-soon':
      return <>{tNodes('notice.deadline-soon', { game, left: left(n.pending.deadline) })}</>;
    case 'timed-out':
      return <>{tNodes('notice.timed-out', { game })}</>;
    case 'game-started':
      return <>{tNodes('notice.game-started', { game })}</>;
    case 'player-joined':
      return <>{tNodes('notice.player-joined', { game, name: <bdi>{n.joined.name}</bdi> })}</>;
    case 'seat-replaced':
      return n.replaced.seat === n.seat ? (
        <>{tNodes('notice.you-replaced', { game, count: n.replaced.afterTimeouts })}</>
      ) : (
        <>{tNodes('notice.other-replaced', { game, count: n.replaced.afterTimeouts, name: <bdi>{n.replaced.name}</bdi> })}</>
      );
    case 'seat-reclaimed':
      return n.reclaimed.seat === n.seat ? (
        <>{tNodes('notice.you-reclaimed', { game })}</>
      ) : (
        <>{tNodes('notice.other-reclaimed', { game, name: <bdi>{n.reclaimed.name}</bdi> })}</>
      );
    case 'game-ended': {
      const won = n.result.winners.includes(n.seat);
      const verdict = !won ? 'lost' : n.result.winners.length > 1 ? 'shared' : 'won';
      return <>{tNodes('notice.game-ended', { game, verdict, points: num(n.result.scores[n.seat] ?? 0) })}</>;
    }
  }
}

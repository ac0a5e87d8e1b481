import type { Notification } from '@valeria-tabletop/client';
import { timeLeft } from './countdown.js';
import { missedMoves } from './kit-events.js';

/** "2 h 05 min left", or that the time is up (an old notification read later). */
function left(deadline: string): string {
  const ms = Date.parse(deadline) - Date.now();
  return ms > 0 ? `${timeLeft(ms)} left` : 'the time is up';
}

/** A notification in words, with a link to where it leads (the game's table, or the webhooks page). */
export function Notice({ notification: n }: { notification: Notification }) {
  if (n.type === 'webhook-disabled')
    return (
      <>
        Your <a href="/webhooks">webhook</a> to {n.url} was disabled: {n.reason}.
      </>
    );
  const game = <a href={`/g/${n.gameId}`}>{n.title}</a>;
  switch (n.type) {
    case 'your-turn':
      return (
        <>
          Your move in {game}: {left(n.pending.deadline)}.
        </>
      );
    case 'deadline-soon':
      return (
        <>
          Time is running out in {game}: {left(n.pending.deadline)}.
        </>
      );
    case 'timed-out':
      return <>Time ran out for a move in {game}.</>;
    case 'game-started':
      return <>{game} has started.</>;
    case 'player-joined':
      return (
        <>
          {n.joined.name} joined {game}.
        </>
      );
    case 'seat-replaced':
      return n.replaced.seat === n.seat ? (
        <>
          You missed {missedMoves(n.replaced.afterTimeouts)} in {game}: the bot plays your seat until you take it back.
        </>
      ) : (
        <>
          {n.replaced.name} missed {missedMoves(n.replaced.afterTimeouts)} in {game}: the bot plays their seat.
        </>
      );
    case 'seat-reclaimed':
      return n.reclaimed.seat === n.seat ? (
        <>You took your seat back in {game}.</>
      ) : (
        <>
          {n.reclaimed.name} took their seat back from the bot in {game}.
        </>
      );
    case 'game-ended': {
      const won = n.result.winners.includes(n.seat);
      const verdict = !won ? 'you did not win' : n.result.winners.length > 1 ? 'you share the win' : 'you won';
      return (
        <>
          {game} is over: {verdict} with {n.result.scores[n.seat] ?? 0} points.
        </>
      );
    }
  }
}

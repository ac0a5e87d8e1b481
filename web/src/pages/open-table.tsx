import type { GameView, Player, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { explain } from '../ui/errors.js';
import { SeatName } from '../ui/player-name.js';
import { Alert } from '../ui/alert.js';

/**
 * A game waiting for players: who sits where, the invite link (opening it
 * takes a free seat), and, for the creator, bots to fill the empty seats.
 */
export function OpenTable({
  view,
  me,
  client,
  title,
  onChange,
}: {
  view: GameView;
  me: Player;
  client: ValeriaClient;
  title: string;
  onChange(): Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seated = view.seats.some((s) => s.kind === 'player' && s.playerId === me.playerId);
  const hasRoom = view.seats.some((s) => s.kind === 'empty');
  const invite = `${location.origin}/g/${view.gameId}`;

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await onChange();
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setBusy(false);
    }
  };

  // The invite link joins when opened.
  useEffect(() => {
    if (!seated && hasRoom) void act(() => client.join(view.gameId));
  }, [seated, hasRoom]);

  return (
    <section class="panel">
      <h1>{title}: waiting for players</h1>
      <p>The game starts when every seat is taken.</p>
      <h2>Seats</h2>
      <ol class="seats">
        {view.seats.map((s) => (
          <li key={s.seat}>
            <SeatName seat={s} you={s.kind === 'player' && s.playerId === me.playerId} />
          </li>
        ))}
      </ol>
      <h2>Invite a friend</h2>
      <p>Send this link; opening it takes a free seat.</p>
      <p class="token">
        <label for="invite">Invite link</label>
        <input id="invite" readOnly value={invite} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={() => void navigator.clipboard?.writeText(invite).catch(() => undefined)}>
          Copy link
        </button>
      </p>
      {view.createdBy === me.playerId && hasRoom && (
        <>
          <h2>Or play against bots</h2>
          <p>
            <button type="button" disabled={busy} onClick={() => act(() => client.addBot(view.gameId, 'greedy'))}>
              Fill a seat with a greedy bot
            </button>{' '}
            <button type="button" class="secondary" disabled={busy} onClick={() => act(() => client.addBot(view.gameId, 'random'))}>
              Fill a seat with a random bot
            </button>
          </p>
        </>
      )}
      <Alert message={error} />
    </section>
  );
}

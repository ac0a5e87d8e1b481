import type { GameView, Player, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { explain } from '../ui/errors.js';
import { SeatName } from '../ui/player-name.js';
import { Alert } from '../ui/alert.js';
import { t } from '../i18n/i18n.js';

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
      <h1>{t('openTable.title', { game: title })}</h1>
      <p>{t('openTable.starts')}</p>
      <h2>{t('openTable.seats')}</h2>
      <ol class="seats">
        {view.seats.map((s) => (
          <li key={s.seat}>
            <SeatName seat={s} you={s.kind === 'player' && s.playerId === me.playerId} />
          </li>
        ))}
      </ol>
      <h2>{t('openTable.invite')}</h2>
      <p>{t('openTable.send')}</p>
      <p class="token">
        <label for="invite">{t('openTable.link')}</label>
        <input id="invite" dir="ltr" readOnly value={invite} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={() => void navigator.clipboard?.writeText(invite).catch(() => undefined)}>
          {t('openTable.copy')}
        </button>
      </p>
      {view.createdBy === me.playerId && hasRoom && (
        <>
          <h2>{t('openTable.bots')}</h2>
          <p>
            <button type="button" disabled={busy} onClick={() => act(() => client.addBot(view.gameId, 'greedy'))}>
              {t('openTable.greedy')}
            </button>{' '}
            <button type="button" class="secondary" disabled={busy} onClick={() => act(() => client.addBot(view.gameId, 'random'))}>
              {t('openTable.random')}
            </button>
          </p>
        </>
      )}
      <Alert message={error} />
    </section>
  );
}

import { ProblemError, type Commit, type GameView, type ValeriaClient } from '@valeria-tabletop/client';
import { useState } from 'preact/hooks';
import { t } from '../i18n/i18n.js';

/** Whether `commit` is a move `seat`'s player made themselves (not an undo, a vacation or a seat taken back): the only kind undo may take back. */
function isOwnMove(commit: Commit | undefined, seat: number): commit is Commit {
  if (!commit || commit.actor.kind !== 'player' || commit.actor.seat !== seat) return false;
  return !commit.events.some(
    (event) => event.type === 'undone' || event.type === 'vacation' || (event.type === 'absence' && 'change' in event && event.change),
  );
}

/**
 * What a seated player may do besides moving: take their seat back from the
 * bot, and take back their latest move where the table allows undo. The API
 * decides whether the move revealed anything; its refusal (and reason) is
 * shown by the page like any other.
 */
export function SeatControls(props: {
  view: GameView;
  you: number;
  log: readonly Commit[];
  client: ValeriaClient;
  busy: boolean;
  run(send: () => Promise<unknown>): void;
}) {
  const { view, you, log, client, busy, run } = props;
  // A version the API refused to undo stays refused: the button goes, its reason stays shown.
  const [refused, setRefused] = useState<number | null>(null);
  const latest = log.at(-1);
  const undoable = view.table.undo && latest?.seq === view.version && view.version !== refused && isOwnMove(latest, you);
  const undo = (version: number) =>
    run(() =>
      client.undo(view.gameId, version).catch((failure: unknown) => {
        if (failure instanceof ProblemError && failure.code === 'undo-not-allowed') setRefused(version);
        throw failure;
      }),
    );
  const underBot = view.absence?.seatsUnderBot.includes(you) ?? false;
  if (!undoable && !underBot) return null;
  return (
    <div class="seat-controls">
      {underBot && (
        <p>
          {t('seatControls.bot-plays')}{' '}
          <button type="button" disabled={busy} onClick={() => run(() => client.reclaim(view.gameId))}>
            {t('seatControls.reclaim')}
          </button>
        </p>
      )}
      {undoable && (
        <p>
          <button type="button" class="secondary" disabled={busy} onClick={() => undo(view.version)}>
            {t('seatControls.undo')}
          </button>
        </p>
      )}
    </div>
  );
}

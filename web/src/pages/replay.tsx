import type { ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import type { GameTable } from '../games/table.js';
import { session } from '../session.js';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { gameTitle, seatNames } from '../ui/seats.js';
import type { ReplaySteps } from '../verify/replay-steps.js';
import { TABLES } from './game.js';
import { language, t } from '../i18n/i18n.js';
import { GameLog } from './log.js';

interface Loaded {
  readonly steps: ReplaySteps;
  readonly table: GameTable;
}

/** The replay's address at a commit: a link that opens there. */
const pathAt = (gameId: string, step: number) => `/g/${gameId}/replay/${step}`;

async function load(client: ValeriaClient, gameId: string): Promise<Loaded | string> {
  const [{ loadReplay }, record] = await Promise.all([import('../verify/replay-steps.js'), client.view(gameId)]);
  const [steps, table] = await Promise.all([loadReplay(client, gameId), TABLES[record.view.game](client)]);
  return 'problem' in steps ? steps.problem : { steps, table };
}

/**
 * A finished game, commit by commit: the table as it was after any commit,
 * seen by anyone or by one player (every hand is public once the game is
 * over), and the log up to there beside it. The game is replayed once when
 * the page opens; a jump only shows a state already rebuilt.
 */
export function ReplayPage({ gameId, seq }: { gameId: string; seq: number | null }) {
  const client = session.use()?.client;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(seq ?? 0);
  const [seenBy, setSeenBy] = useState<number | null>(null);

  useEffect(() => {
    if (!client) return;
    let live = true;
    load(client, gameId)
      .then((result) => {
        if (!live) return;
        if (typeof result === 'string') setError(result);
        else {
          setLoaded(result);
          setStep((at) => Math.min(at, result.steps.commits));
        }
      })
      .catch((failure) => live && setError(explain(failure)));
    return () => {
      live = false;
    };
  }, [client, gameId]);

  // The address follows the commit shown, so it can be copied and opens there.
  useEffect(() => {
    if (loaded) history.replaceState(null, '', pathAt(gameId, step));
  }, [loaded, gameId, step]);

  if (error) return <Alert message={error} />;
  if (!loaded) return <p aria-busy="true">{t('replay.loading')}</p>;
  const { steps, table } = loaded;
  const view = steps.viewAt(step, seenBy);
  const names = seatNames(view.seats);
  const seated = table.seat(view, null, names);
  const last = steps.commits;
  const go = (to: number) => setStep(Math.max(0, Math.min(last, to)));
  const commit = step === 0 ? null : steps.record.commits[step - 1];

  return (
    <div class="game replay" data-game={view.game}>
      <h1>
        {gameTitle(view.game)}{' '}
        <small class="muted">
          {t('replay.of')} <bdi dir="ltr">{gameId}</bdi>
        </small>
      </h1>
      <nav class="replay-controls" aria-label={t('page.replay')}>
        <button type="button" onClick={() => go(0)} disabled={step === 0}>
          {t('replay.start')}
        </button>
        <button type="button" onClick={() => go(step - 1)} disabled={step === 0}>
          {t('replay.previous')}
        </button>
        <label>
          {t('replay.commit')}{' '}
          <input
            type="range"
            min={0}
            max={last}
            value={step}
            onInput={(event) => go(Number(event.currentTarget.value))}
            aria-valuetext={t('replay.step-of', { step, last })}
          />
        </label>
        <label>
          {t('replay.jump')} <input type="number" min={0} max={last} value={step} onChange={(event) => go(Number(event.currentTarget.value))} />
        </label>
        <button type="button" onClick={() => go(step + 1)} disabled={step === last}>
          {t('replay.next')}
        </button>
        <button type="button" onClick={() => go(last)} disabled={step === last}>
          {t('replay.end')}
        </button>
        <label>
          {t('replay.seen-by')}{' '}
          <select value={seenBy ?? ''} onChange={(event) => setSeenBy(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}>
            <option value="">{t('replay.everyone')}</option>
            {names.map((name, seat) => (
              <option key={seat} value={seat}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </nav>
      <p role="status" data-testid="replay-position">
        {commit
          ? t('replay.after', {
              step,
              last,
              at: new Date(commit.at).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' }),
            })
          : t('replay.before', { last })}
      </p>
      <div class="table-layout">
        <section class="board" aria-label={t('game.the-table')}>
          <ul class="scoreboard" aria-label={t('game.players')}>
            {names.map((name, seat) => (
              <li key={seat} class={view.state?.awaiting.includes(seat) ? 'awaited' : ''}>
                <strong>
                  <bdi>{name}</bdi>
                </strong>
                {view.state?.awaiting.includes(seat) ? ` · ${t('game.to-move')}` : ''} · {seated?.summary(seat)}
              </li>
            ))}
          </ul>
          {seated?.board}
        </section>
        <aside class="side">
          <p>
            <a href={`/g/${gameId}`}>{t('replay.back')}</a>
          </p>
          <GameLog commits={steps.logAt(step, seenBy)} names={names} table={table} />
        </aside>
      </div>
    </div>
  );
}

import type { GameView, ValeriaClient } from '@valeria-tabletop/client';
import { useState } from 'preact/hooks';
import type { Seated } from '../games/table.js';
import type { Check } from '../verify/replay.js';
import { explain } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { SeatName } from '../ui/player-name.js';
import { isolate, num, t } from '../i18n/i18n.js';

/** The end: scores, the winner, and a replay of the whole log in this browser with the revealed seed. */
export function EndScreen({ view, names, seated, client }: { view: GameView; names: readonly string[]; seated: Seated; client: ValeriaClient }) {
  const sheet = view.state?.score;
  const [checks, setChecks] = useState<Check[] | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const winners = sheet?.winners.map((seat) => (seat === view.you ? t('end.you') : isolate(names[seat] ?? ''))) ?? [];
  return (
    <section class="end panel" aria-label={t('end.result')}>
      <h2 id="result" tabIndex={-1}>
        {winners.length === 0
          ? t('end.over')
          : winners.length === 1
            ? t('end.won', { who: winners[0] ?? '', you: sheet?.winners[0] === view.you ? 'yes' : 'no' })
            : t('end.shared', { who: winners.join(` ${t('list.and-word')} `) })}
      </h2>
      {sheet?.verdict && <p>{sheet.verdict}</p>}
      {sheet && (
        <table>
          <caption>{t('end.final-scores')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('end.player')}</th>
              <th scope="col">{t('end.score')}</th>
              <th scope="col">{t('end.details')}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.scores.map((score, seat) => (
              <tr key={seat} class={sheet.winners.includes(seat) ? 'winner' : ''}>
                <th scope="row">
                  <SeatName seat={view.seats[seat]} you={seat === view.you} />
                </th>
                <td>{num(score)}</td>
                <td>{seated.scoreDetail(seat) ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <a href={`/g/${view.gameId}/replay`}>{t('end.replay')}</a>
      </p>
      <h3>{t('end.fair')}</h3>
      <p>{t('end.fair-text')}</p>
      <button
        type="button"
        disabled={running}
        onClick={async () => {
          setRunning(true);
          setError(null);
          try {
            const { verifyGame } = await import('../verify/replay.js');
            setChecks(await verifyGame(client, view));
          } catch (failure) {
            setError(explain(failure));
          } finally {
            setRunning(false);
          }
        }}
      >
        {running ? t('end.replaying') : t('end.verify')}
      </button>
      {checks && (
        <ul class="checks" aria-label={t('end.verification')}>
          {checks.map((check) => (
            <li key={check.what} class={check.ok ? 'ok' : 'bad'}>
              {check.ok ? '✔' : '✘'} {check.what}
              {check.detail ? `: ${check.detail}` : ''}
            </li>
          ))}
        </ul>
      )}
      {checks && (
        <p role="status" data-testid="verdict">
          {checks.every((c) => c.ok) ? t('end.verified') : t('end.failed')}
        </p>
      )}
      <Alert message={error} />
    </section>
  );
}

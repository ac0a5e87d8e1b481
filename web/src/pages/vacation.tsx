import type { ValeriaClient, Vacation, VacationChange } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { when } from '../ui/when.js';
import { language, t } from '../i18n/i18n.js';

/** "2026-11-27": a date input's value for a day from today, in the player's own calendar. */
function dayFromNow(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/**
 * The yearly vacation allowance, and the vacation the player is on: start one
 * until a day (the API counts it in whole days from now), or come back early.
 */
export function VacationPanel({ client }: { client: ValeriaClient }) {
  const [vacation, setVacation] = useState<Vacation | null>(null);
  const [until, setUntil] = useState(dayFromNow(7));
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    client
      .vacation()
      .then(setVacation)
      .catch((failure) => setError(explain(failure)));
  }, [client]);

  const change = async (send: () => Promise<VacationChange>) => {
    setBusy(true);
    setError(null);
    setSaid(null);
    try {
      const changed = await send();
      setVacation(changed);
      setSaid(
        changed.current
          ? t('vacation.standing', { games: changed.games.length })
          : t('vacation.back', { days: changed.refundedDays ?? 0, games: changed.games.length }),
      );
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="vacation-heading">
      <h2 id="vacation-heading">{t('vacation.title')}</h2>
      <p>{t('vacation.intro')}</p>
      {vacation && (
        <p data-testid="allowance">
          {t('vacation.allowance', {
            year: new Intl.NumberFormat(language(), { useGrouping: false }).format(vacation.year),
            used: vacation.usedDays,
            allowance: vacation.allowanceDays,
            left: vacation.remainingDays,
          })}
        </p>
      )}
      {vacation?.current ? (
        <p>
          {t('vacation.away', { until: when(vacation.current.until), days: vacation.current.days })}{' '}
          <button type="button" disabled={busy} onClick={() => void change(() => client.endVacation())}>
            {t('vacation.end')}
          </button>
        </p>
      ) : (
        vacation && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void change(() => client.startVacation(new Date(`${until}T00:00`).toISOString()));
            }}
          >
            <label for="vacation-until">{t('vacation.until')}</label>
            <input id="vacation-until" type="date" required min={dayFromNow(1)} value={until} onInput={(e) => setUntil(e.currentTarget.value)} />
            <button type="submit" disabled={busy}>
              {t('vacation.go')}
            </button>
          </form>
        )
      )}
      {said && <p role="status">{said}</p>}
      <Alert message={error} />
    </section>
  );
}

import type { components, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { Alert } from '../ui/alert.js';
import { dataOf, explain, okOf } from '../ui/errors.js';
import { when } from '../ui/when.js';
import { EmailInput } from '../ui/email-input.js';
import { isolate, language, t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';

type EmailSettings = components['schemas']['EmailSettings'];

/** What the panel knows: still loading, this server sends no mail, no address, or the address and its state. */
type Known = { readonly kind: 'loading' | 'unavailable' | 'none' } | { readonly kind: 'set'; readonly email: EmailSettings };

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** "07:00" ("۰۷:۰۰" in Persian): an hour of the day as the page's language writes it. */
const hourText = (hour: number) =>
  new Intl.DateTimeFormat(language(), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hour));

/** The address in a sentence: bold, and kept left to right in a right-to-left page. */
const shown = (address: string) => (
  <strong>
    <bdi dir="ltr">{address}</bdi>
  </strong>
);

async function load(client: ValeriaClient): Promise<Known> {
  const answer = await client.api.GET('/v1/players/me/email');
  if (answer.response.status === 503) return { kind: 'unavailable' };
  if (answer.response.status === 404) return { kind: 'none' };
  return { kind: 'set', email: dataOf(answer) };
}

/** The address's state in a sentence: awaiting confirmation, confirmed, or disabled (why, and how to mend it). */
function EmailState({ email }: { email: EmailSettings }) {
  if (email.disabled)
    return (
      <p role="status" class="error">
        {tNodes('email.disabled', { address: shown(email.address), at: when(email.disabled.at), reason: email.disabled.reason })}
      </p>
    );
  if (!email.confirmed) return <p role="status">{tNodes('email.awaiting', { address: shown(email.address) })}</p>;
  return (
    <p role="status">
      {tNodes('email.confirmed', {
        address: shown(email.address),
        at: email.confirmedAt ? when(email.confirmedAt) : 'none',
        column: t('notify.email'),
      })}
    </p>
  );
}

/**
 * The e-mail address on Account: set, change or remove it, see whether it is
 * confirmed or disabled by a bounce, and choose the daily digest's hour in
 * one's own time zone. Which notifications are mailed is the preferences
 * table's "E-mailed" column (notify-choices.tsx).
 */
export function EmailPanel({ client }: { client: ValeriaClient }) {
  const [known, setKnown] = useState<Known>({ kind: 'loading' });
  const [address, setAddress] = useState('');
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [digestHour, setDigestHour] = useState(8);
  const [digest, setDigest] = useState(true);
  const [said, setSaid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = (next: Known) => {
    setKnown(next);
    if (next.kind !== 'set') return;
    setAddress(next.email.address);
    setTimeZone(next.email.timeZone);
    setDigestHour(next.email.digestHour);
    setDigest(next.email.digest);
  };
  const attempt = (action: () => Promise<void>) => async () => {
    setError(null);
    setSaid(null);
    try {
      await action();
    } catch (failure) {
      setError(explain(failure));
    }
  };
  useEffect(() => void attempt(async () => show(await load(client)))(), [client]);

  if (known.kind === 'loading') return null;
  return (
    <section aria-labelledby="email-heading">
      <h2 id="email-heading">{t('email.title')}</h2>
      {known.kind === 'unavailable' ? (
        <p>{t('email.unavailable')}</p>
      ) : (
        <>
          {known.kind === 'set' ? <EmailState email={known.email} /> : <p>{t('email.none')}</p>}
          <form
            onSubmit={async (event) => {
              event.preventDefault();
              await attempt(async () => {
                const answer = await client.api.PUT('/v1/players/me/email', { body: { address: address.trim(), timeZone, digestHour, digest } });
                const saved = dataOf(answer);
                show({ kind: 'set', email: saved });
                setSaid(answer.response.status === 202 ? t('email.link-mailed', { address: isolate(saved.address) }) : t('email.saved'));
              })();
            }}
          >
            <label for="email-address">{t('email.address')}</label>
            <EmailInput id="email-address" value={address} onValue={setAddress} />
            <label for="email-time-zone">{t('email.time-zone')}</label>
            <input id="email-time-zone" dir="ltr" required maxLength={64} value={timeZone} onInput={(e) => setTimeZone(e.currentTarget.value)} />
            <label class="check">
              <input type="checkbox" checked={digest} onChange={(e) => setDigest(e.currentTarget.checked)} /> {t('email.digest')}
            </label>
            <label for="email-digest-hour">{t('email.sent-at')}</label>
            <select id="email-digest-hour" value={digestHour} disabled={!digest} onChange={(e) => setDigestHour(Number(e.currentTarget.value))}>
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {hourText(hour)}
                </option>
              ))}
            </select>
            <p>
              <button type="submit">{t('email.save')}</button>
            </p>
          </form>
          {said && <p role="status">{said}</p>}
          {known.kind === 'set' && (
            <button
              type="button"
              class="secondary"
              onClick={attempt(async () => {
                okOf(await client.api.DELETE('/v1/players/me/email'));
                show({ kind: 'none' });
                setAddress('');
                setSaid(t('email.removed'));
              })}
            >
              {t('email.remove')}
            </button>
          )}
          <Alert message={error} />
        </>
      )}
    </section>
  );
}

import type { components, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { Alert } from '../ui/alert.js';
import { dataOf, explain, okOf } from '../ui/errors.js';
import { when } from '../ui/when.js';
import { EmailInput } from '../ui/email-input.js';

type EmailSettings = components['schemas']['EmailSettings'];

/** What the panel knows: still loading, this server sends no mail, no address, or the address and its state. */
type Known = { readonly kind: 'loading' | 'unavailable' | 'none' } | { readonly kind: 'set'; readonly email: EmailSettings };

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

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
        <strong>{email.address}</strong>: disabled {when(email.disabled.at)} ({email.disabled.reason}). Mail to it bounced for good or was marked as spam, so
        nothing is sent to it. To use it again, save it again below: a new confirmation link is mailed, and once it is followed, mail goes out again.
      </p>
    );
  if (!email.confirmed)
    return (
      <p role="status">
        <strong>{email.address}</strong>: awaiting confirmation. Follow the link we mailed there (it works for a day); until then nothing else is sent to it.
        Saving it again mails a new link.
      </p>
    );
  return (
    <p role="status">
      <strong>{email.address}</strong>: confirmed{email.confirmedAt ? ` ${when(email.confirmedAt)}` : ''}. Notices are mailed as the “E-mailed” column below
      says, and you can sign in on another browser with a link mailed here.
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
      <h2 id="email-heading">E-mail</h2>
      {known.kind === 'unavailable' ? (
        <p>This server sends no e-mail.</p>
      ) : (
        <>
          {known.kind === 'set' ? (
            <EmailState email={known.email} />
          ) : (
            <p>No address yet: nothing is mailed to you. A new address is sent a confirmation link first.</p>
          )}
          <form
            onSubmit={async (event) => {
              event.preventDefault();
              await attempt(async () => {
                const answer = await client.api.PUT('/v1/players/me/email', { body: { address: address.trim(), timeZone, digestHour, digest } });
                const saved = dataOf(answer);
                show({ kind: 'set', email: saved });
                setSaid(answer.response.status === 202 ? `A confirmation link was mailed to ${saved.address}.` : 'Saved.');
              })();
            }}
          >
            <label for="email-address">Your e-mail address</label>
            <EmailInput id="email-address" value={address} onValue={setAddress} />
            <label for="email-time-zone">Your time zone</label>
            <input id="email-time-zone" required maxLength={64} value={timeZone} onInput={(e) => setTimeZone(e.currentTarget.value)} />
            <label class="check">
              <input type="checkbox" checked={digest} onChange={(e) => setDigest(e.currentTarget.checked)} /> A daily list of the games waiting for me
            </label>
            <label for="email-digest-hour">Sent at</label>
            <select id="email-digest-hour" value={digestHour} disabled={!digest} onChange={(e) => setDigestHour(Number(e.currentTarget.value))}>
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {String(hour).padStart(2, '0')}:00
                </option>
              ))}
            </select>
            <p>
              <button type="submit">Save address</button>
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
                setSaid('Address removed: nothing more is mailed to you.');
              })}
            >
              Remove my address
            </button>
          )}
          <Alert message={error} />
        </>
      )}
    </section>
  );
}

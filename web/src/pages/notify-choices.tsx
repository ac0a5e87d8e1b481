import type { Preferences, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { t, type MessageKey } from '../i18n/i18n.js';

type NotificationType = keyof Preferences['notify'];
type Channel = keyof Preferences['notify'][NotificationType];

/** Each row's words for a person; the machine names stay in the API. */
const TYPES: Readonly<Record<NotificationType, MessageKey>> = {
  'your-turn': 'notify.your-turn',
  'deadline-soon': 'notify.deadline-soon',
  'timed-out': 'notify.timed-out',
  'game-started': 'notify.game-started',
  'game-ended': 'notify.game-ended',
  'player-joined': 'notify.player-joined',
  'seat-replaced': 'notify.seat-replaced',
  'seat-reclaimed': 'notify.seat-reclaimed',
  'webhook-disabled': 'notify.webhook-disabled',
};

/** The types browser push and e-mail carry (the API's `push` and `email` columns: other types are never sent there, whatever their cell says). */
const PUSHED: ReadonlySet<NotificationType> = new Set(['your-turn', 'deadline-soon', 'timed-out', 'game-ended', 'seat-replaced']);

const CHANNELS: Readonly<Record<Channel, MessageKey>> = {
  stream: 'notify.stream',
  webhook: 'notify.webhook',
  push: 'notify.push',
  email: 'notify.email',
};

/**
 * The preferences matrix as one table: a row per notification type, a
 * column per channel, each cell a checkbox saved when it changes (the API
 * takes the one cell and answers the whole matrix).
 */
export function NotifyChoices({ client }: { client: ValeriaClient }) {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    client
      .preferences()
      .then(setPreferences)
      .catch((failure) => setError(explain(failure)));
  }, [client]);

  const set = async (type: NotificationType, channel: Channel, on: boolean) => {
    setError(null);
    try {
      setPreferences(await client.changePreferences({ notify: { [type]: { [channel]: on } } }));
    } catch (failure) {
      setError(explain(failure));
    }
  };

  const channels = (Object.entries(CHANNELS) as [Channel, MessageKey][]).map(([channel, key]): [Channel, string] => [channel, t(key)]);
  return (
    <section aria-labelledby="notify-heading">
      <h2 id="notify-heading">{t('notify.title')}</h2>
      <p>{t('notify.intro')}</p>
      {preferences && (
        <table class="notify-choices">
          <thead>
            <tr>
              <th scope="col">{t('notify.what')}</th>
              {channels.map(([channel, label]) => (
                <th scope="col" key={channel}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(Object.entries(TYPES) as [NotificationType, MessageKey][])
              .map(([type, key]) => [type, t(key)] as const)
              .map(([type, label]) => (
                <tr key={type}>
                  <th scope="row">{label}</th>
                  {channels.map(([channel, channelLabel]) =>
                    (channel === 'push' || channel === 'email') && !PUSHED.has(type) ? (
                      <td key={channel}>
                        <small class="muted">{t('notify.never')}</small>
                      </td>
                    ) : (
                      <td key={channel}>
                        <input
                          type="checkbox"
                          aria-label={`${label}: ${channelLabel}`}
                          checked={preferences.notify[type][channel]}
                          onChange={(e) => void set(type, channel, e.currentTarget.checked)}
                        />
                      </td>
                    ),
                  )}
                </tr>
              ))}
          </tbody>
        </table>
      )}
      <Alert message={error} />
    </section>
  );
}

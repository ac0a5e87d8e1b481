import type { Preferences, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';

type NotificationType = keyof Preferences['notify'];
type Channel = keyof Preferences['notify'][NotificationType];

/** Each row's words for a person; the machine names stay in the API. */
const TYPES: Readonly<Record<NotificationType, string>> = {
  'your-turn': 'Your turn',
  'deadline-soon': 'Deadline soon (reminders)',
  'timed-out': 'Your time ran out',
  'game-started': 'A game started',
  'game-ended': 'A game ended',
  'player-joined': 'Someone joined your table',
  'seat-replaced': 'A seat handed to the bot',
  'seat-reclaimed': 'A seat taken back from the bot',
  'webhook-disabled': 'A webhook of yours was disabled',
};

/** The types browser push and e-mail carry (the API's `push` and `email` columns: other types are never sent there, whatever their cell says). */
const PUSHED: ReadonlySet<NotificationType> = new Set(['your-turn', 'deadline-soon', 'timed-out', 'game-ended', 'seat-replaced']);

const CHANNELS: Readonly<Record<Channel, string>> = {
  stream: 'While a page is open',
  webhook: 'Your webhooks',
  push: 'Pushed to your devices',
  email: 'E-mailed (once confirmed)',
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

  const channels = Object.entries(CHANNELS) as [Channel, string][];
  return (
    <section aria-labelledby="notify-heading">
      <h2 id="notify-heading">How you are told</h2>
      <p>Everything stays listed on Notifications; here you choose what each channel passes on.</p>
      {preferences && (
        <table class="notify-choices">
          <thead>
            <tr>
              <th scope="col">What happened</th>
              {channels.map(([channel, label]) => (
                <th scope="col" key={channel}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(Object.entries(TYPES) as [NotificationType, string][]).map(([type, label]) => (
              <tr key={type}>
                <th scope="row">{label}</th>
                {channels.map(([channel, channelLabel]) =>
                  (channel === 'push' || channel === 'email') && !PUSHED.has(type) ? (
                    <td key={channel}>
                      <small class="muted">never</small>
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

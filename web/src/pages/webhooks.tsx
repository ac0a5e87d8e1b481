import type { components, Inbox, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { session } from '../session.js';
import { Alert } from '../ui/alert.js';
import { dataOf, explain, okOf } from '../ui/errors.js';
import { SecretBox } from '../ui/secret-box.js';
import { gameTitle, seatNames } from '../ui/seats.js';

type Webhook = components['schemas']['Webhook'];
type NewWebhook = components['schemas']['NewWebhook'];
type EventType = NonNullable<components['schemas']['CreateWebhook']['events']>[number];
type Format = Webhook['format'];
type Game = Inbox['games'][number];

/** "Village Pillage with Ben": a game as its player knows it. */
const gameName = (g: Game) =>
  `${gameTitle(g.game)} with ${
    seatNames(g.seats)
      .filter((_, seat) => seat !== g.seat)
      .join(', ') || 'nobody yet'
  }`;

/** What a subscription may be limited to: your own notifications, or one game's public notices. */
const PLAYER_EVENTS: Partial<Record<EventType, string>> = {
  'your-turn': 'Your move',
  'deadline-soon': 'Deadline reminders',
  'timed-out': 'Time ran out',
  'game-started': 'A game started',
  'game-ended': 'A game ended',
  'webhook-disabled': 'A webhook was disabled',
};
const GAME_EVENTS: Partial<Record<EventType, string>> = {
  'game.turn': 'Whose move it is',
  'game.started': 'The game started',
  'game.ended': 'The game ended',
};
const EVENT_NAMES: Record<string, string> = { ...PLAYER_EVENTS, ...GAME_EVENTS };

/** What each body shape is for: a program of yours, or a chat channel's incoming webhook, which posts each message as it comes. */
const FORMATS: Readonly<Record<Format, string>> = {
  standard: 'Signed JSON for a program of yours (Standard Webhooks)',
  discord: 'A Discord channel (its incoming webhook URL)',
  slack: 'A Slack channel (its incoming webhook URL)',
};
const FORMAT_NAMES: Readonly<Record<Format, string>> = { standard: 'Standard Webhooks', discord: 'Discord', slack: 'Slack' };

/** Add, test and remove the webhooks that tell a server of yours what happens in your games. */
export function WebhooksPage() {
  const client = session.use()?.client;
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [created, setCreated] = useState<NewWebhook | null>(null);
  const [games, setGames] = useState<Game[]>([]);
  const [error, setError] = useState<string | null>(null);
  const reload = async () => {
    if (client) setHooks(dataOf(await client.api.GET('/v1/webhooks')).webhooks);
  };
  useEffect(() => {
    reload().catch((failure) => setError(explain(failure)));
    client
      ?.inbox({ limit: 100 })
      .then((inbox) => setGames(inbox.games))
      .catch(() => undefined); // games are then named by their ids
  }, [client]);
  if (!client) return null;
  return (
    <section>
      <h1>Webhooks</h1>
      <p>
        A webhook sends what happens (as on the <a href="/notifications">notifications</a> page) to a server of yours as a signed HTTPS POST, verifiable with
        any <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> library and the signing secret shown once when you add it.
      </p>
      <div class="table-layout">
        <section class="panel" aria-labelledby="yours">
          <h2 id="yours">Your webhooks</h2>
          <Alert message={error} />
          {!hooks ? (
            <p aria-busy="true">Loading…</p>
          ) : hooks.length === 0 ? (
            <p class="muted">None yet.</p>
          ) : (
            <ul class="hooks">
              {hooks.map((hook) => (
                <HookRow key={hook.id} hook={hook} games={games} client={client} onRemoved={() => void reload()} />
              ))}
            </ul>
          )}
        </section>
        <aside class="side">
          {created && (
            <section class="panel" aria-label="Signing secret">
              <h2>Added: keep its secret</h2>
              <p>This is the only time the signing secret of the webhook to {created.url} is shown: your server verifies every delivery with it.</p>
              <SecretBox id="webhook-secret" label="Signing secret" value={created.secret} testId="secret" focus />
              <button type="button" class="secondary" onClick={() => setCreated(null)}>
                I have kept it
              </button>
            </section>
          )}
          <AddForm
            client={client}
            games={games.filter((g) => g.status !== 'finished')}
            onAdded={async (hook) => {
              setCreated(hook);
              await reload();
            }}
          />
        </aside>
      </div>
    </section>
  );
}

function AddForm({ client, games, onAdded }: { client: ValeriaClient; games: readonly Game[]; onAdded(hook: NewWebhook): Promise<void> }) {
  const [url, setUrl] = useState('');
  const [gameId, setGameId] = useState('');
  const [format, setFormat] = useState<Format>('standard');
  const [events, setEvents] = useState<EventType[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offered = gameId ? GAME_EVENTS : PLAYER_EVENTS;
  return (
    <form
      class="panel"
      aria-labelledby="add-hook"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          const body = { url: url.trim(), format, ...(gameId ? { gameId } : {}), ...(events.length ? { events } : {}) };
          await onAdded(dataOf(await client.api.POST('/v1/webhooks', { body })));
          setUrl('');
          setEvents([]);
        } catch (failure) {
          setError(explain(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 id="add-hook">Add a webhook</h2>
      <label for="hook-url">Your server's URL (https)</label>
      <input id="hook-url" type="url" required value={url} placeholder="https://example.com/valeria" onInput={(e) => setUrl(e.currentTarget.value)} />
      <label for="hook-format">Where it goes</label>
      <select id="hook-format" value={format} onChange={(e) => setFormat(e.currentTarget.value as Format)}>
        {(Object.entries(FORMATS) as [Format, string][]).map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
      {format !== 'standard' && (
        <p class="muted">
          Each notification becomes one message in the channel: the game, whose turn it is and until when, with a link to the table. A turn handed back by an
          undo is not posted again.
        </p>
      )}
      <label for="hook-game">What to send</label>
      <select
        id="hook-game"
        value={gameId}
        onChange={(e) => {
          setGameId(e.currentTarget.value);
          setEvents([]);
        }}
      >
        <option value="">Your notifications, from every game</option>
        {games.map((g) => (
          <option key={g.gameId} value={g.gameId}>
            What anyone at the table sees of {gameName(g)}
          </option>
        ))}
      </select>
      <fieldset class="sources">
        <legend>Only these (none ticked: all of them)</legend>
        {Object.entries(offered).map(([type, name]) => (
          <label key={type} class="check">
            <input
              type="checkbox"
              checked={events.includes(type as EventType)}
              onChange={(e) => setEvents(e.currentTarget.checked ? [...events, type as EventType] : events.filter((t) => t !== type))}
            />
            {name}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={busy}>
        Add the webhook
      </button>
      <Alert message={error} />
    </form>
  );
}

function HookRow({ hook, games, client, onRemoved }: { hook: Webhook; games: readonly Game[]; client: ValeriaClient; onRemoved(): void }) {
  const game = games.find((g) => g.gameId === hook.gameId);
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = { params: { path: { id: hook.id } } };
  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <p>
        <strong class="hook-url">{hook.url}</strong> ({FORMAT_NAMES[hook.format]})
        <br />
        {hook.gameId ? `What anyone at the table sees of ${game ? gameName(game) : `game ${hook.gameId}`}` : 'Your notifications, from every game'}:{' '}
        {hook.events ? hook.events.map((type) => EVENT_NAMES[type] ?? type).join(', ') : 'all of them'}.
        {hook.disabled && <strong class="error"> Disabled: {hook.disabled.reason}.</strong>}
      </p>
      <div class="choices">
        <button
          type="button"
          aria-label={`Send a test to ${hook.url}`}
          disabled={busy}
          onClick={() =>
            act(async () => {
              setResult('Sending a test…');
              setResult(TEST_OUTCOMES[dataOf(await client.api.POST('/v1/webhooks/{id}/test', path)).outcome]);
            })
          }
        >
          Send a test
        </button>
        <button
          type="button"
          class="secondary"
          aria-label={`Remove the webhook to ${hook.url}`}
          disabled={busy}
          onClick={() =>
            act(async () => {
              okOf(await client.api.DELETE('/v1/webhooks/{id}', path));
              onRemoved();
            })
          }
        >
          Remove
        </button>
      </div>
      <p role="status" aria-label={`Test of ${hook.url}`}>
        {result}
      </p>
      <Alert message={error} />
    </li>
  );
}

/** A test ping's outcome in a sentence (the service tells no more: a receiver's status or text could scan a network). */
const TEST_OUTCOMES = {
  delivered: 'Delivered: your server answered with success (2xx).',
  refused: 'Refused: your server answered with an error, could not be reached, or its URL no longer resolves to a public address.',
  'timed out': 'Timed out: your server did not answer within 5 seconds.',
} as const;

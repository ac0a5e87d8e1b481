import type { components, Inbox, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { session } from '../session.js';
import { Alert } from '../ui/alert.js';
import { dataOf, explain, okOf } from '../ui/errors.js';
import { SecretBox } from '../ui/secret-box.js';
import { gameTitle, seatNames } from '../ui/seats.js';
import { isolate, listOf, t, tOr, type MessageKey } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';

type Webhook = components['schemas']['Webhook'];
type NewWebhook = components['schemas']['NewWebhook'];
type EventType = NonNullable<components['schemas']['CreateWebhook']['events']>[number];
type Format = Webhook['format'];
type Game = Inbox['games'][number];

/** "Village Pillage with Ben": a game as its player knows it. */
const gameName = (g: Game) => {
  const others = seatNames(g.seats).filter((_, seat) => seat !== g.seat);
  return others.length > 0
    ? t('webhooks.game-with', { game: gameTitle(g.game), others: listOf(others.map(isolate)) })
    : t('webhooks.game-alone', { game: gameTitle(g.game) });
};

/** What a subscription may be limited to: your own notifications, or one game's public notices. */
const PLAYER_EVENTS: Partial<Record<EventType, MessageKey>> = {
  'your-turn': 'game.your-move',
  'deadline-soon': 'webhooks.deadline-soon',
  'timed-out': 'webhooks.timed-out',
  'game-started': 'notify.game-started',
  'game-ended': 'notify.game-ended',
  'webhook-disabled': 'webhooks.disabled-event',
};
const GAME_EVENTS: Partial<Record<EventType, MessageKey>> = {
  'game.turn': 'webhooks.game-turn',
  'game.started': 'webhooks.game-started',
  'game.ended': 'webhooks.game-ended',
};
const EVENT_NAMES: Record<string, MessageKey> = { ...PLAYER_EVENTS, ...GAME_EVENTS };
const eventName = (type: string) => tOr(EVENT_NAMES[type], type);

/** What each body shape is for: a program of yours, or a chat channel's incoming webhook, which posts each message as it comes. */
const FORMATS: Readonly<Record<Format, MessageKey>> = {
  standard: 'webhooks.format-standard',
  discord: 'webhooks.format-discord',
  slack: 'webhooks.format-slack',
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
      <h1>{t('page.webhooks')}</h1>
      <p>
        {tNodes('webhooks.intro', {
          notifications: (parts) => <a href="/notifications">{parts}</a>,
          standard: (parts) => <a href="https://www.standardwebhooks.com/">{parts}</a>,
        })}
      </p>
      <div class="table-layout">
        <section class="panel" aria-labelledby="yours">
          <h2 id="yours">{t('notify.webhook')}</h2>
          <Alert message={error} />
          {!hooks ? (
            <p aria-busy="true">{t('webhooks.loading')}</p>
          ) : hooks.length === 0 ? (
            <p class="muted">{t('webhooks.none')}</p>
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
            <section class="panel" aria-label={t('webhooks.secret')}>
              <h2>{t('webhooks.added')}</h2>
              <p>{tNodes('webhooks.secret-once', { url: <bdi dir="ltr">{created.url}</bdi> })}</p>
              <SecretBox id="webhook-secret" label={t('webhooks.secret')} copy={t('webhooks.copy-secret')} value={created.secret} testId="secret" focus />
              <button type="button" class="secondary" onClick={() => setCreated(null)}>
                {t('webhooks.kept')}
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
      <h2 id="add-hook">{t('webhooks.add')}</h2>
      <label for="hook-url">{t('webhooks.url')}</label>
      <input id="hook-url" type="url" dir="ltr" required value={url} placeholder="https://example.com/valeria" onInput={(e) => setUrl(e.currentTarget.value)} />
      <label for="hook-format">{t('webhooks.where')}</label>
      <select id="hook-format" value={format} onChange={(e) => setFormat(e.currentTarget.value as Format)}>
        {(Object.entries(FORMATS) as [Format, MessageKey][]).map(([value, name]) => (
          <option key={value} value={value}>
            {t(name)}
          </option>
        ))}
      </select>
      {format !== 'standard' && <p class="muted">{t('webhooks.channel')}</p>}
      <label for="hook-game">{t('webhooks.what')}</label>
      <select
        id="hook-game"
        value={gameId}
        onChange={(e) => {
          setGameId(e.currentTarget.value);
          setEvents([]);
        }}
      >
        <option value="">{t('webhooks.every-game')}</option>
        {games.map((g) => (
          <option key={g.gameId} value={g.gameId}>
            {t('webhooks.table-of', { game: gameName(g) })}
          </option>
        ))}
      </select>
      <fieldset class="sources">
        <legend>{t('webhooks.only')}</legend>
        {Object.entries(offered).map(([type, name]) => (
          <label key={type} class="check">
            <input
              type="checkbox"
              checked={events.includes(type as EventType)}
              onChange={(e) => setEvents(e.currentTarget.checked ? [...events, type as EventType] : events.filter((t) => t !== type))}
            />
            {t(name)}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={busy}>
        {t('webhooks.add-submit')}
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
        <strong class="hook-url" dir="ltr">
          {hook.url}
        </strong>{' '}
        ({FORMAT_NAMES[hook.format]})
        <br />
        {t('webhooks.sends', {
          what: hook.gameId ? t('webhooks.table-of', { game: game ? gameName(game) : t('webhooks.game-id', { id: hook.gameId }) }) : t('webhooks.every-game'),
          events: hook.events ? listOf(hook.events.map(eventName)) : t('webhooks.all'),
        })}
        {hook.disabled && <strong class="error"> {t('webhooks.disabled', { reason: hook.disabled.reason })}</strong>}
      </p>
      <div class="choices">
        <button
          type="button"
          aria-label={t('webhooks.test-to', { url: isolate(hook.url) })}
          disabled={busy}
          onClick={() =>
            act(async () => {
              setResult(t('webhooks.sending'));
              setResult(t(TEST_OUTCOMES[dataOf(await client.api.POST('/v1/webhooks/{id}/test', path)).outcome]));
            })
          }
        >
          {t('webhooks.test')}
        </button>
        <button
          type="button"
          class="secondary"
          aria-label={t('webhooks.remove-to', { url: isolate(hook.url) })}
          disabled={busy}
          onClick={() =>
            act(async () => {
              okOf(await client.api.DELETE('/v1/webhooks/{id}', path));
              onRemoved();
            })
          }
        >
          {t('webhooks.remove')}
        </button>
      </div>
      <p role="status" aria-label={t('webhooks.test-of', { url: isolate(hook.url) })}>
        {result}
      </p>
      <Alert message={error} />
    </li>
  );
}

/** A test ping's outcome in a sentence (the service tells no more: a receiver's status or text could scan a network). */
const TEST_OUTCOMES = {
  delivered: 'webhooks.delivered',
  refused: 'webhooks.refused',
  'timed out': 'webhooks.timed-out-test',
} as const satisfies Record<string, MessageKey>;

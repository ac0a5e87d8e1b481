import type { Catalog, GameId, NewGame } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { navigate } from '../router.js';
import { session } from '../session.js';
import { explain } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { gameTitle } from '../ui/seats.js';
import { num, t, tOr, type MessageKey } from '../i18n/i18n.js';

type Offered = Catalog['games'][number];
/** The subset of JSON Schema the games' options use. */
interface OptionSchema {
  properties?: Record<string, { type?: string; enum?: string[]; default?: unknown; description?: string; minimum?: number; maximum?: number }>;
}

const TIME_CONTROLS: Record<string, MessageKey> = {
  live: 'lobby.live',
  daily: 'lobby.daily',
};

/** Each game's summary as its editions' terms say it; the API's own (English) summary for a game this client does not know. */
const SUMMARIES: Record<string, MessageKey> = {
  'villages-of-valeria': 'lobby.summary-villages',
  'valeria-card-kingdoms': 'lobby.summary-kingdoms',
  'village-pillage': 'lobby.summary-pillage',
};

const summaryOf = (game: Offered) => tOr(SUMMARIES[game.id], game.summary);

/** The games' options and their values in words (i18n/TERMS.md for the themed setups' names). */
const OPTION_LABELS: Record<string, MessageKey> = {
  setup: 'lobby.option-setup',
  mixedCitizens: 'lobby.option-mixed-citizens',
  banks: 'lobby.option-banks',
  'first-game': 'lobby.setup-first-game',
  'shining-gold': 'lobby.setup-shining-gold',
  'mastery-of-magic': 'lobby.setup-mastery-of-magic',
  'monstrous-blood': 'lobby.setup-monstrous-blood',
  random: 'lobby.setup-random',
  duel: 'lobby.banks-duel',
  standard: 'lobby.banks-standard',
};

/** An option or value in the page's language; one this client does not know yet reads from its key ("mixedCitizens", "first-game" → "Mixed citizens", "First game"). */
const labelOf = (key: string) => {
  const words = key.replace(/-(.)/g, (_, c: string) => c.toUpperCase()).replace(/([A-Z])/g, ' $1');
  return tOr(OPTION_LABELS[key], words.charAt(0).toUpperCase() + words.slice(1).toLowerCase());
};

/** The lobby: the catalog, and a form to create a game with its options, seats and time control. */
export function LobbyPage() {
  const current = session.use();
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [chosen, setChosen] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    current?.client
      .catalog()
      .then((answer) => {
        setCatalog(answer);
        setChosen((c) => c || answer.games[0]?.id || '');
      })
      .catch((failure) => setError(explain(failure)));
  }, [current]);
  if (error) return <Alert message={error} />;
  if (!catalog) return <p aria-busy="true">{t('lobby.loading')}</p>;
  const game = catalog.games.find((g) => g.id === chosen);
  return (
    <section>
      <h1>{t('lobby.title')}</h1>
      <fieldset class="catalog">
        <legend>{t('lobby.choose')}</legend>
        {catalog.games.map((g) => (
          <label key={g.id} class={g.id === chosen ? 'game-choice chosen' : 'game-choice'}>
            <input type="radio" name="game" value={g.id} checked={g.id === chosen} onChange={() => setChosen(g.id)} />
            <strong>{gameTitle(g.id)}</strong>
            <span class="muted">{t('lobby.players', { same: g.minSeats === g.maxSeats ? 'yes' : 'no', min: num(g.minSeats), max: num(g.maxSeats) })}</span>
            <span>{summaryOf(g)}</span>
          </label>
        ))}
      </fieldset>
      {game && <CreateForm key={game.id} game={game} presets={Object.keys(catalog.deadlinePresets)} />}
    </section>
  );
}

function CreateForm({ game, presets }: { game: Offered; presets: string[] }) {
  const current = session.use();
  const schema = (game.options ?? {}) as OptionSchema;
  const [seats, setSeats] = useState(Math.max(2, game.minSeats));
  const [timeControl, setTimeControl] = useState(presets.includes('daily') ? 'daily' : (presets[0] ?? 'daily'));
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [listed, setListed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <form
      class="panel"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!current) return;
        setBusy(true);
        setError(null);
        try {
          const body: NewGame = {
            game: game.id as GameId,
            seats,
            options,
            deadlines: timeControl as 'daily',
            join: true,
            ...(listed ? { visibility: 'open' as const } : {}),
          };
          const created = await current.client.createGame(body);
          navigate(`/g/${created.gameId}`);
        } catch (failure) {
          setError(explain(failure));
          setBusy(false);
        }
      }}
    >
      <h2>{gameTitle(game.id)}</h2>
      <label for="seats">{t('lobby.seats')}</label>
      <select id="seats" value={seats} onChange={(e) => setSeats(Number(e.currentTarget.value))}>
        {Array.from({ length: game.maxSeats - game.minSeats + 1 }, (_, i) => game.minSeats + i).map((n) => (
          <option key={n} value={n}>
            {n === 1 ? t('lobby.solo') : num(n)}
          </option>
        ))}
      </select>
      <label for="time-control">{t('lobby.time-control')}</label>
      <select id="time-control" value={timeControl} onChange={(e) => setTimeControl(e.currentTarget.value)}>
        {presets.map((p) => (
          <option key={p} value={p}>
            {TIME_CONTROLS[p] ? t(TIME_CONTROLS[p]) : p}
          </option>
        ))}
      </select>
      {Object.entries(schema.properties ?? {}).map(([key, prop]) => {
        const id = `option-${key}`;
        if (prop.enum)
          return (
            <>
              <label for={id}>{labelOf(key)}</label>
              <select id={id} value={String(options[key] ?? prop.default ?? '')} onChange={(e) => setOptions({ ...options, [key]: e.currentTarget.value })}>
                {prop.enum.map((v) => (
                  <option key={v} value={v}>
                    {labelOf(v)}
                  </option>
                ))}
              </select>
            </>
          );
        if (prop.type === 'boolean')
          return (
            <label class="check" for={id}>
              <input
                id={id}
                type="checkbox"
                checked={Boolean(options[key] ?? prop.default)}
                onChange={(e) => setOptions({ ...options, [key]: e.currentTarget.checked })}
              />
              {labelOf(key)}
            </label>
          );
        if (prop.type === 'integer' && key === 'firstPlayer')
          return (
            <>
              <label for={id}>{t('lobby.first-player')}</label>
              <select
                id={id}
                value={options[key] === undefined ? '' : String(options[key])}
                onChange={(e) => {
                  const { [key]: _, ...rest } = options;
                  setOptions(e.currentTarget.value === '' ? rest : { ...rest, [key]: Number(e.currentTarget.value) });
                }}
              >
                <option value="">{t('lobby.random-first')}</option>
                {Array.from({ length: seats }, (_, i) => (
                  <option key={i} value={i}>
                    {t('seat.numbered', { seat: num(i + 1) })}
                  </option>
                ))}
              </select>
            </>
          );
        return null;
      })}
      {seats > 1 && (
        <label class="check" for="listed">
          <input id="listed" type="checkbox" checked={listed} onChange={(e) => setListed(e.currentTarget.checked)} />
          {t('lobby.list-it')}
        </label>
      )}
      <button type="submit" disabled={busy}>
        {t('lobby.create')}
      </button>
      <Alert message={error} />
    </form>
  );
}

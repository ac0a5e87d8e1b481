import type { Catalog, GameId } from '@valeria-tabletop/client';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { anonymous } from '../session.js';
import { Card, type CardFace } from '../ui/card.js';
import { explain } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { TABLES } from './game.js';
import { num, t, type MessageKey } from '../i18n/i18n.js';
import { gameTitle } from '../ui/seats.js';
import './community.css';

type Offered = Catalog['games'][number];

/**
 * What each game is like and how long it lasts, for someone who has never
 * played it: from the rules of record; the lengths are medians of 30
 * greedy-bot games per player count with the service's own engines.
 */
const PITCHES: Record<string, { like: MessageKey; length: MessageKey }> = {
  'villages-of-valeria': { like: 'home.vv-like', length: 'home.vv-length' },
  'valeria-card-kingdoms': { like: 'home.ck-like', length: 'home.ck-length' },
  'village-pillage': { like: 'home.vp-like', length: 'home.vp-length' },
};

const playersText = (g: Offered) =>
  t('home.players-count', {
    same: g.minSeats === g.maxSeats ? 'yes' : 'no',
    min: num(g.minSeats),
    max: num(g.maxSeats),
    solo: g.minSeats === 1 ? 'yes' : 'no',
  });

/**
 * The home page: the three games as a newcomer meets them, each with a few of
 * its cards drawn as its table draws them, and the ways in (how to play, open
 * games, leaderboards, Play now). Readable without signing in; `children`
 * (the sign-in panel for a visitor) comes after the games.
 */
export function HomePage({ children }: { children?: ComponentChildren }) {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    anonymous
      .catalog()
      .then(setCatalog)
      .catch((failure) => setError(explain(failure)));
  }, []);
  return (
    <section>
      <h1>{t('home.title')}</h1>
      <p class="intro">{t('home.intro')}</p>
      <ul class="links">
        <li>
          <a class="button" href="/play">
            {t('page.play')}
          </a>
        </li>
        <li>
          <a class="button" href="/open-games">
            {t('home.join-open')}
          </a>
        </li>
        <li>
          <a class="button" href="/leaderboards">
            {t('home.see-leaderboards')}
          </a>
        </li>
      </ul>
      <Alert message={error} />
      {catalog ? catalog.games.map((game) => <GameShowcase key={game.id} game={game} />) : !error && <p aria-busy="true">{t('home.loading')}</p>}
      {children}
    </section>
  );
}

function GameShowcase({ game }: { game: Offered }) {
  const pitch = PITCHES[game.id];
  const title = gameTitle(game.id);
  const heading = `about-${game.id}`;
  return (
    <article class="panel showcase-game" aria-labelledby={heading}>
      <div>
        <h2 id={heading}>{title}</h2>
        <p>{pitch ? t(pitch.like) : game.summary}</p>
        <dl class="facts">
          <dt>{t('home.players')}</dt>
          <dd>{playersText(game)}</dd>
          <dt>{t('home.length')}</dt>
          <dd>{pitch ? t(pitch.length) : ''}</dd>
        </dl>
        <ul class="links">
          <li>
            <a href={`/how-to-play/${game.id}`}>{t('home.how-to-play', { game: title })}</a>
          </li>
          <li>
            <a href={`/open-games/${game.id}`}>{t('page.open-games')}</a>
          </li>
          <li>
            <a href={`/leaderboards/${game.id}`}>{t('home.leaderboard')}</a>
          </li>
          <li>
            <a href="/play">{t('page.play')}</a>
          </li>
        </ul>
      </div>
      <GameCards game={game.id as GameId} title={title} />
    </article>
  );
}

/** A few of the game's cards, drawn by the game's own table from the catalog the API serves. */
function GameCards({ game, title }: { game: GameId; title: string }) {
  const [faces, setFaces] = useState<readonly CardFace[] | null>(null);
  useEffect(() => {
    let live = true;
    TABLES[game](anonymous)
      .then((table) => live && setFaces(table.showcase))
      .catch(() => live && setFaces([]));
    return () => {
      live = false;
    };
  }, [game]);
  if (faces === null) return <p aria-busy="true">{t('home.dealing')}</p>;
  return (
    <div class="cards" role="group" aria-label={t('home.some-cards', { game: title })}>
      {faces.map((face) => (
        <Card key={face.name} face={face} />
      ))}
    </div>
  );
}

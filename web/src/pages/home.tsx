import type { Catalog, GameId } from '@valeria-tabletop/client';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { anonymous } from '../session.js';
import { Card, type CardFace } from '../ui/card.js';
import { explain } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { TABLES } from './game.js';
import './community.css';

type Offered = Catalog['games'][number];

/**
 * What each game is like and how long it lasts, for someone who has never
 * played it: from the rules of record; the lengths are medians of 30
 * greedy-bot games per player count with the service's own engines.
 */
const PITCHES: Record<string, { like: string; length: string }> = {
  'villages-of-valeria': {
    like: 'Build a village from a hand of cards: each card is a building to build or a resource to develop. The active player leads an action (Harvest, Develop, Build, Recruit or Tax) and everyone else may follow it for less, so every turn is everyone’s turn.',
    length:
      'About 23 turns in all: some 12 each with two players, 6 each with four. It ends after the turn in which a village holds 12 buildings and adventurers (10 with four or five players).',
  },
  'valeria-card-kingdoms': {
    like: 'Roll two dice each turn: every citizen in every kingdom whose number comes up pays out, so other players’ turns pay you too. Spend gold, strength and magic to recruit citizens, slay monsters and build domains; a secret Duke scores your kingdom at the end.',
    length:
      'About 22 to 24 turns in all: some 11 each with two players, 6 each with four. It ends once the monsters are slain, the domains built, or the stacks run out.',
  },
  'village-pillage': {
    like: 'A quick, sly game of turnips and relics. Every round everyone secretly plays a card toward each neighbour: Farmers grow turnips, Walls guard them, Raiders steal them and Merchants spend them. The first to own three relics wins.',
    length: 'About 9 rounds with four players and 19 in the two-player Duel. A round is one secret plan from everyone, so it moves quickly even by mail.',
  },
};

const playersText = (g: Offered) =>
  `${g.minSeats === g.maxSeats ? g.minSeats : `${g.minSeats} to ${g.maxSeats}`} players${g.minSeats === 1 ? ' (1: a solo game)' : ''}`;

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
      <h1>Three Valeria card games, played at your own pace</h1>
      <p class="intro">
        Play Villages of Valeria, Valeria: Card Kingdoms and Village Pillage with friends or with anyone: the table waits for your move (minutes for a live
        game, days for a daily one), tells you when it is your turn, and lets you check at the end that every shuffle and roll was fair.
      </p>
      <ul class="links">
        <li>
          <a class="button" href="/play">
            Play now
          </a>
        </li>
        <li>
          <a class="button" href="/open-games">
            Join an open game
          </a>
        </li>
        <li>
          <a class="button" href="/leaderboards">
            See the leaderboards
          </a>
        </li>
      </ul>
      <Alert message={error} />
      {catalog ? catalog.games.map((game) => <GameShowcase key={game.id} game={game} />) : !error && <p aria-busy="true">Loading the games…</p>}
      {children}
    </section>
  );
}

function GameShowcase({ game }: { game: Offered }) {
  const pitch = PITCHES[game.id];
  const heading = `about-${game.id}`;
  return (
    <article class="panel showcase-game" aria-labelledby={heading}>
      <div>
        <h2 id={heading}>{game.title}</h2>
        <p>{pitch?.like ?? game.summary}</p>
        <dl class="facts">
          <dt>Players</dt>
          <dd>{playersText(game)}</dd>
          <dt>Length</dt>
          <dd>{pitch?.length ?? ''}</dd>
        </dl>
        <ul class="links">
          <li>
            <a href={`/how-to-play/${game.id}`}>How to play {game.title}</a>
          </li>
          <li>
            <a href={`/open-games/${game.id}`}>Open games</a>
          </li>
          <li>
            <a href={`/leaderboards/${game.id}`}>Leaderboard</a>
          </li>
          <li>
            <a href="/play">Play now</a>
          </li>
        </ul>
      </div>
      <GameCards game={game.id as GameId} title={game.title} />
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
  if (faces === null) return <p aria-busy="true">Dealing a few cards…</p>;
  return (
    <div class="cards" role="group" aria-label={`Some cards of ${title}`}>
      {faces.map((face) => (
        <Card key={face.name} face={face} />
      ))}
    </div>
  );
}

import type { paths } from '@valeria-tabletop/client';
import { anonymous } from '../session.js';
import { dataOf } from '../ui/errors.js';
import { usePaged } from '../ui/paged.js';
import { Alert } from '../ui/alert.js';
import { GameTabs, gameOrFirst } from '../ui/game-tabs.js';
import { gameTitle } from '../ui/seats.js';
import './community.css';

type Leaderboard = paths['/v1/leaderboards/{game}']['get']['responses'][200]['content']['application/json'];
type Entry = Leaderboard['entries'][number];

/** A game's leaderboard: the top 100 established ratings, then more a page at a time. Readable without signing in. */
export function LeaderboardPage({ game }: { game: string | null }) {
  const shown = gameOrFirst(game);
  const {
    items: entries,
    next,
    error,
    busy,
    more,
  } = usePaged<Entry>(
    (cursor) =>
      shown === null
        ? null
        : anonymous.api
            .GET('/v1/leaderboards/{game}', { params: { path: { game: shown }, query: cursor ? { cursor } : {} } })
            .then(dataOf)
            .then((page) => ({ items: page.entries, next: page.next })),
    [shown],
  );

  if (!shown) return <Alert message="There is no such game." />;
  return (
    <section>
      <h1>Leaderboard: {gameTitle(shown)}</h1>
      <GameTabs base="/leaderboards" current={shown} label="Leaderboard of each game" />
      <p class="muted intro">
        Each game has its own ratings, from the finishing places of rated games (OpenSkill). The rating shown is a cautious one: the skill we believe in minus
        three times our uncertainty, so it rises as you play. A rating stays provisional, shown with “?” on profiles and left off this list, until its player
        has 5 rated games here and our uncertainty is low enough; a long pause makes it uncertain again.
      </p>
      <Alert message={error} />
      {entries === null ? (
        !error && <p aria-busy="true">Loading the leaderboard…</p>
      ) : entries.length === 0 ? (
        <p>Nobody has an established rating in {gameTitle(shown)} yet.</p>
      ) : (
        <div class="table-scroll">
          <table class="ranking">
            <caption class="muted">Established ratings, highest first</caption>
            <thead>
              <tr>
                <th scope="col" class="number">
                  Rank
                </th>
                <th scope="col">Player</th>
                <th scope="col" class="number">
                  Rating
                </th>
                <th scope="col" class="number">
                  Rated games
                </th>
                <th scope="col" class="number">
                  Won
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.playerId}>
                  <td class="number">{e.rank}</td>
                  <th scope="row">
                    <a href={`/players/${e.playerId}`}>{e.name}</a>
                  </th>
                  <td class="number">{e.display}</td>
                  <td class="number">{e.games}</td>
                  <td class="number">{e.wins}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <button type="button" class="secondary" disabled={busy} onClick={more}>
          Show the next 100
        </button>
      )}
    </section>
  );
}

import type { paths } from '@valeria-tabletop/client';
import { anonymous } from '../session.js';
import { dataOf } from '../ui/errors.js';
import { usePaged } from '../ui/paged.js';
import { Alert } from '../ui/alert.js';
import { GameTabs, gameOrFirst } from '../ui/game-tabs.js';
import { gameTitle } from '../ui/seats.js';
import { num, t } from '../i18n/i18n.js';
import { shownRating } from '../ui/rating.js';
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

  if (!shown) return <Alert message={t('leaderboard.no-game')} />;
  return (
    <section>
      <h1>{t('leaderboard.title', { game: gameTitle(shown) })}</h1>
      <GameTabs base="/leaderboards" current={shown} label={t('leaderboard.each-game')} />
      <p class="muted intro">{t('leaderboard.intro')}</p>
      <Alert message={error} />
      {entries === null ? (
        !error && <p aria-busy="true">{t('leaderboard.loading')}</p>
      ) : entries.length === 0 ? (
        <p>{t('leaderboard.nobody', { game: gameTitle(shown) })}</p>
      ) : (
        <div class="table-scroll">
          <table class="ranking">
            <caption class="muted">{t('leaderboard.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" class="number">
                  {t('leaderboard.rank')}
                </th>
                <th scope="col">{t('end.player')}</th>
                <th scope="col" class="number">
                  {t('leaderboard.rating')}
                </th>
                <th scope="col" class="number">
                  {t('leaderboard.rated-games')}
                </th>
                <th scope="col" class="number">
                  {t('leaderboard.won')}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.playerId}>
                  <td class="number">{num(e.rank)}</td>
                  <th scope="row">
                    <a href={`/players/${e.playerId}`}>
                      <bdi>{e.name}</bdi>
                    </a>
                  </th>
                  <td class="number" dir="ltr">
                    {shownRating(e.display)}
                  </td>
                  <td class="number">{num(e.games)}</td>
                  <td class="number">{num(e.wins)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <button type="button" class="secondary" disabled={busy} onClick={more}>
          {t('leaderboard.more', { count: 100 })}
        </button>
      )}
    </section>
  );
}

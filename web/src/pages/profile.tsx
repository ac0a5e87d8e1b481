import type { paths } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { session } from '../session.js';
import { dataOf, explain } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { usePaged } from '../ui/paged.js';
import { BotBadge, SeatNames } from '../ui/player-name.js';
import { gameTitle } from '../ui/seats.js';
import { day, percent, when } from '../ui/when.js';
import { rating, shownRating, signed } from '../ui/rating.js';
import { num, t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';
import { BlockControl } from './block-control.js';
import './community.css';

type Profile = paths['/v1/players/{id}']['get']['responses'][200]['content']['application/json'];
type RecentGames = paths['/v1/players/{id}/games']['get']['responses'][200]['content']['application/json'];
type RecentGame = RecentGames['games'][number];

const reliability = (share: number | null) => (share === null ? t('profile.no-finished') : percent(share));

/**
 * A player's profile: who they are (a person, or a bot account), since when,
 * how reliably they finish, their rating and record in each game, and their
 * finished games, newest first, a page at a time; block or unblock them.
 */
export function ProfilePage({ playerId }: { playerId: string }) {
  const current = session.use();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [myId, setMyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!current) return;
    let live = true;
    Promise.all([current.client.api.GET('/v1/players/{id}', { params: { path: { id: playerId } } }).then(dataOf), current.client.me()])
      .then(([answer, me]) => {
        if (!live) return;
        setProfile(answer);
        setMyId(me.playerId);
      })
      .catch((failure) => live && setError(explain(failure)));
    return () => {
      live = false;
    };
  }, [current, playerId]);

  if (error) return <Alert message={error} />;
  if (!profile) return <p aria-busy="true">{t('profile.loading')}</p>;
  const mine = profile.playerId === myId;
  return (
    <section>
      <h1>
        <bdi>{profile.name}</bdi>
        {profile.kind === 'bot' && <BotBadge />}
        {mine && <span class="muted"> {t('profile.you')}</span>}
      </h1>
      <p class="profile-facts">
        <span>{profile.kind === 'bot' ? t('profile.bot') : t('profile.person')}</span>
        <span>{t('profile.member-since', { since: day(profile.memberSince) })}</span>
        <span>{tNodes('profile.reliability', { share: <strong data-testid="reliability">{reliability(profile.reliability)}</strong> })}</span>
      </p>
      <p class="muted">{t('profile.reliability-means')}</p>
      {!mine && <BlockControl playerId={profile.playerId} name={profile.name} />}
      <h2>{t('profile.ratings')}</h2>
      <div class="table-scroll">
        <table class="ranking">
          <thead>
            <tr>
              <th scope="col">{t('profile.game')}</th>
              <th scope="col" class="number">
                {t('leaderboard.rating')}
              </th>
              <th scope="col" class="number">
                {t('profile.played')}
              </th>
              <th scope="col" class="number">
                {t('leaderboard.won')}
              </th>
              <th scope="col" class="number">
                {t('profile.reliability-column')}
              </th>
            </tr>
          </thead>
          <tbody>
            {profile.games.map((g) => (
              <tr key={g.game} data-game={g.game}>
                <th scope="row">
                  <a href={`/leaderboards/${g.game}`}>{gameTitle(g.game)}</a>
                </th>
                <td class="number" data-testid={`rating-${g.game}`}>
                  {g.rating ? shownRating(g.rating.display) : t('profile.not-rated')}
                </td>
                <td class="number">{num(g.played)}</td>
                <td class="number">{num(g.won)}</td>
                <td class="number">{g.reliability === null ? '–' : percent(g.reliability)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="muted">{t('profile.provisional')}</p>
      <FinishedGames playerId={profile.playerId} />
    </section>
  );
}

/** The player's finished games, newest first, with whom, the result and how each moved the rating. */
function FinishedGames({ playerId }: { playerId: string }) {
  const current = session.use();
  const {
    items: games,
    next,
    error,
    busy,
    more,
  } = usePaged<RecentGame>(
    (cursor) =>
      current
        ? current.client.api
            .GET('/v1/players/{id}/games', { params: { path: { id: playerId }, query: cursor ? { cursor } : {} } })
            .then(dataOf)
            .then((page) => ({ items: page.games, next: page.next }))
        : null,
    [current, playerId],
  );

  return (
    <section class="list" aria-labelledby="finished-games">
      <h2 id="finished-games">{t('profile.finished')}</h2>
      <Alert message={error} />
      {games === null ? (
        !error && <p aria-busy="true">{t('profile.loading-games')}</p>
      ) : games.length === 0 ? (
        <p class="muted">{t('inbox.finished-none')}</p>
      ) : (
        <ul>
          {games.map((g) => (
            <li key={g.gameId} class="game-row">
              <a href={`/g/${g.gameId}/replay`}>{gameTitle(g.game)}</a>
              <span>{when(g.endedAt)}</span>
              <span>{tNodes('profile.with', { others: <SeatNames seats={g.seats.filter((s) => s.seat !== g.seat)} /> })}</span>
              <span>
                {g.won === null ? t('inbox.finished-line') : g.won ? <span class="won">{t('profile.won')}</span> : t('profile.lost')}
                {g.rating &&
                  t('profile.rating-moved', {
                    before: rating(g.rating.before),
                    after: rating(g.rating.after),
                    delta: signed(g.rating.after - g.rating.before),
                  })}
              </span>
              {g.rating?.absent && (
                // The rule of record rates an absent player last, so "won" beside a falling rating needs its reason.
                <span class="muted" data-testid="absent-note">
                  {t('profile.absent')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button type="button" class="secondary" disabled={busy} onClick={more}>
          {t('profile.older')}
        </button>
      )}
    </section>
  );
}

import type { paths } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { session } from '../session.js';
import { dataOf, explain } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { usePaged } from '../ui/paged.js';
import { BotBadge, SeatNames } from '../ui/player-name.js';
import { gameTitle } from '../ui/seats.js';
import { when } from '../ui/when.js';
import { BlockControl } from './block-control.js';
import './community.css';

type Profile = paths['/v1/players/{id}']['get']['responses'][200]['content']['application/json'];
type RecentGames = paths['/v1/players/{id}/games']['get']['responses'][200]['content']['application/json'];
type RecentGame = RecentGames['games'][number];

const percent = (share: number | null) => (share === null ? 'no finished game yet' : `${share}%`);

/** "+1.3", "−0.8": how a game moved a rating. */
const signed = (delta: number) => `${delta >= 0 ? '+' : '−'}${Math.abs(delta).toFixed(1)}`;

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
  if (!profile) return <p aria-busy="true">Loading the profile…</p>;
  const mine = profile.playerId === myId;
  return (
    <section>
      <h1>
        {profile.name}
        {profile.kind === 'bot' && <BotBadge />}
        {mine && <span class="muted"> (you)</span>}
      </h1>
      <p class="profile-facts">
        <span>{profile.kind === 'bot' ? 'A bot account: a program that plays, answered for by a person' : 'A person'}</span>
        <span>Member since {new Date(profile.memberSince).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}</span>
        <span>
          Reliability: <strong data-testid="reliability">{percent(profile.reliability)}</strong>
        </span>
      </p>
      <p class="muted">Reliability is the share of finished games this player finished in time, without the bot taking over their seat.</p>
      {!mine && <BlockControl playerId={profile.playerId} name={profile.name} />}
      <h2>Ratings and record</h2>
      <div class="table-scroll">
        <table class="ranking">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col" class="number">
                Rating
              </th>
              <th scope="col" class="number">
                Played
              </th>
              <th scope="col" class="number">
                Won
              </th>
              <th scope="col" class="number">
                Reliability
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
                  {g.rating ? g.rating.display : 'not rated yet'}
                </td>
                <td class="number">{g.played}</td>
                <td class="number">{g.won}</td>
                <td class="number">{g.reliability === null ? '–' : `${g.reliability}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="muted">A rating with “?” is provisional: fewer than 5 rated games in that game, or not enough certainty yet.</p>
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
      <h2 id="finished-games">Finished games</h2>
      <Alert message={error} />
      {games === null ? (
        !error && <p aria-busy="true">Loading their games…</p>
      ) : games.length === 0 ? (
        <p class="muted">No finished game yet.</p>
      ) : (
        <ul>
          {games.map((g) => (
            <li key={g.gameId} class="game-row">
              <a href={`/g/${g.gameId}/replay`}>{gameTitle(g.game)}</a>
              <span>{when(g.endedAt)}</span>
              <span>
                with <SeatNames seats={g.seats.filter((s) => s.seat !== g.seat)} />
              </span>
              <span>
                {g.won === null ? 'finished' : g.won ? <span class="won">won</span> : 'did not win'}
                {g.rating && ` · rating ${g.rating.before.toFixed(1)} → ${g.rating.after.toFixed(1)} (${signed(g.rating.after - g.rating.before)})`}
              </span>
              {g.rating?.absent && (
                // The rule of record rates an absent player last, so "won" beside a falling rating needs its reason.
                <span class="muted" data-testid="absent-note">
                  The replacement bot finished this seat: rated as a last place for the absent player, whatever the bot scored.
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button type="button" class="secondary" disabled={busy} onClick={more}>
          Show older games
        </button>
      )}
    </section>
  );
}

import { render } from 'preact';
import { useEffect } from 'preact/hooks';
import { AccountPage, SignInPanel } from './pages/account.js';
import { GamePage } from './pages/game.js';
import { HomePage } from './pages/home.js';
import { HowToPlayPage } from './pages/how-to-play/index.js';
import { LeaderboardPage } from './pages/leaderboard.js';
import { OpenGamesPage } from './pages/open-games.js';
import { ProfilePage } from './pages/profile.js';
import { ReplayPage } from './pages/replay.js';
import { SignInLinkPage } from './pages/sign-in-link.js';
import { InboxPage } from './pages/inbox.js';
import { LobbyPage } from './pages/lobby.js';
import { PlayNowPage } from './pages/play-now.js';
import { NotificationsPage } from './pages/notifications.js';
import { WebhooksPage } from './pages/webhooks.js';
import { followNotifications, notifications } from './notifications.js';
import './pwa.js';
import { route } from './router.js';
import { session } from './session.js';
import { Announcer } from './ui/announcer.js';
import './style.css';

const TITLES = {
  inbox: 'Your games',
  lobby: 'New game',
  play: 'Play now',
  account: 'Account',
  notifications: 'Notifications',
  webhooks: 'Webhooks',
  welcome: 'The games',
  'how-to-play': 'How to play',
  'open-games': 'Open games',
  leaderboard: 'Leaderboards',
  profile: 'Player',
  game: 'Game',
  replay: 'Replay',
  'sign-in-link': 'Sign in',
  missing: 'Not found',
} as const;

function App() {
  const current = route.use();
  const signedIn = session.use();
  const { unread } = notifications.use();
  useEffect(() => (signedIn ? followNotifications(signedIn.client) : undefined), [signedIn]);
  useEffect(() => {
    document.title = `${TITLES[current.page]} · Valeria Tabletop`;
  }, [current.page]);
  return (
    <>
      <header class="top">
        <a class="brand" href="/">
          Valeria Tabletop
        </a>
        <nav aria-label="Main">
          <a href="/" aria-current={current.page === 'inbox' ? 'page' : undefined}>
            Games
          </a>
          <a href="/play" aria-current={current.page === 'play' ? 'page' : undefined}>
            Play now
          </a>
          <a href="/lobby" aria-current={current.page === 'lobby' ? 'page' : undefined}>
            New game
          </a>
          <a href="/open-games" aria-current={current.page === 'open-games' ? 'page' : undefined}>
            Open games
          </a>
          <a href="/leaderboards" aria-current={current.page === 'leaderboard' ? 'page' : undefined}>
            Leaderboards
          </a>
          <a href="/welcome" aria-current={current.page === 'welcome' || current.page === 'how-to-play' ? 'page' : undefined}>
            How to play
          </a>
          <a href="/notifications" aria-current={current.page === 'notifications' ? 'page' : undefined}>
            Notifications{unread > 0 ? ` (${unread} new)` : ''}
          </a>
          <a href="/account" aria-current={current.page === 'account' ? 'page' : undefined}>
            Account
          </a>
          <a href="/docs">API</a>
        </nav>
      </header>
      <main id="main">
        {current.page === 'account' ? (
          <AccountPage />
        ) : current.page === 'sign-in-link' ? (
          <SignInLinkPage />
        ) : current.page === 'welcome' ? (
          <HomePage />
        ) : current.page === 'how-to-play' ? (
          <HowToPlayPage game={current.game} />
        ) : current.page === 'leaderboard' ? (
          <LeaderboardPage game={current.game} />
        ) : !signedIn ? (
          current.page === 'inbox' ? (
            <HomePage>
              <SignInPanel />
            </HomePage>
          ) : (
            <SignInPanel />
          )
        ) : current.page === 'inbox' ? (
          <InboxPage />
        ) : current.page === 'lobby' ? (
          <LobbyPage />
        ) : current.page === 'play' ? (
          <PlayNowPage />
        ) : current.page === 'notifications' ? (
          <NotificationsPage />
        ) : current.page === 'webhooks' ? (
          <WebhooksPage />
        ) : current.page === 'open-games' ? (
          <OpenGamesPage game={current.game} />
        ) : current.page === 'profile' ? (
          <ProfilePage key={current.playerId} playerId={current.playerId} />
        ) : current.page === 'game' ? (
          <GamePage key={current.gameId} gameId={current.gameId} />
        ) : current.page === 'replay' ? (
          <ReplayPage key={current.gameId} gameId={current.gameId} seq={current.seq} />
        ) : (
          <section>
            <h1>Not found</h1>
            <p>
              There is no such page. <a href="/">Back to your games</a>.
            </p>
          </section>
        )}
      </main>
      {signedIn && <Announcer />}
    </>
  );
}

render(<App />, document.getElementById('app') as HTMLElement);

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
import { startLanguage } from './i18n/document.js';
import { t, type MessageKey } from './i18n/i18n.js';
import { useLanguage } from './i18n/use.js';
import { followChosenLanguage } from './i18n/chosen.js';
import './style.css';

/** Each page's name, for the document's title. */
const TITLES = {
  inbox: 'page.inbox',
  lobby: 'page.lobby',
  play: 'page.play',
  account: 'page.account',
  notifications: 'page.notifications',
  webhooks: 'page.webhooks',
  welcome: 'page.welcome',
  'how-to-play': 'page.how-to-play',
  'open-games': 'page.open-games',
  leaderboard: 'page.leaderboard',
  profile: 'page.profile',
  game: 'page.game',
  replay: 'page.replay',
  'sign-in-link': 'page.sign-in-link',
  missing: 'page.missing',
} as const satisfies Record<string, MessageKey>;

function App() {
  const current = route.use();
  const signedIn = session.use();
  const { unread } = notifications.use();
  const shown = useLanguage();
  useEffect(() => (signedIn ? followNotifications(signedIn.client) : undefined), [signedIn]);
  useEffect(() => (signedIn ? followChosenLanguage(signedIn.client) : undefined), [signedIn]);
  useEffect(() => {
    document.title = t('app.titled', { page: t(TITLES[current.page]) });
  }, [current.page, shown]);
  return (
    <>
      <header class="top">
        <a class="brand" href="/">
          {t('app.name')}
        </a>
        <nav aria-label={t('nav.label')}>
          <a href="/" aria-current={current.page === 'inbox' ? 'page' : undefined}>
            {t('nav.games')}
          </a>
          <a href="/play" aria-current={current.page === 'play' ? 'page' : undefined}>
            {t('page.play')}
          </a>
          <a href="/lobby" aria-current={current.page === 'lobby' ? 'page' : undefined}>
            {t('page.lobby')}
          </a>
          <a href="/open-games" aria-current={current.page === 'open-games' ? 'page' : undefined}>
            {t('page.open-games')}
          </a>
          <a href="/leaderboards" aria-current={current.page === 'leaderboard' ? 'page' : undefined}>
            {t('page.leaderboard')}
          </a>
          <a href="/welcome" aria-current={current.page === 'welcome' || current.page === 'how-to-play' ? 'page' : undefined}>
            {t('page.how-to-play')}
          </a>
          <a href="/notifications" aria-current={current.page === 'notifications' ? 'page' : undefined}>
            {t('nav.notifications', { unread })}
          </a>
          <a href="/account" aria-current={current.page === 'account' ? 'page' : undefined}>
            {t('page.account')}
          </a>
          <a href="/docs">{t('nav.api')}</a>
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
            <h1>{t('page.missing')}</h1>
            <p>
              {t('missing.text')} <a href="/">{t('missing.back')}</a>
            </p>
          </section>
        )}
      </main>
      {signedIn && <Announcer />}
    </>
  );
}

// The page is drawn once its language's catalog is in.
void startLanguage().then(() => render(<App />, document.getElementById('app') as HTMLElement));

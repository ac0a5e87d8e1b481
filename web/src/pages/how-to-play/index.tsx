import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { GameTabs, gameOrFirst } from '../../ui/game-tabs.js';
import { gameTitle } from '../../ui/seats.js';
import { t } from '../../i18n/i18n.js';
import { tNodes } from '../../i18n/use.js';
import '../community.css';

/** Each game's rules in brief, loaded when its page opens (a few kilobytes of text each). */
const RULES: Record<string, () => Promise<{ default: ComponentType }>> = {
  'villages-of-valeria': () => import('./villages-of-valeria.js'),
  'valeria-card-kingdoms': () => import('./card-kingdoms.js'),
  'village-pillage': () => import('./village-pillage.js'),
};

/** The rules of record each summary is written from, beside this repository. */
const SOURCES: Record<string, string> = {
  'villages-of-valeria': 'shared/rules/villages-of-valeria.md',
  'valeria-card-kingdoms': 'shared/rules/valeria-card-kingdoms.md',
  'village-pillage': 'shared/rules/village-pillage.md',
};

/** How to play one game: setup, a turn, the end and scoring, and how the table plays it by the web, from its rules of record. */
export function HowToPlayPage({ game }: { game: string | null }) {
  const shown = gameOrFirst(game);
  const [Rules, setRules] = useState<{ game: string; Text: ComponentType } | null>(null);
  useEffect(() => {
    if (!shown) return;
    let live = true;
    void RULES[shown]?.().then((module) => live && setRules({ game: shown, Text: module.default }));
    return () => {
      live = false;
    };
  }, [shown]);
  if (!shown)
    return (
      <section>
        <h1>{t('howto.no-game')}</h1>
        <p>
          <a href="/welcome">{t('howto.see-games')}</a>
        </p>
      </section>
    );
  return (
    <section class="rules">
      <h1>{t('home.how-to-play', { game: gameTitle(shown) })}</h1>
      <GameTabs base="/how-to-play" current={shown} label={t('howto.each-game')} />
      {Rules?.game === shown ? <Rules.Text /> : <p aria-busy="true">{t('howto.loading')}</p>}
      <p class="source muted">{tNodes('howto.source', { source: <code>{SOURCES[shown]}</code> })}</p>
      <ul class="links">
        <li>
          <a href={`/open-games/${shown}`}>{t('howto.open-games', { game: gameTitle(shown) })}</a>
        </li>
        <li>
          <a href={`/leaderboards/${shown}`}>{t('home.leaderboard')}</a>
        </li>
        <li>
          <a href="/play">{t('page.play')}</a>
        </li>
      </ul>
    </section>
  );
}

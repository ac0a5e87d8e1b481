import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { GameTabs, gameOrFirst } from '../../ui/game-tabs.js';
import { gameTitle } from '../../ui/seats.js';
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
        <h1>No such game</h1>
        <p>
          <a href="/welcome">See the three games</a>.
        </p>
      </section>
    );
  return (
    <section class="rules">
      <h1>How to play {gameTitle(shown)}</h1>
      <GameTabs base="/how-to-play" current={shown} label="How to play each game" />
      {Rules?.game === shown ? <Rules.Text /> : <p aria-busy="true">Loading the rules…</p>}
      <p class="source muted">
        A summary of the rules of record, <code>{SOURCES[shown]}</code>, with this service's rulings (the ids in brackets) where the published rules are silent
        or unclear. The service plays by those rules in full: when in doubt, your legal moves at the table are the answer.
      </p>
      <ul class="links">
        <li>
          <a href={`/open-games/${shown}`}>Open games of {gameTitle(shown)}</a>
        </li>
        <li>
          <a href={`/leaderboards/${shown}`}>Leaderboard</a>
        </li>
        <li>
          <a href="/play">Play now</a>
        </li>
      </ul>
    </section>
  );
}

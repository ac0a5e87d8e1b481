import type { Commit } from '@valeria-tabletop/client';
import type { GameTable } from '../games/table.js';
import { describeKitEvent, isKitEvent } from '../ui/kit-events.js';
import { t } from '../i18n/i18n.js';

const SHOWN = 60;

/** What happened, newest first, in sentences. */
export function GameLog({ commits, names, table }: { commits: readonly Commit[]; names: readonly string[]; table: GameTable }) {
  // From the newest back, only as far as SHOWN entries: a long log (a replay's) costs no more to show than a short one.
  const entries: { seq: number; lines: string[] }[] = [];
  for (let at = commits.length - 1; at >= 0 && entries.length < SHOWN; at--) {
    const commit = commits[at]!;
    const lines = commit.events
      .map((event) => (isKitEvent(event) ? describeKitEvent(event, commit, names) : table.describeEvent(event, names)))
      .filter((line): line is string => !!line);
    if (lines.length > 0) entries.push({ seq: commit.seq, lines });
  }
  return (
    <section class="log" aria-label={t('log.title')}>
      <h2>{t('log.title')}</h2>
      {entries.length === 0 ? (
        <p class="muted">{t('log.nothing')}</p>
      ) : (
        <ol reversed tabIndex={0} aria-label={t('log.label')}>
          {entries.map((entry) => (
            <li key={entry.seq}>{entry.lines.join(' ')}</li>
          ))}
        </ol>
      )}
    </section>
  );
}

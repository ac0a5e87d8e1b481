import type { Commit } from '@valeria-tabletop/client';
import type { GameTable } from '../games/table.js';
import { describeKitEvent, isKitEvent } from '../ui/kit-events.js';

const SHOWN = 60;

/** What happened, newest first, in sentences. */
export function GameLog({ commits, names, table }: { commits: readonly Commit[]; names: readonly string[]; table: GameTable }) {
  const entries = commits
    .map((commit) => ({
      seq: commit.seq,
      lines: commit.events
        .map((event) => (isKitEvent(event) ? describeKitEvent(event, commit, names) : table.describeEvent(event, names)))
        .filter((line): line is string => !!line),
    }))
    .filter((entry) => entry.lines.length > 0)
    .slice(-SHOWN)
    .reverse();
  return (
    <section class="log" aria-label="What happened">
      <h2>What happened</h2>
      {entries.length === 0 ? (
        <p class="muted">Nothing yet.</p>
      ) : (
        <ol reversed tabIndex={0} aria-label="Log, newest first">
          {entries.map((entry) => (
            <li key={entry.seq}>{entry.lines.join(' ')}</li>
          ))}
        </ol>
      )}
    </section>
  );
}

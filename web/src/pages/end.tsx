import type { GameView, ValeriaClient } from '@valeria-tabletop/client';
import { useState } from 'preact/hooks';
import type { Seated } from '../games/table.js';
import type { Check } from '../verify/replay.js';
import { explain } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { SeatName } from '../ui/player-name.js';

/** The end: scores, the winner, and a replay of the whole log in this browser with the revealed seed. */
export function EndScreen({ view, names, seated, client }: { view: GameView; names: readonly string[]; seated: Seated; client: ValeriaClient }) {
  const sheet = view.state?.score;
  const [checks, setChecks] = useState<Check[] | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const winners = sheet?.winners.map((seat) => (seat === view.you ? 'You' : names[seat])) ?? [];
  return (
    <section class="end panel" aria-label="Result">
      <h2 id="result" tabIndex={-1}>
        {winners.length === 0 ? 'The game is over' : winners.length === 1 ? `${winners[0]} won!` : `${winners.join(' and ')} share the win!`}
      </h2>
      {sheet?.verdict && <p>{sheet.verdict}</p>}
      {sheet && (
        <table>
          <caption>Final scores</caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Score</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {sheet.scores.map((score, seat) => (
              <tr key={seat} class={sheet.winners.includes(seat) ? 'winner' : ''}>
                <th scope="row">
                  <SeatName seat={view.seats[seat]} you={seat === view.you} />
                </th>
                <td>{score}</td>
                <td>{seated.scoreDetail(seat) ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <a href={`/g/${view.gameId}/replay`}>Replay the game move by move</a>
      </p>
      <h3>Was it fair?</h3>
      <p>The seed behind every shuffle and roll was secret until now. Replay the whole game in this browser with the revealed seed and our own engine:</p>
      <button
        type="button"
        disabled={running}
        onClick={async () => {
          setRunning(true);
          setError(null);
          try {
            const { verifyGame } = await import('../verify/replay.js');
            setChecks(await verifyGame(client, view));
          } catch (failure) {
            setError(explain(failure));
          } finally {
            setRunning(false);
          }
        }}
      >
        {running ? 'Replaying…' : 'Verify this game'}
      </button>
      {checks && (
        <ul class="checks" aria-label="Verification">
          {checks.map((check) => (
            <li key={check.what} class={check.ok ? 'ok' : 'bad'}>
              {check.ok ? '✔' : '✘'} {check.what}
              {check.detail ? `: ${check.detail}` : ''}
            </li>
          ))}
        </ul>
      )}
      {checks && (
        <p role="status" data-testid="verdict">
          {checks.every((c) => c.ok) ? 'Verified: the replay matches the game.' : 'Verification FAILED.'}
        </p>
      )}
      <Alert message={error} />
    </section>
  );
}

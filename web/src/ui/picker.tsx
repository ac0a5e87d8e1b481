import { useState } from 'preact/hooks';
import type { Family, Move } from '../games/types.js';

/**
 * Chooses one move of a family step by step: each step offers the distinct
 * choices left among the listed moves; a choice that leaves exactly one move
 * is a button that sends it, named by the whole move.
 */
export function Picker({ family, busy, send }: { family: Family; busy: boolean; send(move: Move): void }) {
  const [picks, setPicks] = useState<string[]>([]);
  const candidates = family.moves.filter((move) => picks.every((pick, i) => family.parts[i]?.key(move) === pick));
  // Steps where every candidate agrees are no choice: skip them.
  let step = picks.length;
  let forced = [...picks];
  while (step < family.parts.length - 1 && new Set(candidates.map((m) => family.parts[step]?.key(m))).size === 1) {
    forced = [...forced, family.parts[step]?.key(candidates[0] as Move) ?? ''];
    step++;
  }
  const part = family.parts[step];
  if (!part) return null;
  const choices = new Map<string, Move[]>();
  for (const move of candidates) {
    const key = part.key(move);
    choices.set(key, [...(choices.get(key) ?? []), move]);
  }
  return (
    <fieldset class="family">
      <legend>{family.title}</legend>
      {(picks.length > 0 || family.parts.length > 1) && <p class="question">{part.question}</p>}
      <div class="choices">
        {[...choices.entries()].map(([key, moves]) => {
          const only = moves.length === 1 ? moves[0] : undefined;
          return only ? (
            <button key={key} type="button" data-move disabled={busy} onClick={() => send(only)}>
              {family.describe(only)}
            </button>
          ) : (
            <button key={key} type="button" data-step disabled={busy} onClick={() => setPicks([...forced, key])}>
              {part.label(moves[0] as Move)}…
            </button>
          );
        })}
        {picks.length > 0 && (
          <button type="button" class="secondary" onClick={() => setPicks([])}>
            Back
          </button>
        )}
      </div>
    </fieldset>
  );
}

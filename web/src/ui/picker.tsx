import { useState } from 'preact/hooks';
import { listOf, num, t } from '../i18n/i18n.js';
import { ChoiceRow } from './choice-row.js';
import type { Family, FollowUp, PaymentChoice } from './choices.js';

/**
 * Chooses one move of a family step by step: each step offers the distinct
 * choices left among the listed moves; a choice that leaves exactly one move
 * is a button that sends it, named by the whole move.
 */
export function Picker<M>({ family, busy, send }: { family: Family<M>; busy: boolean; send(moves: M[]): void }) {
  const [picks, setPicks] = useState<string[]>([]);
  const [batch, setBatch] = useState<{ move: M; then: FollowUp<M> } | null>(null);
  const [paying, setPaying] = useState<{ move: M; choice: PaymentChoice<M> } | null>(null);
  const [planning, setPlanning] = useState<{ move: M; next: readonly Family<M>[] } | null>(null);
  if (batch) return <Batch family={family} first={batch.move} then={batch.then} busy={busy} send={send} back={() => setBatch(null)} />;
  if (paying) return <Payment family={family} move={paying.move} choice={paying.choice} busy={busy} send={send} back={() => setPaying(null)} />;
  if (planning) return <Plan family={family} first={planning.move} next={planning.next} busy={busy} send={send} back={() => setPlanning(null)} />;
  const choose = (move: M) => {
    const then = family.then?.(move);
    const choice = family.payFor?.(move);
    const next = family.plan?.(move);
    if (then) setBatch({ move, then });
    else if (choice) setPaying({ move, choice });
    else if (next) setPlanning({ move, next });
    else send([move]);
  };
  const needsMore = (move: M) => !!(family.then?.(move) || family.payFor?.(move) || family.plan?.(move));
  const candidates = family.moves.filter((move) => picks.every((pick, i) => family.parts[i]?.key(move) === pick));
  // Steps where every candidate agrees are no choice: skip them.
  let step = picks.length;
  let forced = [...picks];
  while (step < family.parts.length - 1 && new Set(candidates.map((m) => family.parts[step]?.key(m))).size === 1) {
    forced = [...forced, family.parts[step]?.key(candidates[0] as M) ?? ''];
    step++;
  }
  const part = family.parts[step];
  if (!part) return null;
  const choices = new Map<string, M[]>();
  for (const move of candidates) {
    const key = part.key(move);
    choices.set(key, [...(choices.get(key) ?? []), move]);
  }
  return (
    <fieldset class="family">
      <legend>{family.title}</legend>
      {(picks.length > 0 || family.parts.length > 1) && <p class="question">{part.question}</p>}
      <ChoiceRow label={family.title}>
        {[...choices.entries()].map(([key, moves]) => {
          const only = moves.length === 1 ? moves[0] : undefined;
          return only ? (
            <button key={key} type="button" {...(needsMore(only) ? { 'data-step': true } : { 'data-move': true })} disabled={busy} onClick={() => choose(only)}>
              {family.describe(only)}
              {needsMore(only) ? '…' : ''}
            </button>
          ) : (
            <button key={key} type="button" data-step disabled={busy} onClick={() => setPicks([...forced, key])}>
              {part.label(moves[0] as M)}…
            </button>
          );
        })}
        {picks.length > 0 && <Back onClick={() => setPicks([])} />}
      </ChoiceRow>
    </fieldset>
  );
}

/** The cards chosen after a move (e.g. "Develop Farm, discarding Mill onto pile 2"), all sent as one batch. */
function Batch<M>({
  family,
  first,
  then,
  busy,
  send,
  back,
}: {
  family: Family<M>;
  first: M;
  then: FollowUp<M>;
  busy: boolean;
  send(moves: M[]): void;
  back(): void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [pile, setPile] = useState(0);
  const label = (id: string) => then.cards.find((c) => c.id === id)?.label ?? id;
  return (
    <fieldset class="family">
      <legend>{family.describe(first)}</legend>
      <p class="question">{then.question}</p>
      {then.piles > 0 && (
        <p>
          <label for="batch-pile">{t('picker.discard-onto')}</label>
          <select id="batch-pile" value={pile} onChange={(e) => setPile(Number(e.currentTarget.value))}>
            {Array.from({ length: then.piles }, (_, i) => (
              <option key={i} value={i}>
                {t('picker.pile', { pile: num(i + 1) })}
              </option>
            ))}
          </select>
        </p>
      )}
      {chosen.length > 0 && <p>{t('picker.discarding', { cards: listOf(chosen.map(label)) })}</p>}
      <ChoiceRow label={family.describe(first)}>
        {then.cards
          .filter((card) => !chosen.includes(card.id))
          .map((card) => {
            const picked = [...chosen, card.id];
            const last = picked.length === then.count;
            return last ? (
              <button
                key={card.id}
                type="button"
                data-move
                disabled={busy}
                onClick={() => send([first, ...picked.map((id) => then.make(id, then.piles > 0 ? pile : null))])}
              >
                {then.piles > 0
                  ? t('picker.batch-onto', { move: family.describe(first), cards: listOf(picked.map(label)), pile: num(pile + 1) })
                  : t('picker.batch', { move: family.describe(first), cards: listOf(picked.map(label)) })}
              </button>
            ) : (
              <button key={card.id} type="button" data-step disabled={busy} onClick={() => setChosen(picked)}>
                {t('picker.discard', { card: card.label })}
              </button>
            );
          })}
        <Back onClick={back} />
      </ChoiceRow>
    </fieldset>
  );
}

/** Pay as listed (automatically), or tick the sources that pay the cost. */
function Payment<M>({
  family,
  move,
  choice,
  busy,
  send,
  back,
}: {
  family: Family<M>;
  move: M;
  choice: PaymentChoice<M>;
  busy: boolean;
  send(moves: M[]): void;
  back(): void;
}) {
  const [ticked, setTicked] = useState<number[]>([]);
  return (
    <fieldset class="family">
      <legend>{family.describe(move)}</legend>
      <p class="question">{t('picker.cost', { cost: choice.cost })}</p>
      <ChoiceRow label={family.describe(move)}>
        <button type="button" data-move disabled={busy} onClick={() => send([move])}>
          {t('picker.pay-automatically', { move: family.describe(move) })}
        </button>
      </ChoiceRow>
      <fieldset class="sources">
        <legend>{t('picker.pay-with')}</legend>
        {choice.sources.map((source, i) => (
          <label key={i} class="check">
            <input
              type="checkbox"
              checked={ticked.includes(i)}
              onChange={(e) => setTicked(e.currentTarget.checked ? [...ticked, i] : ticked.filter((t) => t !== i))}
            />
            {source.label}
          </label>
        ))}
        <button type="button" disabled={busy || ticked.length === 0} onClick={() => send([choice.make(ticked)])}>
          {t('picker.pay-chosen', { move: family.describe(move) })}
        </button>
      </fieldset>
      <Back onClick={back} />
    </fieldset>
  );
}

/** A first move and what may follow it in the same batch (a turn's second action): both are sent at once. */
function Plan<M>({
  family,
  first,
  next,
  busy,
  send,
  back,
}: {
  family: Family<M>;
  first: M;
  next: readonly Family<M>[];
  busy: boolean;
  send(moves: M[]): void;
  back(): void;
}) {
  const firstly = family.describe(first);
  return (
    <fieldset class="family">
      <legend>{t('picker.then', { move: firstly })}</legend>
      <p class="question">{t('picker.second-action')}</p>
      {next.map((then) => (
        <Picker
          key={then.title}
          family={{ ...then, describe: (move) => t('picker.and-then', { move: firstly, next: then.describe(move) }) }}
          busy={busy}
          send={(moves) => send([first, ...moves])}
        />
      ))}
      <ChoiceRow label={t('picker.then', { move: firstly })}>
        <button type="button" data-move disabled={busy} onClick={() => send([first])}>
          {t('picker.now', { move: firstly })}
        </button>
        <Back onClick={back} />
      </ChoiceRow>
    </fieldset>
  );
}

const Back = ({ onClick }: { onClick(): void }) => (
  <button type="button" class="secondary" data-back onClick={onClick}>
    {t('picker.back')}
  </button>
);

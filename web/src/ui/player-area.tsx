import type { ComponentChildren } from 'preact';
import { isolate, t } from '../i18n/i18n.js';

/** One player's area of the table, headed by who it is and whether their move is awaited. */
export function PlayerArea(props: {
  seat: number;
  you: number | null;
  names: readonly string[];
  awaiting: readonly number[];
  /** Whose place it is, named by the game: a village or a kingdom. */
  place: 'village' | 'kingdom';
  /** More about the seat for its heading, e.g. " — active player". */
  note?: string;
  children: ComponentChildren;
}) {
  const { seat, you, names, awaiting, place, note = '', children } = props;
  const mine = seat === you;
  return (
    <section
      class={awaiting.includes(seat) ? 'player awaited' : 'player'}
      aria-label={mine ? t('area.yours', { place }) : t('area.theirs', { name: isolate(names[seat] ?? ''), place })}
    >
      <h2>
        {mine ? t('area.you-named', { name: isolate(names[seat] ?? '') }) : <bdi>{names[seat]}</bdi>}
        {note}
        {awaiting.includes(seat) ? t('area.to-move') : ''}
      </h2>
      {children}
    </section>
  );
}

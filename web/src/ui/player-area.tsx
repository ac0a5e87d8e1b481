import type { ComponentChildren } from 'preact';

/** One player's area of the table, headed by who it is and whether their move is awaited. */
export function PlayerArea(props: {
  seat: number;
  you: number | null;
  names: readonly string[];
  awaiting: readonly number[];
  /** "village", "kingdom". */
  place: string;
  /** More about the seat for its heading, e.g. " — active player". */
  note?: string;
  children: ComponentChildren;
}) {
  const { seat, you, names, awaiting, place, note = '', children } = props;
  const mine = seat === you;
  return (
    <section class={awaiting.includes(seat) ? 'player awaited' : 'player'} aria-label={mine ? `Your ${place}` : `${names[seat]}'s ${place}`}>
      <h2>
        {mine ? `You (${names[seat]})` : names[seat]}
        {note}
        {awaiting.includes(seat) ? ' — to move' : ''}
      </h2>
      {children}
    </section>
  );
}
